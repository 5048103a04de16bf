import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { WaybillListRow } from '@aircargo/contract/air-waybill-lists';
import { GOODS_UPLOAD_COLUMNS } from '@aircargo/contract/waybill-reports';
import ExcelJS from 'exceljs';
import { templateWorkbook } from '../capacities/capacities.xlsx';
import type { CassFigures } from './waybill-reports.repository';

/** A report column: its header, width and the cell of a row. */
export interface ReportColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const day = (v: string | null): string | null => (v === null ? null : v.slice(0, 10));
const yes = (v: boolean) => (v ? 'yes' : 'no');

/** The list's columns (seed 001 section 3 "List columns"), as the XLSX report shows them. */
export const LIST_COLUMNS: ReportColumn<WaybillListRow>[] = [
  { header: 'AWB', width: 15, value: (r) => r.mawb },
  { header: 'Date', width: 12, value: (r) => day(r.date) },
  { header: 'Status', width: 11, value: (r) => r.status },
  { header: 'Origin', width: 8, value: (r) => r.origin },
  { header: 'Destination', width: 12, value: (r) => r.destination },
  { header: 'Carrier', width: 8, value: (r) => r.carrier },
  { header: 'Forwarder', width: 24, value: (r) => r.forwarder.name },
  { header: 'Pieces', width: 8, value: (r) => r.pieces },
  { header: 'Weight', width: 10, value: (r) => r.weight },
  { header: 'Volume', width: 10, value: (r) => r.volume },
  { header: 'Chargeable weight', width: 12, value: (r) => r.chargeable_weight },
  { header: 'Product', width: 10, value: (r) => r.product },
  { header: 'SHC', width: 10, value: (r) => r.shcs.join(' ') },
  { header: 'Commodity', width: 24, value: (r) => r.commodity },
  { header: 'Postal', width: 7, value: (r) => yes(r.postal) },
  { header: 'Postal number', width: 14, value: (r) => r.postal_number },
  { header: 'Booking status', width: 9, value: (r) => r.booking_status },
  { header: 'Booked', width: 7, value: (r) => yes(r.flags.booked) },
  { header: 'Issued', width: 7, value: (r) => yes(r.flags.issued) },
  { header: 'Departed', width: 8, value: (r) => yes(r.flags.departed) },
  { header: 'Delivered', width: 9, value: (r) => yes(r.flags.delivered) },
  { header: 'Verified', width: 8, value: (r) => yes(r.flags.verified) },
  { header: 'Billed', width: 7, value: (r) => yes(r.flags.billed) },
  { header: 'Warning', width: 8, value: (r) => yes(r.flags.warning) },
  { header: 'Voided', width: 7, value: (r) => yes(r.flags.voided) },
  { header: 'Void payment', width: 12, value: (r) => r.void_payment },
  { header: 'Reason', width: 24, value: (r) => r.reason },
  { header: 'Payment', width: 9, value: (r) => r.payment },
  { header: 'Flight date', width: 11, value: (r) => r.flight_date },
  { header: 'Issued at', width: 11, value: (r) => day(r.issued_at) },
  { header: 'Departed at', width: 11, value: (r) => day(r.departed_at) },
  { header: 'Billing date', width: 11, value: (r) => r.billing_date },
];

/** The CASS billing listing's columns (decision 028: not the IATA CASS file format). */
export const CASS_COLUMNS: ReportColumn<CassFigures>[] = [
  { header: 'AWB', width: 15, value: (r) => r.mawb },
  { header: 'Issue date', width: 11, value: (r) => r.issue_date ?? r.issued_at?.toISOString().slice(0, 10) ?? null },
  { header: 'Agent IATA code', width: 14, value: (r) => r.agent_iata_code },
  { header: 'Origin', width: 8, value: (r) => r.origin },
  { header: 'Destination', width: 12, value: (r) => r.destination },
  { header: 'Currency', width: 9, value: (r) => r.currency },
  { header: 'Payment', width: 9, value: (r) => r.payment },
  { header: 'Weight charge', width: 13, value: (r) => num(r.weight_charge) },
  { header: 'Valuation charge', width: 13, value: (r) => num(r.valuation) },
  { header: 'Other charges due agent', width: 16, value: (r) => num(r.due_agent) },
  { header: 'Other charges due carrier', width: 16, value: (r) => num(r.due_carrier) },
  { header: 'Total prepaid', width: 13, value: (r) => num(r.prepaid_total) },
  { header: 'Total collect', width: 13, value: (r) => num(r.collect_total) },
  { header: 'Commission basis', width: 14, value: (r) => num(r.weight_charge) },
];

/**
 * Writes a workbook of one sheet into `out` as the rows come: the exceljs streaming writer commits each row to the ZIP
 * stream, and after each chunk the walk waits while `out` is full (the HTTP reply drains it), so memory stays at about
 * one chunk whatever the number of rows. `title` goes above the header row when given. Answers the rows written.
 */
export async function streamWorkbook<T>(
  out: Writable,
  sheetName: string,
  columns: readonly ReportColumn<T>[],
  chunks: AsyncIterable<readonly T[]>,
  title?: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'aircargo';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ width: c.width }));
  if (title) {
    const row = sheet.addRow([title]);
    row.font = { bold: true };
    row.commit();
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const chunk of chunks) {
    for (const item of chunk) sheet.addRow(columns.map((c) => c.value(item))).commit();
    count += chunk.length;
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** The goods items template: the upload columns and an example row. */
export function goodsTemplate(): Promise<Buffer> {
  return templateWorkbook('goods_items', GOODS_UPLOAD_COLUMNS, [
    'Spare parts for pumps',
    '841391',
    'ABC 1-10',
    'Wooden boxes',
    10,
    250.5,
  ]);
}
