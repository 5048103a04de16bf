/**
 * One-sheet tables as XLSX through exceljs (the stack's spreadsheet library, as capacities and stocks use): writing
 * numbers as numbers and the rest as text; reading the first sheet's cells as text with a flag for numeric cells, so a
 * decimal never passes through a float the caller did not ask for. Formulas are read by their cached result, rich text
 * by its text, date cells as YYYY-MM-DD; styles are ignored.
 */
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

/** Thrown for a file that is not a readable workbook. */
export class XlsxError extends Error {}

/** A workbook of one sheet: the header row, then the rows. Numbers are written as numbers, the rest as text. */
export async function writeXlsx(sheetName: string, rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'aircargo';
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((value) => (value === '' ? null : value)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell's value as text and whether it was a number. */
function textOf(value: ExcelJS.CellValue): { text: string | null; numeric: boolean } {
  if (value === null || value === undefined) return { text: null, numeric: false };
  if (typeof value === 'number') return { text: String(value), numeric: true };
  if (typeof value === 'string') return { text: value, numeric: false };
  if (typeof value === 'boolean') return { text: String(value), numeric: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), numeric: false };
  if (typeof value === 'object') {
    if ('result' in value) return textOf(value.result as ExcelJS.CellValue);
    if ('richText' in value) return { text: value.richText.map((part) => part.text).join(''), numeric: false };
    if ('text' in value) return textOf(value.text as ExcelJS.CellValue);
  }
  return { text: null, numeric: false };
}

/**
 * The rows of the first sheet, each a list of cells by column (missing cells are null). Numbers come as their decimal
 * text (see `plainDecimal` for exponent forms), with `numeric` set; strings as they are.
 */
export async function readXlsx(file: Buffer): Promise<{ rows: (string | null)[][]; numeric: boolean[][] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new XlsxError((error as Error).message);
  }
  const sheet = workbook.worksheets[0];
  const rows: (string | null)[][] = [];
  const numeric: boolean[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: (string | null)[] = [];
    const kinds: boolean[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const { text, numeric: isNumber } = textOf(cell.value);
      while (cells.length < column - 1) {
        cells.push(null);
        kinds.push(false);
      }
      cells[column - 1] = text;
      kinds[column - 1] = isNumber && text !== null;
    });
    rows[rowNumber - 1] = cells;
    numeric[rowNumber - 1] = kinds;
  });
  for (let i = 0; i < rows.length; i++) {
    rows[i] ??= [];
    numeric[i] ??= [];
  }
  return { rows, numeric };
}

/** A number cell's text as plain decimal text (Excel writes 1.5E-2 for 0.015): up to 12 decimals. */
export function plainDecimal(text: string): string {
  if (!/e/i.test(text)) return text;
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return n.toFixed(12).replace(/\.?0+$/, '');
}

/** An Excel date serial (days since 1899-12-30) as YYYY-MM-DD. */
export function dateFromSerial(serial: number): string {
  return new Date(Math.round((serial - 25_569) * 86_400_000)).toISOString().slice(0, 10);
}
