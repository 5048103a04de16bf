/**
 * A small XLSX (Office Open XML spreadsheet) writer and reader for one-sheet tables: the ZIP container with node's
 * zlib, cells as inline strings or numbers on writing, and shared strings, inline strings and numbers on reading
 * (what Excel, LibreOffice and this writer produce). Formulas are read by their cached value; styles are ignored.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export type Cell = string | number | null;

/** Thrown for a file that is not a readable workbook. */
export class XlsxError extends Error {}

/** The most a workbook may unpack to (a guard against ZIP bombs). */
const MAX_UNPACKED = 64 * 1024 * 1024;

/** Control characters XML 1.0 cannot hold (tab, line feed and carriage return it can). */
function withoutControls(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) out += ch;
  }
  return out;
}

const escapeXml = (text: string) =>
  withoutControls(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_whole, entity: string) => {
    if (entity === 'lt') return '<';
    if (entity === 'gt') return '>';
    if (entity === 'amp') return '&';
    if (entity === 'quot') return '"';
    if (entity === 'apos') return "'";
    const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/** Column letters of a zero-based index: 0 -> A, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

// ZIP.

interface ZipEntry {
  name: string;
  data: Buffer;
}

function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function unzip(file: Buffer): Map<string, Buffer> {
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 65_535); i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxError('not a ZIP file');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  let unpacked = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw new XlsxError('damaged ZIP directory');
    const method = file.readUInt16LE(at + 10);
    const packedSize = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localAt = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (localAt + 30 > file.length || file.readUInt32LE(localAt) !== 0x04034b50)
      throw new XlsxError('damaged ZIP entry');
    const dataAt = localAt + 30 + file.readUInt16LE(localAt + 26) + file.readUInt16LE(localAt + 28);
    const packed = file.subarray(dataAt, dataAt + packedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(packed);
    else if (method === 8) {
      try {
        data = inflateRawSync(packed, { maxOutputLength: MAX_UNPACKED - unpacked });
      } catch {
        throw new XlsxError('damaged or oversized ZIP entry');
      }
    } else throw new XlsxError('unsupported ZIP compression');
    unpacked += data.length;
    out.set(name, data);
  }
  return out;
}

// Workbook.

/** A workbook of one sheet: the header row, then the rows. Numbers are written as numbers, the rest as text. */
export function writeXlsx(sheetName: string, rows: Cell[][]): Buffer {
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          if (value === null || value === '') return '';
          const ref = `${columnName(c)}${r + 1}`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>` +
          `<sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: xml(
        `<styleSheet xmlns="${main}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
          '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
          '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>' +
          '<cellXfs count="1"><xf xfId="0"/></cellXfs></styleSheet>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(`<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    },
  ]);
}

/** The text of every `<t>` inside a fragment (rich-text runs joined; phonetic runs left out). */
function textOf(fragment: string): string {
  const withoutPhonetic = fragment.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of withoutPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g))
    out += unescapeXml(m[1] ?? '');
  return out;
}

const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

function firstSheetPath(files: Map<string, Buffer>): string {
  const workbook = files.get('xl/workbook.xml')?.toString('utf8');
  const rels = files.get('xl/_rels/workbook.xml.rels')?.toString('utf8');
  const sheet = workbook ? /<sheet\b([^>]*)\/?>/.exec(workbook) : null;
  const id = sheet ? attr(sheet[1]!, 'r:id') : undefined;
  if (id && rels) {
    for (const m of rels.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
      if (attr(m[1]!, 'Id') !== id) continue;
      const target = attr(m[1]!, 'Target')!;
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (files.has(path)) return path;
    }
  }
  const fallback = [...files.keys()].filter((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k)).sort()[0];
  if (!fallback) throw new XlsxError('the workbook has no sheet');
  return fallback;
}

/**
 * The rows of the first sheet, each a list of cells by column (missing cells are null). Numbers come as their decimal
 * text as stored (so no float reaches a decimal field); strings as they are.
 */
export function readXlsx(file: Buffer): { rows: (string | null)[][]; numeric: boolean[][] } {
  const files = unzip(file);
  const shared: string[] = [];
  const sst = files.get('xl/sharedStrings.xml')?.toString('utf8');
  if (sst) for (const m of sst.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) shared.push(textOf(m[1] ?? ''));
  const sheet = files.get(firstSheetPath(files))?.toString('utf8') ?? '';
  const rows: (string | null)[][] = [];
  const numeric: boolean[][] = [];
  let nextRow = 0;
  for (const rowMatch of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowNumber = Number(attr(rowMatch[1]!, 'r') ?? nextRow + 1) - 1;
    nextRow = rowNumber + 1;
    const cells: (string | null)[] = [];
    const kinds: boolean[] = [];
    let nextColumn = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cellMatch[1]!;
      const ref = attr(attrs, 'r');
      const column = ref ? columnIndex(/^[A-Z]+/.exec(ref)?.[0] ?? 'A') : nextColumn;
      nextColumn = column + 1;
      const type = attr(attrs, 't') ?? 'n';
      const inner = cellMatch[2] ?? '';
      const raw = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value: string | null = null;
      if (type === 's') value = raw === undefined ? null : (shared[Number(raw)] ?? null);
      else if (type === 'inlineStr') value = textOf(inner);
      else if (raw !== undefined) value = unescapeXml(raw);
      while (cells.length < column) {
        cells.push(null);
        kinds.push(false);
      }
      cells[column] = value;
      kinds[column] = type === 'n' && value !== null;
    }
    rows[rowNumber] = cells;
    numeric[rowNumber] = kinds;
  }
  for (let i = 0; i < rows.length; i++) {
    rows[i] ??= [];
    numeric[i] ??= [];
  }
  return { rows, numeric };
}

/** A number cell's text as plain decimal text (Excel writes 1.5E-2 for 0.015): up to `scale` decimals. */
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
