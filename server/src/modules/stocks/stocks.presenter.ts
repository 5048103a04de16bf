import type { AwbPrefixRecord, StockRange } from '@aircargo/contract/stocks';
import { LOW_STOCK_SHARE } from '@aircargo/contract/stocks';
import { formatAwb } from '@aircargo/domain/awb';
import type { PrefixRow, RangeRow } from './stocks.repository';

export const blankOf = (serial: number): string => String(serial).padStart(7, '0');

/** Low stock: free numbers at or below LOW_STOCK_SHARE (10 %) of the range's quantity (no airline setting holds one). */
export function isLowStock(free: number, quantity: number): boolean {
  return free <= quantity * LOW_STOCK_SHARE;
}

export function presentRange(r: RangeRow): StockRange {
  const quantity = r.last_serial - r.first_serial + 1;
  const free = Number(r.free_count);
  return {
    id: r.id,
    airline_id: r.airline_id,
    airline_short_name: r.airline_short_name,
    prefix: r.prefix,
    first_blank: blankOf(r.first_serial),
    last_blank: blankOf(r.last_serial),
    first_number: formatAwb(r.prefix, r.first_serial),
    last_number: formatAwb(r.prefix, r.last_serial),
    quantity,
    free_count: free,
    allocated_count: Number(r.allocated_count),
    used_count: Number(r.used_count),
    voided_count: Number(r.voided_count),
    free: free > 0,
    bso: r.bso,
    low_stock: isLowStock(free, quantity),
    forwarder_id: r.holder_company_id,
    forwarder_short_name: r.forwarder_short_name,
    location: r.location,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function presentPrefix(p: PrefixRow): AwbPrefixRecord {
  return {
    id: p.id,
    airline_id: p.airline_id,
    airline_short_name: p.airline_short_name,
    prefix: p.prefix,
    description: p.description,
    active: p.active,
    ranges_count: Number(p.ranges_count),
    free_count: Number(p.free_count),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** Columns of the ranges export (CSV and XLSX). */
export const EXPORT_COLUMNS = [
  'prefix',
  'first_number',
  'last_number',
  'first_blank',
  'last_blank',
  'quantity',
  'free_count',
  'allocated_count',
  'used_count',
  'voided_count',
  'low_stock',
  'bso',
  'airline_short_name',
  'forwarder_short_name',
  'location',
  'created_at',
] as const satisfies readonly (keyof StockRange)[];

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote every cell that needs it; a leading formula character is neutralised for spreadsheet programs.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function rangesCsv(ranges: StockRange[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const r of ranges) lines.push(EXPORT_COLUMNS.map((c) => csvCell(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
