import type { AwbLeg, AwbParty } from '../../db/schema';
import { newPdf, PDF_FONT, type Pdf as PdfDocument, pdfBuffer } from '../../platform/pdf';
import { code128Png } from './waybill-labels.barcodes';

/**
 * The shipper's letter of instruction (A4): the shipper's instructions to the forwarder for the air waybill it will
 * issue. Boxes: shipper, consignee, notify, forwarder, carrier; routing (airports and legs); goods (pieces, weight,
 * volume, commodity, SHCs, HS codes, goods items); handling and payment; the shipper's declaration and signature lines;
 * the `sli_barcode` as Code 128 at the top right.
 */
export interface SliDocument {
  mawb: string;
  barcode: string;
  airline: string;
  carrier: string;
  forwarder: string;
  forwarderAccount: string | null;
  shipper: AwbParty;
  consignee: AwbParty;
  notify: AwbParty | null;
  origin: string;
  destination: string;
  route: AwbLeg[];
  pieces: number;
  weight: string;
  volume: string;
  commodity: string | null;
  shcs: string[];
  hsCodes: string[];
  goods: {
    description: string | null;
    hs_code: string | null;
    marks: string | null;
    packing: string | null;
    pieces: number | null;
    weight: string | null;
  }[];
  specialService: string | null;
  otherService: string | null;
  payment: string;
  currency: string | null;
  printed: string;
}

const LEFT = 36;
const WIDTH = 523;

function partyLines(p: AwbParty | null): string {
  if (!p) return '';
  const place = [p.post_code, p.city, p.state, p.country_code].filter(Boolean).join(', ');
  const extra = [p.contacts ? `Tel. ${p.contacts}` : null, p.tax_id ? `Tax ID ${p.tax_id}` : null].filter(Boolean);
  return [p.name, p.address, place, extra.join('  ')].filter((l) => !!l).join('\n');
}

function box(doc: PdfDocument, title: string, body: string, x: number, y: number, w: number, h: number): void {
  doc.lineWidth(0.7).rect(x, y, w, h).stroke();
  doc
    .font(PDF_FONT.regular)
    .fontSize(7)
    .text(title, x + 4, y + 3, { width: w - 8, lineBreak: false });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text(body, x + 4, y + 13, { width: w - 8, height: h - 15, ellipsis: true });
}

const DECLARATION = [
  'The shipper certifies that the particulars given in this letter are correct and complete, and instructs the',
  'forwarder to prepare and sign the air waybill and other documents on its behalf on the basis of these particulars.',
  'Where any part of the consignment contains dangerous goods, that part is properly identified, classified, packed,',
  'marked and labelled and is in proper condition for carriage by air under the applicable regulations.',
  'The shipper accepts the conditions of contract of the carrier shown on the air waybill.',
];

