import { CHANGE_CHANNELS } from '@aircargo/contract/flights';
import { sql } from 'drizzle-orm';
import { changeLogs } from '../db/schema';
import type { Db } from './db';

/**
 * The change log of seed 001 section 3: every change to a record (segment, flight, later booking, air waybill, tariff)
 * is written as one row in the transaction that made it: record type and id, the channel it came through, the user (null
 * for the system and for telegrams without a sender), and per field the value before and after.
 */

export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];
export const changeChannels: readonly ChangeChannel[] = CHANGE_CHANNELS;

/** Per field: [before, after]. */
export type ChangeSet = Record<string, [unknown, unknown]>;

export interface ChangeLogRow {
  record_type: string;
  record_id: number;
  channel: ChangeChannel;
  user_id: number | null;
  change_set: ChangeSet;
}

/** Rows per INSERT (the values travel as one array parameter per column, so the statement size does not grow). */
const CHUNK = 5000;

/** A PostgreSQL array literal of text values (NULL for null). */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Writes change log rows with one INSERT ... SELECT FROM unnest per 5,000 rows in the caller's transaction; rows whose
 * change set is empty are skipped. Returns the number written.
 */
export async function writeChangeLogs(tx: Db, rows: readonly ChangeLogRow[]): Promise<number> {
  const kept = rows.filter((r) => Object.keys(r.change_set).length > 0);
  for (let i = 0; i < kept.length; i += CHUNK) {
    const part = kept.slice(i, i + CHUNK);
    await tx.execute(
      sql`insert into ${changeLogs} (record_type, record_id, channel, user_id, change_set)
          select * from unnest(${arrayLiteral(part.map((r) => r.record_type))}::text[],
            ${arrayLiteral(part.map((r) => r.record_id))}::bigint[], ${arrayLiteral(part.map((r) => r.channel))}::text[],
            ${arrayLiteral(part.map((r) => r.user_id))}::int[],
            ${arrayLiteral(part.map((r) => JSON.stringify(r.change_set)))}::jsonb[])`,
    );
  }
  return kept.length;
}

/** The fields whose values differ between two versions of a record, as a change set (values compared as JSON). */
export function changeSetOf<T extends Record<string, unknown>>(
  before: T | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): ChangeSet {
  const out: ChangeSet = {};
  for (const f of fields) {
    if (!(f in after)) continue;
    const a = before ? (before[f] ?? null) : null;
    const b = after[f] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[f] = [a, b];
  }
  return out;
}
