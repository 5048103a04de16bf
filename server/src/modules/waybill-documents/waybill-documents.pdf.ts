import {
  EAP_COPY_NAMES,
  EAP_DEFAULT_COPIES,
  type EapChargeSummary,
  type EapDocument,
  type EapPdfQuery,
} from '@aircargo/contract/waybill-documents';
import { newPdf, PDF_FONT, type Pdf, pdfBuffer } from '../../platform/pdf';

/**
 * The IATA air waybill form (Res. 600a layout) drawn with PDFKit: one page per copy, the copy's name at the foot, and a
 * conditions of contract page after them when asked. The form is laid out on a 555 x 800 pt grid and scaled to the
 * paper (A4 or Letter) keeping its proportions. `no_layout` draws the data alone at the same places (for pre-printed
 * forms); `exclude_headers` leaves out the box titles and fixed texts but keeps the lines.
 */

const GRID_W = 555;
const GRID_H = 800;
const MARGIN = 20;

/** The flags with the data they blank already applied. */
export function applyFlags(doc: EapDocument, q: EapPdfQuery): EapDocument {
  let boxes = doc.boxes;
  let rate_rows = doc.rate_rows;
  let totals = doc.totals;
  if (q.hide_shipper) {
    boxes = boxes.map((b) => (['2', '3', '31'].includes(b.box) ? { ...b, text: '' } : b));
  }
  if (q.exclude_pcs_weight_volume) {
    rate_rows = rate_rows.map((r) => ({ ...r, pieces: null, gross_weight: null, chargeable_weight: null }));
    totals = { ...totals, pieces: 0, gross_weight: 0 };
    boxes = boxes.map((b) =>
      b.box === '22I'
        ? {
            ...b,
            text: b.text
              .split('\n')
              .filter((l) => !l.startsWith('VOL ') && !l.startsWith('DIMS '))
              .join('\n'),
          }
        : b,
    );
  }
  return { ...doc, boxes, rate_rows, totals };
}

/** The conditions of contract, summarised in our words (the reverse of the originals). */
export const CONDITIONS_OF_CONTRACT = [
  'NOTICE CONCERNING CARRIER’S LIMITATION OF LIABILITY',
  'If the carriage involves an ultimate destination or stop in a country other than the country of departure, the Montreal Convention or the Warsaw Convention may apply and in most cases limit the liability of the carrier for loss of, damage to or delay of cargo. The shipper may increase the limit by declaring a higher value for carriage and paying a supplementary charge if required.',
  'CONDITIONS OF CONTRACT (SUMMARY)',
  '1. In this contract "carrier" means every air carrier that carries or undertakes to carry the goods under this air waybill or performs any other service incidental to that carriage; "Convention" means whichever of the Warsaw Convention (as amended) or the Montreal Convention of 1999 applies to the carriage.',
  '2. Carriage is subject to the rules relating to liability of the applicable Convention unless it is not "international carriage" as the Convention defines it. Where no Convention applies, the carrier’s liability is limited to 19 Special Drawing Rights per kilogramme of goods lost, damaged or delayed, unless a higher value has been declared by the shipper and a supplementary charge paid.',
  '3. Carriage and other services performed by each carrier are subject to applicable law and government regulations, these conditions, and the carrier’s tariffs, rules, conditions of carriage, regulations and timetables (which may be inspected at the carrier’s offices and airports).',
  '4. The carrier’s liability for loss, damage or delay is based on the weight of the package(s) concerned; where the value of other packages covered by the same air waybill is affected, their weight is also taken into account.',
  '5. Carriage to be performed by several successive carriers is regarded as a single operation. The carrier may substitute alternate carriers or aircraft, and may use other means of transport, where permitted by the shipper’s routing instructions and applicable law.',
  '6. Receipt by the person entitled to delivery of the goods without complaint is prima facie evidence that the goods were delivered in good condition and in accordance with the contract. Complaints must be made in writing to the carrier: for damage within 14 days of receipt, for delay within 21 days of the date the goods were placed at the disposal of the person entitled to delivery, and for non-delivery within 120 days of the date of issue of the air waybill.',
  '7. Any right to damages against the carrier is extinguished unless an action is brought within two years after the arrival at destination, the date the aircraft ought to have arrived, or the date carriage stopped.',
  '8. The shipper shall comply with all applicable laws and government regulations of any country to, from, through or over which the goods may be carried, including those relating to packing, carriage or delivery, and shall furnish the information and documents needed to comply with them. The carrier is not liable to the shipper for loss or expense due to the shipper’s failure to comply.',
  '9. No agent, servant or representative of the carrier has authority to alter, modify or waive any provision of this contract.',
  'This is a summary for information; the carrier’s full conditions of carriage govern the contract.',
];

