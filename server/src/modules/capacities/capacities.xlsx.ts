import {
  CAPACITY_UPLOAD_COLUMNS,
  CAPACITY_UPLOAD_MAX_BYTES,
  CAPACITY_UPLOAD_MAX_ROWS,
  type CapacityUploadKind,
} from '@aircargo/contract/flights';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { message, validation } from '../../platform/errors';
import { uploadedFile as platformUpload } from '../../platform/uploads';

/** The bytes of the multipart field `file`, within the capacity upload limit. */
export function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  return platformUpload(request, CAPACITY_UPLOAD_MAX_BYTES);
}

/** One example row per kind: the template shows the format of each column. */
const EXAMPLES: Record<CapacityUploadKind, (string | number)[]> = {
  segment_payloads: ['SVO', 'ALA', '321', 'summer', 18500, 'VP-BAA VP-BAB'],
  pax_od_averages: ['SVO', 'ALA', '321', 142],
  baggage_stats: ['SVO', 'ALA', '2026-06-01', 142, 130, 2130.5],
};

/** The template of a kind: a workbook with the header row and one example row. */
export function buildTemplate(kind: CapacityUploadKind): Promise<Buffer> {
  return templateWorkbook(kind, CAPACITY_UPLOAD_COLUMNS[kind], EXAMPLES[kind]);
}

/** A template workbook: a sheet with the bold header row `columns` and the example row. */
export async function templateWorkbook(
  name: string,
  columns: readonly string[],
  example: readonly (string | number | boolean)[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'aircargo';
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((header) => ({ header, key: header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([...example]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A data row of an upload: its number in the sheet (the header is row 1) and its values by column name. */
export interface UploadRow {
  row: number;
  values: Record<string, string | number | null>;
}

const notXlsx = () => validation({ file: [message('uploadNotXlsx')] }, message('uploadNotXlsx'));

/** A cell's value as plain text or number: formulas give their result, rich text its text, dates `YYYY-MM-DD`. */
function plain(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    if ('richText' in value) return plain(value.richText.map((part) => part.text).join(''));
    if ('text' in value) return plain(value.text as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return null;
}

/**
 * Reads the first worksheet of an XLSX file: the header row names the columns (any order, case-insensitive, extra
 * columns ignored); fully empty rows are skipped. Refuses (422) what is not an XLSX workbook, a header row without
 * the kind's columns and more rows than an upload may hold.
 */
export function readUpload(file: Buffer, kind: CapacityUploadKind): Promise<UploadRow[]> {
  return readSheet(file, CAPACITY_UPLOAD_COLUMNS[kind], ['reg_numbers']);
}

/**
 * Reads the first worksheet of an XLSX upload with the columns `wanted` (those in `optional` may be absent): the rules
 * of `readUpload`, for any upload (allotments read theirs with it too).
 */
export async function readSheet(
  file: Buffer,
  wanted: readonly string[],
  optional: readonly string[] = [],
): Promise<UploadRow[]> {
  // An XLSX file is a ZIP archive: it starts with the local file header signature PK\x03\x04.
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notXlsx();
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = String(plain(cell.value) ?? '')
      .trim()
      .toLowerCase();
    if (wanted.includes(name) && !positions.has(name)) positions.set(name, col);
  });
  const missing = wanted.filter((c) => !positions.has(c) && !optional.includes(c));
  if (missing.length > 0) {
    const text = message('uploadMissingColumns', { columns: missing.join(', ') });
    throw validation({ file: [text] }, text);
  }
  const rows: UploadRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: UploadRow['values'] = {};
    let empty = true;
    for (const column of wanted) {
      const at = positions.get(column);
      const value = at === undefined ? null : plain(row.getCell(at).value);
      if (value !== null) empty = false;
      values[column] = value;
    }
    if (empty) continue;
    rows.push({ row: r, values });
    if (rows.length > CAPACITY_UPLOAD_MAX_ROWS) {
      const text = message('uploadTooManyRows', { max: CAPACITY_UPLOAD_MAX_ROWS });
      throw validation({ file: [text] }, text);
    }
  }
  return rows;
}
