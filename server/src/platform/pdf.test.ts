import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { newPdf, PAPER, PDF_FONT, pdfBuffer } from './pdf';

async function read(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const sizes = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const [, , w, h] = page.view;
    sizes.push([w, h]);
  }
  return { text: text as string[], sizes };
}

describe('pdf', () => {
  it('round-trips Russian and Latin text through text extraction', async () => {
    const doc = newPdf({ size: 'A4' });
    doc.text('Авиагрузовая накладная 555-12345675');
    doc.font(PDF_FONT.bold).text('Грузоотправитель: ООО «Ромашка», Москва');
    const bytes = await pdfBuffer(doc);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, sizes } = await read(bytes);
    expect(text).toHaveLength(1);
    expect(text[0]).toContain('Авиагрузовая накладная 555-12345675');
    expect(text[0]).toContain('Грузоотправитель: ООО «Ромашка», Москва');
    expect(sizes[0]?.[0]).toBeCloseTo(PAPER.A4[0], 1);
    expect(sizes[0]?.[1]).toBeCloseTo(PAPER.A4[1], 1);
  });

  it('makes Letter and custom sizes and one page per addPage', async () => {
    const doc = newPdf({ size: 'LETTER' });
    doc.text('one');
    doc.addPage({ size: [300, 400] });
    doc.text('два');
    const { text, sizes } = await read(await pdfBuffer(doc));
    expect(sizes).toEqual([
      [612, 792],
      [300, 400],
    ]);
    expect(text[1]).toContain('два');
  });
});
