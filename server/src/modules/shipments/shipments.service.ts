import type { WaybillListPage, WaybillListQuery, WaybillListRow } from '@aircargo/contract/air-waybill-lists';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { validation } from '../../platform/errors';
import { INVALID_CURSOR } from '../../platform/pagination';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';
import { presentListRow } from './shipments.presenter';
import * as repo from './shipments.repository';

/**
 * The air-waybill lists (issue 12 item 7): `/air-waybills` and `/shipments` read the waybills the caller may see
 * (air-waybills.policy), the platform's staging list `/agent/air-waybills` reads every company's. Keyset paged: the
 * cursors the list hands out carry the page number they lead to in front of the keyset position (`<page>.<position>`),
 * so that the meta also gives the seed's page fields.
 */

/** Splits a list cursor into the page it leads to and the keyset position. */
function readCursor(cursor: string | undefined): { page: number; position: string | undefined } {
  if (cursor === undefined) return { page: 1, position: undefined };
  const match = /^(\d{1,7})\.([A-Za-z0-9_-]+)$/.exec(cursor);
  if (!match || Number(match[1]) < 1) throw validation({ cursor: [INVALID_CURSOR] }, INVALID_CURSOR);
  return { page: Number(match[1]), position: match[2] };
}

export class ShipmentsService {
  constructor(private readonly db: Db) {}

  list(auth: AuthContext, query: WaybillListQuery): Promise<WaybillListPage> {
    return this.page(visibleWaybillsWhere(auth), query);
  }

  /**
   * Every row of a filter the caller may see (no paging), `chunk` rows at a time in id order: what the reports
   * stream. The walk is a keyset on the id, so memory stays at one chunk whatever the total.
   */
  async *reportRows(
    auth: AuthContext,
    filter: repo.WaybillListFilter,
    chunk = 1_000,
  ): AsyncGenerator<WaybillListRow[]> {
    const visible = visibleWaybillsWhere(auth);
    let afterId = 0;
    for (;;) {
      const rows = await repo.reportChunk(this.db, visible, filter, afterId, chunk);
      if (rows.length === 0) return;
      const linked = await repo.bookingsOfNumbers(
        this.db,
        rows.map((r) => r.mawb),
      );
      const byWaybill = new Map<string, repo.WaybillBookingRow[]>();
      for (const b of linked) {
        const key = `${b.mawb}|${b.forwarder_id}`;
        byWaybill.set(key, [...(byWaybill.get(key) ?? []), b]);
      }
      yield rows.map((w) => presentListRow(w, byWaybill.get(`${w.mawb}|${w.forwarder_id}`) ?? []));
      if (rows.length < chunk) return;
      afterId = rows.at(-1)?.id ?? afterId;
    }
  }

  /** The staging list: every company's waybills (the route lets only the platform in). */
  agentList(query: WaybillListQuery): Promise<WaybillListPage> {
    return this.page(sql`true`, query);
  }

  private async page(visible: SQL, query: WaybillListQuery): Promise<WaybillListPage> {
    const { page, position } = readCursor(query.cursor);
    const found = await repo.listWaybills(this.db, visible, query, position);
    const linked = await repo.bookingsOfNumbers(
      this.db,
      found.rows.map((r) => r.mawb),
    );
    const meta = found.meta;
    const totalPages = Math.max(1, Math.ceil(meta.total_count / query.per_page));
    const nextPage = meta.next_cursor === null ? null : page + 1;
    const prevPage = meta.prev_cursor === null || page <= 1 ? null : page - 1;
    return {
      data: found.rows.map((w) =>
        presentListRow(
          w,
          linked.filter((b) => b.mawb === w.mawb && b.forwarder_id === w.forwarder_id),
        ),
      ),
      meta: {
        ...meta,
        next_cursor: nextPage === null ? null : `${nextPage}.${meta.next_cursor}`,
        prev_cursor: meta.prev_cursor === null ? null : `${Math.max(1, page - 1)}.${meta.prev_cursor}`,
        current_page: page,
        next_page: nextPage,
        prev_page: prevPage,
        total_pages: Math.max(totalPages, nextPage ?? page),
      },
    };
  }
}
