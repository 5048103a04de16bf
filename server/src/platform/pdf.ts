import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * PDF documents (issue 13): PDFKit with an embedded TrueType font that has Cyrillic, so Russian names print and the text
 * extracts back. The font is DejaVu Sans from the `dejavu-fonts-ttf` package (Bitstream Vera licence with the DejaVu
 * changes: free to embed and redistribute). Every document of the server is made here.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_REGULAR = join(FONT_DIR, 'DejaVuSans.ttf');
export const FONT_BOLD = join(FONT_DIR, 'DejaVuSans-Bold.ttf');

export type PdfSize = 'A4' | 'LETTER' | [number, number];
export type PdfDocument = PDFKit.PDFDocument;

/** A new document with the Cyrillic font registered as `regular` (the default) and `bold`. */
export function newPdf(options: { size: PdfSize; margin?: number; title?: string }): PdfDocument {
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin ?? 36,
    autoFirstPage: true,
    bufferPages: false,
    info: { Title: options.title ?? '', Producer: 'aircargo', Creator: 'aircargo' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular');
  return doc;
}

/** Ends the document and collects its bytes. */
export function pdfBuffer(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