interface Ctx {
  pdf: Pdf;
  layout: boolean;
  headers: boolean;
}

function line(c: Ctx, x1: number, y1: number, x2: number, y2: number): void {
  if (!c.layout) return;
  c.pdf.moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.5).stroke();
}

function rect(c: Ctx, x: number, y: number, w: number, h: number): void {
  if (!c.layout) return;
  c.pdf.rect(x, y, w, h).lineWidth(0.5).stroke();
}

function title(c: Ctx, text: string, x: number, y: number, w: number, lines = 1): void {
  if (!c.layout || !c.headers) return;
  c.pdf
    .font(PDF_FONT.regular)
    .fontSize(5)
    .text(text, x + 2, y + 1.5, { width: w - 4, height: 6 * lines, lineBreak: lines > 1, ellipsis: lines > 1 });
}

function value(
  c: Ctx,
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
): void {
  if (!text) return;
  c.pdf
    .font(opts.bold ? PDF_FONT.bold : PDF_FONT.regular)
    .fontSize(opts.size ?? 7)
    .text(text, x + 2, y, { width: w - 4, height: h, align: opts.align ?? 'left', ellipsis: true });
}

/** A box: its frame, title and value below the title. */
function box(
  c: Ctx,
  doc: EapDocument,
  id: string,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center'; label?: string } = {},
): void {
  const b = doc.boxes.find((bx) => bx.box === id);
  rect(c, x, y, w, h);
  title(c, opts.label ?? b?.name ?? '', x, y, w);
  value(c, b?.text ?? '', x, y + 8, w, h - 9, opts);
}

const text = (doc: EapDocument, id: string): string => doc.boxes.find((b) => b.box === id)?.text ?? '';
const num = (n: number | null): string => (n === null ? '' : String(n));

