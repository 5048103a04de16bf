import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, detectContentType, FileInspector, safeFileName, servedContentType } from './file-types';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value);
const utf16 = (value: string) => Buffer.from(value, 'utf16le');
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

/** A ZIP local file header naming `name` (enough of a ZIP for the detection, which reads entry names). */
const zipEntry = (name: string) => Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), text(name)]);

describe('content type by magic bytes', () => {
  it('tells the binary formats by their signatures', () => {
    expect(detectContentType(text('%PDF-1.7\n%âãÏÓ\n'))).toBe('application/pdf');
    expect(detectContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('image/png');
    expect(detectContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(detectContentType(text('GIF89a\x01\x00'))).toBe('image/gif');
    expect(detectContentType(text('GIF87a\x01\x00'))).toBe('image/gif');
    expect(detectContentType(bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0))).toBe('image/tiff');
    expect(detectContentType(bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8))).toBe('image/tiff');
  });

  it('tells an XLSX workbook, a DOCX document and another ZIP apart', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('stock').addRow(['prefix', 'first']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(detectContentType(xlsx.subarray(0, 64 * 1024), xlsx.subarray(-64 * 1024))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const docx = Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')]);
    expect(detectContentType(docx)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detectContentType(zipEntry('photos/1.jpg'))).toBe('application/zip');
  });

  it('tells an XLS workbook and a DOC document by the streams of their OLE directory', () => {
    expect(detectContentType(Buffer.concat([OLE, Buffer.alloc(100), utf16('Workbook')]))).toBe(
      'application/vnd.ms-excel',
    );
    expect(detectContentType(Buffer.concat([OLE, Buffer.alloc(100), utf16('WordDocument')]))).toBe(
      'application/msword',
    );
    expect(detectContentType(Buffer.concat([OLE, Buffer.alloc(100)]))).toBe('application/x-ole-storage');
  });

  it('tells plain text, CSV (comma, semicolon, tab) and XML, in UTF-8 or a single-byte code page', () => {
    expect(detectContentType(text('Pieces: 2\nWeight: 100 kg\n'))).toBe('text/plain');
    expect(detectContentType(text('Груз: электроника\n'))).toBe('text/plain');
    expect(detectContentType(bytes(0xc3, 0xf0, 0xf3, 0xe7, 0x0d, 0x0a))).toBe('text/plain');
    expect(detectContentType(text('mawb,pieces,weight\n555-12345675,2,100\n555-12345686,1,5\n'))).toBe('text/csv');
    expect(detectContentType(text('mawb;pieces\r\n555-12345675;2\r\n'))).toBe('text/csv');
    expect(detectContentType(text('mawb\tpieces\n555-12345675\t2\n'))).toBe('text/csv');
    expect(detectContentType(text('one, two\nthree\n'))).toBe('text/plain');
    expect(detectContentType(text('<?xml version="1.0"?>\n<Waybill><Id>1</Id></Waybill>'))).toBe('application/xml');
  });

  it('finds HTML and SVG wherever a browser would: after a byte order mark, white space or other text', () => {
    expect(detectContentType(text('<!DOCTYPE html><p>x</p>'))).toBe('text/html');
    expect(detectContentType(text('\ufeff  \n<html><body>hi</body></html>'))).toBe('text/html');
    expect(detectContentType(text('invoice 42\n<script>alert(1)</script>'))).toBe('text/html');
    expect(detectContentType(text('<IFRAME src="//x"></iframe>'))).toBe('text/html');
    expect(detectContentType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(detectContentType(text('<?xml version="1.0"?><!-- x --><svg onload="alert(1)"></svg>'))).toBe(
      'image/svg+xml',
    );
  });

  it('calls anything else application/octet-stream', () => {
    expect(detectContentType(bytes(0x00, 0x01, 0x02, 0x03))).toBe('application/octet-stream');
    expect(detectContentType(Buffer.alloc(0))).toBe('application/octet-stream');
    expect(detectContentType(text('%PD'))).toBe('text/plain');
  });

  it('never serves active content as itself', () => {
    expect(servedContentType('text/html')).toBe('application/octet-stream');
    expect(servedContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(servedContentType('application/xml')).toBe('application/octet-stream');
    expect(servedContentType('application/pdf')).toBe('application/pdf');
    expect(servedContentType('text/csv')).toBe('text/csv');
  });
});

describe('file names', () => {
  it('keeps the last path part without control characters and quotes, and at most 200 characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\anna\\invoice.pdf')).toBe('invoice.pdf');
    expect(safeFileName('in"voice\r\n.pdf')).toBe('invoice.pdf');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(undefined)).toBe('file');
    expect(safeFileName('..')).toBe('file');
    const long = safeFileName(`${'a'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('always makes a download disposition, with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('invoice.pdf')).toBe(
      `attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
    );
    expect(attachmentDisposition("счёт (1)'.pdf")).toBe(
      `attachment; filename="____ (1)'.pdf"; filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82%20%281%29%27.pdf`,
    );
  });
});

describe('FileInspector', () => {
  it('measures size and SHA-256 and keeps the first and last bytes of a stream it passes through unchanged', async () => {
    const inspector = new FileInspector();
    const chunks = [text('%PDF-1.4\n'), Buffer.alloc(200_000, 0x20), text('%%EOF\n')];
    const out: Buffer[] = [];
    inspector.on('data', (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => inspector.on('end', resolve));
    for (const chunk of chunks) inspector.write(chunk);
    inspector.end();
    await done;
    const whole = Buffer.concat(chunks);
    expect(Buffer.concat(out).equals(whole)).toBe(true);
    expect(inspector.size).toBe(whole.length);
    expect(inspector.digest()).toBe((await import('node:crypto')).createHash('sha256').update(whole).digest('hex'));
    expect(inspector.contentType()).toBe('application/pdf');
  });
});