export async function renderSli(d: SliDocument): Promise<Buffer> {
  const doc = newPdf({ size: 'A4', margin: 36, info: { Title: `Shipper's letter of instruction ${d.mawb}` } });
  doc.font(PDF_FONT.bold).fontSize(15).text("SHIPPER'S LETTER OF INSTRUCTION", LEFT, 36, { width: 330 });
  doc.font(PDF_FONT.regular).fontSize(9).text(`Air waybill No ${d.mawb}`, LEFT, 56);
  doc.text(`Carrier ${d.airline} (${d.carrier})`, LEFT, 68);
  doc.image(await code128Png(d.barcode), 370, 30, { fit: [189, 40], align: 'right' });
  doc.fontSize(8).text(d.barcode, 370, 72, { width: 189, align: 'right' });

  const half = WIDTH / 2;
  let y = 90;
  box(doc, 'SHIPPER', partyLines(d.shipper), LEFT, y, half, 78);
  box(doc, 'CONSIGNEE', partyLines(d.consignee), LEFT + half, y, half, 78);
  y += 78;
  box(doc, 'NOTIFY PARTY', partyLines(d.notify) || 'As consignee', LEFT, y, half, 64);
  box(
    doc,
    'FORWARDER (ISSUING AGENT)',
    [d.forwarder, d.forwarderAccount ? `Account ${d.forwarderAccount}` : null].filter(Boolean).join('\n'),
    LEFT + half,
    y,
    half,
    64,
  );
  y += 64;
  const legs = d.route.length
    ? d.route
        .map(
          (l) =>
            `${l.origin}-${l.destination} ${l.carrier}${l.flight ? ` ${l.flight}` : ''}${l.date ? ` ${l.date}` : ''}`,
        )
        .join('\n')
    : `${d.origin}-${d.destination} by ${d.carrier}`;
  box(doc, 'AIRPORT OF DEPARTURE', d.origin, LEFT, y, WIDTH / 4, 32);
  box(doc, 'AIRPORT OF DESTINATION', d.destination, LEFT + WIDTH / 4, y, WIDTH / 4, 32);
  box(doc, 'ROUTING AND FLIGHTS', legs, LEFT + half, y, half, 50);
  box(doc, 'PAYMENT / CURRENCY', `${d.payment.toUpperCase()} ${d.currency ?? ''}`.trim(), LEFT, y + 32, half, 18);
  y += 50;
  const q = WIDTH / 4;
  box(doc, 'No OF PIECES', String(d.pieces), LEFT, y, q, 30);
  box(doc, 'GROSS WEIGHT (KG)', d.weight, LEFT + q, y, q, 30);
  box(doc, 'VOLUME (M3)', d.volume, LEFT + 2 * q, y, q, 30);
  box(doc, 'SPECIAL HANDLING CODES', d.shcs.join(' ') || '-', LEFT + 3 * q, y, q, 30);
  y += 30;
  box(
    doc,
    'NATURE AND QUANTITY OF GOODS',
    [d.commodity, d.hsCodes.length ? `HS ${d.hsCodes.join(', ')}` : null].filter(Boolean).join('\n') || '-',
    LEFT,
    y,
    WIDTH,
    36,
  );
  y += 36;
  // Goods items.
  doc.rect(LEFT, y, WIDTH, 16 + Math.max(1, d.goods.length) * 12).stroke();
  const cols = [
    ['DESCRIPTION', 170],
    ['HS CODE', 70],
    ['MARKS', 100],
    ['PACKING', 73],
    ['PIECES', 50],
    ['KG', 60],
  ] as const;
  let x = LEFT + 4;
  doc.font(PDF_FONT.regular).fontSize(7);
  for (const [title, w] of cols) {
    doc.text(title, x, y + 4, { width: w - 4, lineBreak: false });
    x += w;
  }
  doc.fontSize(8);
  d.goods.forEach((g, i) => {
    const row = [g.description, g.hs_code, g.marks, g.packing, g.pieces === null ? null : String(g.pieces), g.weight];
    let cx = LEFT + 4;
    row.forEach((cell, c) => {
      const w = cols[c]![1];
      doc.text(cell ?? '', cx, y + 16 + i * 12, { width: w - 4, lineBreak: false, ellipsis: true });
      cx += w;
    });
  });
  y += 16 + Math.max(1, d.goods.length) * 12;
  box(
    doc,
    'HANDLING INFORMATION',
    [d.specialService, d.otherService].filter(Boolean).join('\n') || '-',
    LEFT,
    y,
    WIDTH,
    44,
  );
  y += 52;
  doc.font(PDF_FONT.bold).fontSize(9).text("SHIPPER'S DECLARATION", LEFT, y);
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .text(DECLARATION.join(' '), LEFT, y + 13, { width: WIDTH });
  y = doc.y + 28;
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + 220, y)
    .stroke();
  doc
    .moveTo(LEFT + 260, y)
    .lineTo(LEFT + 380, y)
    .stroke();
  doc
    .moveTo(LEFT + 410, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  doc.fontSize(7).text('Signature of shipper or its agent', LEFT, y + 3);
  doc.text('Place', LEFT + 260, y + 3);
  doc.text('Date', LEFT + 410, y + 3);
  doc.fontSize(7).text(`Prepared ${d.printed}`, LEFT, y + 24);
  return pdfBuffer(doc);
}