function formPage(c: Ctx, doc: EapDocument, copy: number): void {
  const { pdf } = c;
  const L = 0;
  const M = GRID_W / 2;
  const R = GRID_W;
  // Top line: airline prefix, airport of departure, serial; the number again on the right.
  value(c, `${doc.prefix}   ${text(doc, '1')}   ${doc.serial}`, L, 2, M, 12, { size: 10, bold: true });
  value(c, doc.mawb, M, 2, M, 12, { size: 10, bold: true, align: 'right' });

  let y = 16;
  // Shipper / issuing carrier.
  box(c, doc, '2', L, y, M * 0.68, 62);
  box(c, doc, '3', L + M * 0.68, y, M * 0.32, 62);
  rect(c, M, y, M, 62);
  if (c.layout && c.headers) {
    pdf
      .font(PDF_FONT.regular)
      .fontSize(6)
      .text('Not Negotiable', M + 4, y + 3);
    pdf
      .font(PDF_FONT.bold)
      .fontSize(11)
      .text('Air Waybill', M + 4, y + 11);
    pdf
      .font(PDF_FONT.regular)
      .fontSize(6)
      .text('Issued by', M + 4, y + 27);
  }
  value(c, text(doc, '1C'), M + 40, y + 27, M - 44, 30, { bold: true, size: 8 });
  y += 62;
  // Consignee / notice of originals.
  box(c, doc, '4', L, y, M * 0.68, 62);
  box(c, doc, '5', L + M * 0.68, y, M * 0.32, 62);
  rect(c, M, y, M, 62);
  if (c.layout && c.headers) {
    pdf
      .font(PDF_FONT.regular)
      .fontSize(5)
      .text(
        'Copies 1, 2 and 3 of this Air Waybill are originals and have the same validity. It is agreed that the goods described herein are accepted in apparent good order and condition (except as noted) for carriage SUBJECT TO THE CONDITIONS OF CONTRACT ON THE REVERSE HEREOF. The shipper’s attention is drawn to the notice concerning carrier’s limitation of liability; the shipper may increase such limitation by declaring a higher value for carriage and paying a supplemental charge if required.',
        M + 3,
        y + 3,
        { width: M - 6, height: 56 },
      );
  }
  y += 62;
  // Agent / accounting information.
  box(c, doc, '6', L, y, M, 30);
  box(c, doc, '10', M, y, M, 60);
  y += 30;
  box(c, doc, '7', L, y, M / 2, 15);
  box(c, doc, '8', M / 2, y, M / 2, 15);
  y += 15;
  box(c, doc, '9', L, y, M, 15);
  y += 15;
  // Routing, currency and charge codes.
  const routing: [string, number, string?][] = [
    ['11A', 28],
    ['11B', 70],
    ['11C', 28],
    ['11D', 28],
    ['11E', 28],
    ['11F', 28],
    ['12', 30],
    ['13', 24],
    ['14A', 18, 'WT PPD'],
    ['14B', 18, 'WT COLL'],
    ['15A', 18, 'OTH PPD'],
    ['15B', 18, 'OTH COLL'],
    ['16', 110],
    ['17', 109],
  ];
  let x = L;
  for (const [id, w, label] of routing) {
    box(c, doc, id, x, y, w, 22, { align: 'center', ...(label ? { label } : {}) });
    x += w;
  }
  y += 22;
  box(c, doc, '18', L, y, 140, 20);
  box(c, doc, '19A', 140, y, 70, 20);
  box(c, doc, '19B', 210, y, 67.5, 20);
  box(c, doc, '20', M, y, M * 0.4, 20);
  if (c.layout && c.headers) {
    pdf
      .font(PDF_FONT.regular)
      .fontSize(4.5)
      .text(
        'INSURANCE: if the carrier offers insurance and it is requested in accordance with the conditions thereof, indicate the amount to be insured in the box marked "Amount of Insurance".',
        M + M * 0.4 + 3,
        y + 2,
        { width: M * 0.6 - 6, height: 17 },
      );
  }
  rect(c, M + M * 0.4, y, M * 0.6, 20);
  y += 20;
  box(c, doc, '21', L, y, R, 34);
  y += 34;
  y = rateTable(c, doc, y);
  y = chargesBlock(c, doc, y);
  // Copy name.
  value(c, EAP_COPY_NAMES[copy] ?? `COPY ${copy}`, L, y + 6, R, 14, { size: 10, bold: true, align: 'center' });
}

const RATE_COLS: { key: string; label: string; w: number }[] = [
  { key: 'pieces', label: 'No. of Pieces RCP', w: 34 },
  { key: 'gross', label: 'Gross Weight', w: 48 },
  { key: 'unit', label: 'kg lb', w: 14 },
  { key: 'class', label: 'Rate Class', w: 22 },
  { key: 'item', label: 'Commodity Item No.', w: 40 },
  { key: 'cw', label: 'Chargeable Weight', w: 50 },
  { key: 'rate', label: 'Rate / Charge', w: 50 },
  { key: 'total', label: 'Total', w: 62 },
  { key: 'nature', label: 'Nature and Quantity of Goods (incl. Dimensions or Volume)', w: 235 },
];

