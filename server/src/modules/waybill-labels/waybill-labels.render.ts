import { LABEL_4X6_SIZE, LABELS_PER_A4, type LabelFormat } from '@aircargo/contract/waybill-labels';
import { newPdf, PDF_FONT, type Pdf as PdfDocument, pdfBuffer } from '../../platform/pdf';
import { awbDigits, code128Png, pieceLicensePlate } from './waybill-labels.barcodes';

/**
 * Piece labels (IATA Resolution 606 layout): airline, AWB number large with its barcode, destination large, origin,
 * total pieces "n of N" and total weight of the air waybill; on a house label also the house number with its barcode
 * and the house's pieces "n of N" and weight. Every label is drawn on a 4x6 inch (288 x 432 pt) canvas: a 4x6 page
 * holds one, an A4 sheet eight (2 x 4), each scaled into its cell.
 */
export interface LabelShipment {
  mawb: string;
  airlineName: string;
  /** The carrier's two-character code (or the prefix when the airline has none). */
  carrier: string;
  origin: string;
  destination: string;
  pieces: number;
  /** kg, as printed. */
  weight: string;
  station: string;
  /** YYYY-MM-DD, the printing date. */
  printed: string;
}

export interface LabelHouse {
  number: string;
  pieces: number;
  /** With its unit, "40 kg" or "88 lb". */
  weight: string;
  origin: string;
  destination: string;
}

/** One label: a master piece (its serial within the shipment) or a house piece (its serial within the house). */
export type Label = { kind: 'master'; piece: number } | { kind: 'house'; house: LabelHouse; piece: number };

const [W, H] = LABEL_4X6_SIZE;
const A4: [number, number] = [595.28, 841.89];
const PAD = 12;

/**
 * An image PDFKit has read once (`openImage`, not in @types/pdfkit): `doc.image` takes it again without embedding the
 * PNG a second time, so the AWB and house barcodes repeated on every label are stored once in the file.
 */
type OpenedImage = Buffer;
type ImageCache = Map<string, OpenedImage>;

async function barcodeImage(doc: PdfDocument, cache: ImageCache, text: string): Promise<OpenedImage> {
  const known = cache.get(text);
  if (known) return known;
  const png = await code128Png(text);
  const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(png);
  // Piece plates are printed once each; the AWB and house codes repeat, keep only those.
  if (!/^\d{16}$/.test(text)) cache.set(text, image);
  return image;
}

function caption(doc: PdfDocument, text: string, x: number, y: number, width = W - 2 * PAD): void {
  doc.font(PDF_FONT.regular).fontSize(7).fillColor('#000').text(text, x, y, { width, lineBreak: false });
}

function value(doc: PdfDocument, text: string, x: number, y: number, size: number, width = W - 2 * PAD): void {
  doc.font(PDF_FONT.bold).fontSize(size).text(text, x, y, { width, lineBreak: false, ellipsis: true });
}

/** Draws one label with its top left at (0, 0) of the current transformation, 288 x 432 units. */
async function drawLabel(doc: PdfDocument, cache: ImageCache, s: LabelShipment, label: Label): Promise<void> {
  const inner = W - 2 * PAD;
  doc
    .lineWidth(1)
    .rect(0.5, 0.5, W - 1, H - 1)
    .stroke();
  // Airline.
  caption(doc, 'AIRLINE', PAD, 8);
  value(doc, `${s.airlineName} (${s.carrier})`, PAD, 17, 13);
  doc.moveTo(0, 38).lineTo(W, 38).stroke();
  // AWB number and its barcode: the piece's license plate on a master label, the AWB number on a house label.
  caption(doc, 'AIR WAYBILL No', PAD, 42);
  value(doc, s.mawb, PAD, 51, 26);
  const plate = label.kind === 'master' ? pieceLicensePlate(s.mawb, label.piece) : awbDigits(s.mawb);
  doc.image(await barcodeImage(doc, cache, plate), PAD, 84, { fit: [inner, 46], align: 'center' });
  caption(doc, plate, PAD, 131, inner);
  doc.moveTo(0, 142).lineTo(W, 142).stroke();
  // Destination large, origin beside the totals.
  caption(doc, 'DESTINATION', PAD, 146);
  value(doc, s.destination, PAD, 154, 54);
  doc.moveTo(0, 220).lineTo(W, 220).stroke();
  const col = inner / 3;
  caption(doc, 'TOTAL No OF PIECES', PAD, 224, col);
  caption(doc, 'TOTAL WEIGHT', PAD + col, 224, col);
  caption(doc, 'ORIGIN', PAD + 2 * col, 224, col);
  const masterOf = label.kind === 'master' ? `${label.piece} of ${s.pieces}` : String(s.pieces);
  value(doc, masterOf, PAD, 234, 16, col);
  value(doc, `${s.weight} kg`, PAD + col, 234, 16, col);
  value(doc, s.origin, PAD + 2 * col, 234, 16, col);
  doc.moveTo(0, 258).lineTo(W, 258).stroke();
  if (label.kind === 'house') {
    const h = label.house;
    caption(doc, 'HOUSE WAYBILL No', PAD, 262);
    value(doc, h.number, PAD, 271, 22);
    doc.image(await barcodeImage(doc, cache, h.number), PAD, 298, { fit: [inner, 40], align: 'center' });
    caption(doc, 'HAWB PIECES', PAD, 342, col);
    caption(doc, 'HAWB WEIGHT', PAD + col, 342, col);
    caption(doc, 'HAWB ROUTE', PAD + 2 * col, 342, col);
    value(doc, `${label.piece} of ${h.pieces}`, PAD, 352, 16, col);
    value(doc, h.weight, PAD + col, 352, 16, col);
    value(doc, `${h.origin}-${h.destination}`, PAD + 2 * col, 352, 16, col);
  } else {
    caption(doc, 'MASTER PIECE', PAD, 262);
    value(doc, `Piece ${String(label.piece).padStart(5, '0')}`, PAD, 271, 16);
  }
  doc.moveTo(0, 396).lineTo(W, 396).stroke();
  caption(doc, 'PRINTED AT', PAD, 400, inner / 2);
  value(doc, `${s.station}  ${s.printed}`, PAD, 409, 12, inner / 2);
}

/** The labels as one PDF: one per 4x6 page, or eight per A4 sheet. */
export async function renderLabels(format: LabelFormat, s: LabelShipment, labels: Label[]): Promise<Buffer> {
  const size: [number, number] = format === '4x6' ? [W, H] : A4;
  const doc = newPdf({ size, margin: 0, info: { Title: `Labels ${s.mawb}` } });
  const cache: ImageCache = new Map();
  const perPage = format === '4x6' ? 1 : LABELS_PER_A4;
  const cellW = size[0] / 2;
  const cellH = size[1] / 4;
  const scale = format === '4x6' ? 1 : Math.min((cellW - 8) / W, (cellH - 8) / H);
  for (const [i, label] of labels.entries()) {
    if (i > 0 && i % perPage === 0) doc.addPage({ size, margin: 0 });
    doc.save();
    if (format === 'a4') {
      const slot = i % perPage;
      const x = (slot % 2) * cellW + (cellW - W * scale) / 2;
      const y = Math.floor(slot / 2) * cellH + (cellH - H * scale) / 2;
      doc.translate(x, y).scale(scale);
    }
    await drawLabel(doc, cache, s, label);
    doc.restore();
  }
  return pdfBuffer(doc);
}
