import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { AttachmentContentType } from '@aircargo/contract/attachments';

/**
 * The content type of a file from its bytes (magic numbers and, for text, its characters). The type a client declares
 * and the file name's extension are never used: a file is what its bytes say. What cannot be told is
 * application/octet-stream.
 *
 * HTML, SVG and XML can run script when a browser renders them, so they are recognised (an HTML fragment anywhere in
 * the first kilobytes counts, as browsers sniff) and `servedContentType` turns them into application/octet-stream.
 */

/** How much of the start (and the end: a ZIP's central directory) a detection reads. */
export const SNIFF_BYTES = 64 * 1024;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** Markup a browser would render as HTML (or SVG): tags it sniffs in the first bytes of a file. */
const HTML_MARKERS =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|style|meta|link|base|title|img|a|form|div|table|p|br|font|b|h1)[\s>/]/i;
const SVG_MARKER = /<svg[\s>]/i;

/** Whether the bytes are text: no NUL and no control characters but tab, line feed, form feed, carriage return, escape. */
function isText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/** CSV: at least two lines, each with the same number (one or more) of commas, semicolons or tabs. */
function isCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .slice(0, 20)
    .filter((line) => line.trim() !== '');
  // The last line of a sniffed head may be cut short.
  const whole = lines.length > 2 ? lines.slice(0, -1) : lines;
  if (whole.length < 2) return false;
  return [',', ';', '\t'].some((sep) => {
    const counts = whole.map((line) => line.split(sep).length - 1);
    return counts[0] !== undefined && counts[0] > 0 && counts.every((c) => c === counts[0]);
  });
}

function textType(head: Buffer): AttachmentContentType {
  // A UTF-8 byte order mark, then leading white space, do not hide markup.
  const text = head.toString('latin1').replace(/^\xef\xbb\xbf/, '');
  const start = text.trimStart().slice(0, 4096);
  if (SVG_MARKER.test(start)) return 'image/svg+xml';
  if (HTML_MARKERS.test(start.slice(0, 1024)) || /^<!doctype\s+html/i.test(start)) return 'text/html';
  if (/^<\?xml[\s?]/i.test(start) || /^<[A-Za-z_][\w.:-]*[\s>/]/.test(start)) return 'application/xml';
  return isCsv(text) ? 'text/csv' : 'text/plain';
}

/**
 * The content type of a file from its first bytes (`head`, up to SNIFF_BYTES) and its last (`tail`: where a ZIP keeps
 * the names of its entries). `tail` may overlap `head` or be the same bytes for a small file.
 */
export function detectContentType(head: Buffer, tail: Buffer = head): AttachmentContentType {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    // An Office Open XML package is a ZIP whose entries name its kind; the central directory at the end lists them all.
    const names = Buffer.concat([head, tail]).toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('xl/workbook.xml')) return XLSX;
    if (names.includes('[Content_Types].xml') && names.includes('word/document.xml')) return DOCX;
    return 'application/zip';
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // An OLE compound file: its directory names the stream of an Excel workbook or a Word document.
    const bytes = Buffer.concat([head, tail]);
    if (bytes.includes(utf16('Workbook')) || bytes.includes(utf16('Book\0'))) return 'application/vnd.ms-excel';
    if (bytes.includes(utf16('WordDocument'))) return 'application/msword';
    return 'application/x-ole-storage';
  }
  // Text: a multi-byte character cut at the end of the head must not make it binary.
  if (isText(head)) return textType(head);
  return 'application/octet-stream';
}

/** Types a browser could render with script: never sent as themselves. */
const ACTIVE_TYPES: ReadonlySet<AttachmentContentType> = new Set(['text/html', 'image/svg+xml', 'application/xml']);

/** The Content-Type a download is sent with: the detected type, or application/octet-stream for active content. */
export function servedContentType(detected: AttachmentContentType): string {
  return ACTIVE_TYPES.has(detected) ? 'application/octet-stream' : detected;
}

/**
 * A file name as it may be stored and sent back: the last path part, without control characters and quotes, at most 200
 * characters (keeping the extension); "file" when nothing is left.
 */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (!clean || clean === '.' || clean === '..') return 'file';
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - extension.length) + extension;
}

/** A Content-Disposition that always downloads: an ASCII name for old clients and the UTF-8 name (RFC 6266, 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A pass-through stream that measures what flows through it: size, SHA-256, the first SNIFF_BYTES and the last
 * SNIFF_BYTES, so a file is stored, hashed and typed in one pass without holding it in memory.
 */
export class FileInspector extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly headParts: Buffer[] = [];
  private headSize = 0;
  private tailBuffer: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headSize < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headSize);
      this.headParts.push(part);
      this.headSize += part.length;
    }
    const joined = Buffer.concat([this.tailBuffer, chunk]);
    this.tailBuffer = joined.length > SNIFF_BYTES ? Buffer.from(joined.subarray(joined.length - SNIFF_BYTES)) : joined;
    done(null, chunk);
  }

  /** Hex SHA-256 of everything that passed (call once, after the end). */
  digest(): string {
    return this.hash.digest('hex');
  }

  contentType(): AttachmentContentType {
    return detectContentType(Buffer.concat(this.headParts), this.tailBuffer);
  }
}
