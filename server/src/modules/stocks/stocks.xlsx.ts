import type { StockRange } from '@aircargo/contract/stocks';
import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS } from './stocks.presenter';

/** The ranges export as an XLSX workbook: a header row and one row per range. */
export async function rangesXlsx(ranges: StockRange[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'aircargo';
  const sheet = workbook.addWorksheet('stocks');
  sheet.columns = EXPORT_COLUMNS.map((header) => ({ header, key: header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of ranges) sheet.addRow(EXPORT_COLUMNS.map((c) => r[c]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
