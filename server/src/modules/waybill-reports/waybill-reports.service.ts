import type { Writable } from 'node:stream';
import { type AwbRef, goodsItem } from '@aircargo/contract/air-waybills';
import type { UploadReport } from '@aircargo/contract/flights';
import { issueMessage, renderMessage } from '@aircargo/contract/messages';
import { toQueryString } from '@aircargo/contract/query-string';
import {
  CASS_TITLE,
  type CassReportQuery,
  GOODS_UPLOAD_COLUMNS,
  GOODS_UPLOAD_MAX_ROWS,
  type GoodsItemsList,
  type SendReportBody,
  type SendReportResult,
  type XlsxReportQuery,
} from '@aircargo/contract/waybill-reports';
import type { AuthContext } from '../../platform/auth';
import { writeChangeLogs } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { message, notFound, validation } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { inTransaction } from '../../platform/transactions';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';
import { readSheet } from '../capacities/capacities.xlsx';
import { ShipmentsService } from '../shipments/shipments.service';
import * as repo from './waybill-reports.repository';
import { CASS_COLUMNS, LIST_COLUMNS, streamWorkbook } from './waybill-reports.xlsx';

/**
 * Waybill reports and the goods items upload (issue 13 items 4 and 5; decision 028). The reports read the list's filter
 * through the shipments service (its keyset walk, `reportRows`) under the caller's visibility, chunk by chunk, and
 * write the workbook as a stream: no report is held in memory whole.
 */

const shipmentNotFound = () => notFound(message('shipmentNotFound'));

const presentGoodsItem = (g: repo.GoodsItemRow) => ({
  id: g.id,
  description: g.description,
  hs_code: g.hs_code,
  marks: g.marks,
  packing: g.packing,
  pieces: g.pieces,
  weight: g.weight === null ? null : Number(g.weight),
});

/** A cell of the upload as the goods item schema reads it: text for the text columns, numbers for the figures. */
function goodsCandidate(values: Record<string, string | number | null>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const column of GOODS_UPLOAD_COLUMNS) {
    const value = values[column] ?? null;
    if (value === null) continue;
    if (column === 'pieces' || column === 'weight') {
      const t = String(value).trim();
      fields[column] = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
    } else fields[column] = String(value).trim();
  }
  return fields;
}