function rateTable(c: Ctx, doc: EapDocument, top: number): number {
  const headerH = 16;
  const rowH = 11;
  const bodyH = 190;
  const totalH = 14;
  let x = 0;
  const xs: number[] = [];
  for (const col of RATE_COLS) {
    xs.push(x);
    rect(c, x, top, col.w, headerH);
    title(c, col.label, x, top, col.w, 2);
    line(c, x, top + headerH, x, top + headerH + bodyH + totalH);
    x += col.w;
  }
  line(c, GRID_W, top + headerH, GRID_W, top + headerH + bodyH + totalH);
  line(c, 0, top + headerH + bodyH, GRID_W, top + headerH + bodyH);
  line(c, 0, top + headerH + bodyH + totalH, GRID_W, top + headerH + bodyH + totalH);
  const maxRows = Math.floor(bodyH / rowH);
  const size = doc.rate_rows.length > maxRows ? 5 : 7;
  const step = doc.rate_rows.length > maxRows ? bodyH / doc.rate_rows.length : rowH;
  const col = (i: number) => ({ x: xs[i] ?? 0, w: RATE_COLS[i]?.w ?? 0 });
  doc.rate_rows.forEach((r, i) => {
    const y = top + headerH + 2 + i * step;
    const cells = [
      num(r.pieces),
      r.gross_weight === null ? '' : r.gross_weight.toFixed(1),
      r.gross_weight === null ? '' : r.weight_unit,
      r.rate_class ?? '',
      r.commodity_item ?? '',
      r.chargeable_weight === null ? '' : r.chargeable_weight.toFixed(1),
      r.rate ?? '',
      r.total ?? '',
    ];
    cells.forEach((cell, j) => {
      const { x: cx, w } = col(j);
      value(c, cell, cx, y, w, step, { size, align: j === 2 || j === 3 ? 'center' : 'right' });
    });
    if (doc.rate_rows.length > 1 && r.nature_and_quantity) {
      const { x: cx, w } = col(8);
      value(c, r.nature_and_quantity, cx, y, w, step, { size });
    }
  });
  const nature = col(8);
  if (doc.rate_rows.length <= 1) value(c, text(doc, '22I'), nature.x, top + headerH + 2, nature.w, bodyH - 4);
  else
    value(
      c,
      text(doc, '22I'),
      nature.x,
      top + headerH + 2 + doc.rate_rows.length * step,
      nature.w,
      bodyH - 4 - doc.rate_rows.length * step,
      { size: 6 },
    );
  const ty = top + headerH + bodyH + 3;
  value(c, doc.totals.pieces ? String(doc.totals.pieces) : '', col(0).x, ty, col(0).w, 10, {
    align: 'right',
    bold: true,
  });
  value(c, doc.totals.gross_weight ? doc.totals.gross_weight.toFixed(1) : '', col(1).x, ty, col(1).w, 10, {
    align: 'right',
    bold: true,
  });
  value(c, doc.totals.total ?? '', col(7).x, ty, col(7).w, 10, { align: 'right', bold: true });
  return top + headerH + bodyH + totalH;
}

const SUMMARY_ROWS: { key: keyof EapChargeSummary; label: string }[] = [
  { key: 'weight_charge', label: 'Weight Charge' },
  { key: 'valuation_charge', label: 'Valuation Charge' },
  { key: 'tax', label: 'Tax' },
  { key: 'other_charges_due_agent', label: 'Total Other Charges Due Agent' },
  { key: 'other_charges_due_carrier', label: 'Total Other Charges Due Carrier' },
];

