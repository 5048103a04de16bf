import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The one place PDF documents are made (issue 13): a PDFKit document with DejaVu Sans (regular and bold, from the
 * `dejavu-fonts-ttf` package, Bitstream Vera / DejaVu free licence, see docs/decisions) registered and selected as the
 * default font, so Latin and Cyrillic text print the same way. PDFKit embeds only the glyphs a document uses.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Font names to pass to `doc.font(...)`. */
export const PDF_FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;
export const PDF_FONT_FILES = {
  [PDF_FONT.regular]: join(FONT_DIR, 'DejaVuSans.ttf'),
  [PDF_FONT.bold]: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;

/** Paper sizes in PostScript points (1/72 in). */
export const PAPER = { A4: [595.28, 841.89], LETTER: [612, 792] } as const satisfies Record<string, [number, number]>;

export type PdfSize = keyof typeof PAPER | [number, number];

export interface NewPdfOptions {
  size: PdfSize;
  /** Page margin in points on every side (PDFKit's default 72 when omitted). */
  margin?: number;
  /** Document information (title, author, subject). */
  info?: { Title?: string; Author?: string; Subject?: string };
}

export type Pdf = PDFKit.PDFDocument;

/** A new document with the Cyrillic font registered and selected; add pages with `doc.addPage()` (one is open). */
export function newPdf(options: NewPdfOptions): Pdf {
  const size = typeof options.size === 'string' ? [...PAPER[options.size]] : options.size;
  const doc = new PDFDocument({
    size,
    margin: options.margin ?? 72,
    info: { Producer: 'aircargo', Creator: 'aircargo', ...options.info },
    // PDFKit would otherwise load its built-in Helvetica AFM first; every page uses the registered font.
    font: PDF_FONT_FILES[PDF_FONT.regular],
    bufferPages: false,
  });
  for (const [name, file] of Object.entries(PDF_FONT_FILES)) doc.registerFont(name, file);
  doc.font(PDF_FONT.regular);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