export class WaybillReportsService {
  private readonly shipments: ShipmentsService;

  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
  ) {
    this.shipments = new ShipmentsService(db);
  }

  /** The XLSX report of the list's filter, written into `out`; answers the number of rows. */
  xlsx(auth: AuthContext, query: XlsxReportQuery, out: Writable): Promise<number> {
    return streamWorkbook(out, 'air_waybills', LIST_COLUMNS, this.shipments.reportRows(auth, query));
  }

  /** The CASS billing listing of the waybills issued in the range (the filter's rows with their charges). */
  cass(auth: AuthContext, query: CassReportQuery, out: Writable): Promise<number> {
    const visible = visibleWaybillsWhere(auth);
    const rows = this.shipments.reportRows(auth, { ...query, date_type: 'issue' });
    const db = this.db;
    async function* figures() {
      for await (const chunk of rows) {
        yield await repo.cassFigures(
          db,
          visible,
          chunk.map((r) => r.id),
        );
      }
    }
    return streamWorkbook(out, 'cass', CASS_COLUMNS, figures(), CASS_TITLE);
  }

  /**
   * Mails each recipient where to download the report of the filter (the mail seam's log transport carries no
   * attachments; the link opens the report for a signed-in user who may see the rows). One message per recipient,
   * queued in one transaction.
   */
  async send(auth: AuthContext, body: SendReportBody): Promise<SendReportResult> {
    const { kind, emails, ...filters } = body;
    const path = `/api/v3/air_waybills/reports/${kind}?${toQueryString(filters)}`;
    const title = kind === 'cass' ? CASS_TITLE : 'Air waybills XLSX report';
    const range = `${filters.date_from} - ${filters.date_to}`;
    const recipients = [...new Set(emails.map((e) => e.toLowerCase()))];
    await inTransaction(this.db, async (tx) => {
      for (const to of recipients) {
        await enqueueMail(tx, {
          to,
          subject: `${title}, ${range}`,
          text: `${title} (${range}) is ready to download, signed in to the platform: ${this.appUrl}${path}\nRequested by user ${auth.userId}.`,
        });
      }
    });
    return { queued: recipients.length, download_path: path };
  }

  async goodsItems(auth: AuthContext, ref: AwbRef): Promise<GoodsItemsList> {
    const waybill = await repo.findWaybill(this.db, visibleWaybillsWhere(auth), ref);
    if (!waybill) throw shipmentNotFound();
    return { data: (await repo.goodsItemsOf(this.db, waybill.id)).map(presentGoodsItem) };
  }

  /** The waybill the caller sees (404 else): the template route checks it before answering. */
  async ensureWaybill(auth: AuthContext, ref: AwbRef): Promise<void> {
    if (!(await repo.findWaybill(this.db, visibleWaybillsWhere(auth), ref))) throw shipmentNotFound();
  }

  /**
   * Replaces the waybill's goods items with the rows of an uploaded workbook. Every row is checked with the goods item
   * rules of the waybill form; when any row is refused nothing is written and the report names each refused row with
   * its reasons (a goods list half replaced would misdeclare the shipment). Else the items are replaced in one
   * transaction with the waybill row locked, and the change log records the list before and after.
   */
  async uploadGoods(auth: AuthContext, ref: AwbRef, file: Buffer): Promise<UploadReport> {
    const visible = visibleWaybillsWhere(auth);
    if (!(await repo.findWaybill(this.db, visible, ref))) throw shipmentNotFound();
    const rows = await readSheet(file, GOODS_UPLOAD_COLUMNS, GOODS_UPLOAD_COLUMNS.slice(1));
    if (rows.length > GOODS_UPLOAD_MAX_ROWS) {
      const text = message('goodsUploadTooManyRows', { max: GOODS_UPLOAD_MAX_ROWS });
      throw validation({ file: [text] }, text);
    }
    const report: UploadReport = { created: 0, updated: 0, failed: 0, rows: [] };
    const items: repo.GoodsItemInsert[] = [];
    for (const { row, values } of rows) {
      const fields = goodsCandidate(values);
      const parsed = goodsItem.safeParse(fields);
      if (!parsed.success) {
        report.failed += 1;
        report.rows.push({
          row,
          status: 'failed',
          errors: parsed.error.issues.map((issue) => {
            const field = String(issue.path[0] ?? 'row');
            return `${field}: ${renderMessage(issueMessage({ ...issue, input: fields[field] }))}`;
          }),
        });
        continue;
      }
      const g = parsed.data;
      items.push({
        position: items.length,
        description: g.description ?? null,
        hs_code: g.hs_code ?? null,
        marks: g.marks ?? null,
        packing: g.packing ?? null,
        pieces: g.pieces ?? null,
        weight: g.weight === null || g.weight === undefined ? null : g.weight.toFixed(3),
      });
      report.rows.push({ row, status: 'created', errors: [] });
    }
    if (report.failed > 0) {
      // Nothing is written: the rows that passed are reported as unchanged.
      report.rows = report.rows.map((r) => (r.status === 'created' ? { ...r, status: 'unchanged' } : r));
      return report;
    }
    await inTransaction(this.db, async (tx) => {
      const waybill = await repo.findWaybill(tx, visible, ref, true);
      if (!waybill) throw shipmentNotFound();
      const before = (await repo.goodsItemsOf(tx, waybill.id)).map(presentGoodsItem).map(({ id: _, ...g }) => g);
      await repo.replaceGoodsItems(tx, waybill.id, items);
      const after = (await repo.goodsItemsOf(tx, waybill.id)).map(presentGoodsItem).map(({ id: _, ...g }) => g);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: waybill.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: { goods_items: [before, after] },
        },
      ]);
    });
    report.created = items.length;
    return report;
  }
}