function chargesBlock(c: Ctx, doc: EapDocument, top: number): number {
  const { pdf } = c;
  const half = GRID_W / 2;
  const rowH = 22;
  const colW = half / 2;
  for (const [i, row] of SUMMARY_ROWS.entries()) {
    const y = top + i * rowH;
    rect(c, 0, y, colW, rowH);
    rect(c, colW, y, colW, rowH);
    if (c.layout && c.headers) {
      const label = i === 0 ? `Prepaid   ${row.label}   Collect` : row.label;
      pdf
        .font(PDF_FONT.regular)
        .fontSize(5)
        .text(label, 2, y + 1.5, { width: half - 4, align: 'center' });
    }
    value(c, doc.prepaid[row.key] ?? '', 0, y + 9, colW, 11, { align: 'right' });
    value(c, doc.collect[row.key] ?? '', colW, y + 9, colW, 11, { align: 'right' });
  }
  const ty = top + SUMMARY_ROWS.length * rowH;
  rect(c, 0, ty, colW, rowH);
  rect(c, colW, ty, colW, rowH);
  title(c, 'Total Prepaid', 0, ty, colW);
  title(c, 'Total Collect', colW, ty, colW);
  value(c, doc.prepaid.total ?? '', 0, ty + 9, colW, 11, { align: 'right', bold: true });
  value(c, doc.collect.total ?? '', colW, ty + 9, colW, 11, { align: 'right', bold: true });
  const bottom = ty + rowH;
  // Other charges; shipper's certification; execution.
  box(c, doc, '23', half, top, half, 44, { size: 6.5 });
  rect(c, half, top + 44, half, 44);
  if (c.layout && c.headers) {
    pdf
      .font(PDF_FONT.regular)
      .fontSize(4.5)
      .text(
        'Shipper certifies that the particulars on the face hereof are correct and that insofar as any part of the consignment contains dangerous goods, such part is properly described by name and is in proper condition for carriage by air according to the applicable Dangerous Goods Regulations.',
        half + 3,
        top + 46,
        { width: half - 6, height: 24 },
      );
    pdf.fontSize(5).text('Signature of Shipper or his Agent', half + 3, top + 81, { width: half - 6, align: 'center' });
  }
  value(c, text(doc, '31'), half, top + 70, half, 11, { align: 'center' });
  const ey = top + 88;
  const ew = half / 3;
  rect(c, half, ey, half, bottom - ey);
  value(c, text(doc, '32A'), half, ey + 6, ew, 11, { align: 'center' });
  value(c, text(doc, '32B'), half + ew, ey + 6, ew, 11, { align: 'center' });
  value(c, text(doc, '32C'), half + 2 * ew, ey + 6, ew, 22, { align: 'center' });
  if (c.layout && c.headers) {
    pdf.font(PDF_FONT.regular).fontSize(5);
    pdf.text('Executed on (date)', half, bottom - 8, { width: ew, align: 'center' });
    pdf.text('at (place)', half + ew, bottom - 8, { width: ew, align: 'center' });
    pdf.text('Signature of Issuing Carrier or its Agent', half + 2 * ew, bottom - 8, { width: ew, align: 'center' });
  }
  return bottom;
}

function conditionsPage(pdf: Pdf, width: number): void {
  pdf.font(PDF_FONT.bold).fontSize(9);
  for (const [i, para] of CONDITIONS_OF_CONTRACT.entries()) {
    const heading = i === 0 || para.startsWith('CONDITIONS');
    pdf
      .font(heading ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(heading ? 9 : 7.5)
      .text(para, { width, align: heading ? 'center' : 'justify', paragraphGap: 6 });
  }
}

/** The PDF: one page per copy (default originals 1, 2, 3), the conditions of contract page after them when asked. */
export async function renderEap(doc: EapDocument, q: EapPdfQuery): Promise<Buffer> {
  const data = applyFlags(doc, q);
  const size = q.paper === 'letter' ? 'LETTER' : 'A4';
  const pdf = newPdf({ size, margin: MARGIN, info: { Title: `Air Waybill ${doc.mawb}`, Subject: 'Air Waybill' } });
  const pageW = pdf.page.width - 2 * MARGIN;
  const pageH = pdf.page.height - 2 * MARGIN;
  const scale = Math.min(pageW / GRID_W, pageH / GRID_H);
  const c: Ctx = { pdf, layout: !q.no_layout, headers: !q.exclude_headers };
  const copies = q.copies ?? [...EAP_DEFAULT_COPIES];
  copies.forEach((copy, i) => {
    if (i > 0) pdf.addPage();
    pdf.save();
    pdf.translate(MARGIN + (pageW - GRID_W * scale) / 2, MARGIN);
    pdf.scale(scale);
    formPage(c, data, copy);
    pdf.restore();
  });
  if (q.reverse_side) {
    pdf.addPage();
    pdf.x = MARGIN;
    pdf.y = MARGIN;
    conditionsPage(pdf, pageW);
  }
  return pdfBuffer(pdf);
}
