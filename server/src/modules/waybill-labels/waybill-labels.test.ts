import { and, eq, sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { airWaybills, changeLogs, houseWaybills, jobs } from '../../db/schema';
import { MAIL_JOB } from '../../platform/mail';
import { decodeBarcodePixels, decodeBarcodePng } from '../../test/barcodes';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { code128Png } from './waybill-labels.barcodes';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const party = (name: string, city: string | null = null) => ({
  name,
  address: null,
  city,
  state: null,
  country_code: null,
  post_code: null,
  contacts: null,
  tax_id: null,
});

const master = (values: Partial<Parameters<typeof createAirWaybill>[1]> = {}) =>
  createAirWaybill(ctx, { forwarder_id: id.FWDA, prefix: '555', pieces: 3, weight: '120.500', ...values });

async function pdfOf(url: string, bearer = token.fwdA) {
  const response = await call('GET', url, bearer);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(response.rawPayload);
  const doc = await getDocumentProxy(bytes.slice());
  const sizes: [number, number][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const view = (await doc.getPage(i)).view;
    sizes.push([Math.round(view[2]! - view[0]!), Math.round(view[3]! - view[1]!)]);
  }
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: false });
  return { response, pages: doc.numPages, sizes, text: text as string[], bytes };
}

const labelsUrl = (ref: string | number, query: string) => `/api/v3/air_waybills/${ref}/mawb_labels?${query}`;

describe('mawb labels', () => {
  it('prints one 4x6 label per master piece with the AWB number, destination, "n of N", weight and station', async () => {
    const w = await master();
    const { pages, sizes, text, response } = await pdfOf(labelsUrl(w.mawb, 'station=svo&format=4x6&houses=false'));
    expect(pages).toBe(3);
    expect(sizes.every(([width, height]) => width === 288 && height === 432)).toBe(true);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="labels_${w.mawb}.pdf"`);
    text.forEach((page, i) => {
      expect(page).toContain(w.mawb);
      expect(page).toContain('ALA');
      expect(page).toContain(`${i + 1} of 3`);
      expect(page).toContain('120.5 kg');
      expect(page).toContain('SVO');
      expect(page).toContain(`${w.mawb.replace('-', '')}0000${i + 1}`);
    });
  });

  it('adds the house pieces with the house number, and puts eight labels on an A4 sheet', async () => {
    const w = await master({ pieces: 9 });
    await db.insert(houseWaybills).values([
      { air_waybill_id: w.id, serial_number: 'HX1', origin: 'SVO', destination: 'ALA', pieces: 2, weight: '40.000' },
      { air_waybill_id: w.id, serial_number: 'HX2', origin: 'SVO', destination: 'ALA', pieces: 1, weight: '10.000' },
    ]);
    const withHouses = await pdfOf(labelsUrl(w.id, 'station=SVO&format=4x6'));
    expect(withHouses.pages).toBe(12);
    expect(withHouses.text[9]).toContain('HX1');
    expect(withHouses.text[9]).toContain('1 of 2');
    expect(withHouses.text[10]).toContain('2 of 2');
    expect(withHouses.text[11]).toContain('HX2');
    expect(withHouses.text[11]).toContain('40 kg'.replace('40', '10'));
    const a4 = await pdfOf(labelsUrl(w.id, 'station=SVO&format=a4'));
    expect(a4.pages).toBe(Math.ceil(12 / 8));
    expect(a4.sizes.every(([width, height]) => width === 595 && height === 842)).toBe(true);
    expect(a4.text[0]).toContain('1 of 9');
    expect(a4.text[0]).toContain('8 of 9');
    expect(a4.text[0]).not.toContain('9 of 9');
    expect(a4.text[1]).toContain('9 of 9');
    const a4Master = await pdfOf(labelsUrl(w.id, 'station=SVO&format=a4&houses=false'));
    expect(a4Master.pages).toBe(2);
  });

  it("refuses an unknown or malformed station (422) and hides another forwarder's waybill (404)", async () => {
    const w = await master();
    const unknown = await call('GET', labelsUrl(w.id, 'station=QQQ'), token.fwdA);
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().errors.station).toEqual(['Airport not found']);
    const malformed = await call('GET', labelsUrl(w.id, 'station=SV1'), token.fwdA);
    expect(malformed.statusCode).toBe(422);
    const missing = await call('GET', `/api/v3/air_waybills/${w.id}/mawb_labels`, token.fwdA);
    expect(missing.statusCode).toBe(422);
    for (const url of [
      labelsUrl(w.id, 'station=SVO'),
      labelsUrl(w.mawb, 'station=SVO'),
      `/api/v3/air_waybills/${w.id}/sli.pdf`,
    ]) {
      expect((await call('GET', url, token.fwdB)).statusCode).toBe(404);
    }
    const send = await call('POST', `/api/v3/air_waybills/${w.id}/send_shipper_letter`, token.fwdB, {});
    expect(send.statusCode).toBe(404);
    // The airline of the prefix sees it.
    expect((await call('GET', labelsUrl(w.id, 'station=SVO'), token.su)).statusCode).toBe(200);
  });
});

// pdf.js hands image data over with ArrayBuffer#transferToFixedLength (Node 21+); on Node 20 a copy does the same.
const arrayBufferProto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: () => ArrayBuffer };
arrayBufferProto.transferToFixedLength ??= function (this: ArrayBuffer) {
  return this.slice(0);
};

/** The barcodes as embedded in a page of the PDF, decoded from the images' pixels. */
async function barcodesOn(bytes: Uint8Array, page: number): Promise<string[]> {
  const images = await extractImages(await getDocumentProxy(bytes.slice()), page);
  return images.map((image) => decodeBarcodePixels(image));
}

describe('barcodes as rendered', () => {
  it('the barcodes embedded in the label and letter PDFs decode to the piece plate, AWB, house and SLI numbers', async () => {
    const w = await master({ pieces: 2 });
    await db.insert(houseWaybills).values({
      air_waybill_id: w.id,
      serial_number: 'HB77',
      origin: 'SVO',
      destination: 'ALA',
      pieces: 1,
      weight: '5.000',
    });
    const digits = w.mawb.replace('-', '');
    const labels = await pdfOf(labelsUrl(w.id, 'station=SVO'));
    expect(await barcodesOn(labels.bytes, 2)).toEqual([`${digits}00002`]);
    expect(await barcodesOn(labels.bytes, 3)).toEqual([digits, 'HB77']);
    const sli = await pdfOf(`/api/v3/air_waybills/${w.id}/sli.pdf`);
    expect(await barcodesOn(sli.bytes, 1)).toEqual([`SLI${digits}`]);
  });

  it('the AWB and SLI barcodes rendered by bwip-js decode back to their numbers', async () => {
    const w = await master();
    for (const text of [w.mawb.replace('-', ''), `SLI${w.mawb.replace('-', '')}`]) {
      const png = await code128Png(text);
      expect(PNG.sync.read(png).width).toBeGreaterThan(100);
      expect(decodeBarcodePng(png)).toBe(text);
    }
  });
});

describe("shipper's letter of instruction", () => {
  it('prints the letter with shipper, consignee, Cyrillic text and the SLI barcode', async () => {
    const w = await master({
      shipper: party('ООО Ромашка', 'Москва'),
      consignee: party('Almaty Trading LLP', 'Almaty'),
      special_service_request: 'Keep dry',
    });
    const { pages, sizes, text, response } = await pdfOf(`/api/v3/air_waybills/${w.mawb}/sli.pdf`);
    expect(pages).toBe(1);
    expect(sizes[0]).toEqual([595, 842]);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="sli_${w.mawb}.pdf"`);
    const page = text[0]!;
    for (const expected of [
      "SHIPPER'S LETTER OF INSTRUCTION",
      w.mawb,
      'ООО Ромашка',
      'Москва',
      'Almaty Trading LLP',
      'Keep dry',
      `SLI${w.mawb.replace('-', '')}`,
    ]) {
      expect(page).toContain(expected);
    }
  });

  it('send_shipper_letter queues a mail per address, stores the sent state and shows it on the waybill', async () => {
    const w = await master({ shipper: party('Shipper One'), consignee: party('Consignee One') });
    const before = await call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA);
    expect(before.json()).toMatchObject({
      sli_barcode: null,
      sli_sent_at: null,
      sli_accepted: null,
      can_send_sli: true,
    });
    const sent = await call('POST', `/api/v3/air_waybills/${w.mawb}/send_shipper_letter`, token.fwdA, {
      emails: ['Shipper@Example.com', 'ops@example.org'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const barcode = `SLI${w.mawb.replace('-', '')}`;
    expect(sent.json()).toMatchObject({
      id: w.id,
      sli_barcode: barcode,
      sli_accepted: null,
      sli_answered_at: null,
      can_send_sli: true,
      sent_to: ['shipper@example.com', 'ops@example.org'],
    });
    expect(typeof sent.json().sli_sent_at).toBe('string');
    const mails = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'subject' like ${`%${w.mawb}%`}`));
    expect(mails.map((m) => m.payload.to).sort()).toEqual(['ops@example.org', 'shipper@example.com']);
    expect(String(mails[0]?.payload.text)).toContain(barcode);
    const after = await call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA);
    expect(after.json()).toMatchObject({ sli_barcode: barcode, sli_sent_at: sent.json().sli_sent_at });
    const log = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, w.id)));
    expect(log.some((l) => Array.isArray(l.change_set.sli_sent_at))).toBe(true);
    // Without addresses the caller's own gets it.
    const own = await call('POST', `/api/v3/air_waybills/${w.id}/send_shipper_letter`, token.fwdA, {});
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().sent_to).toEqual([DEMO.fwdA]);
  });

  it('refuses to send for a voided waybill or one without a consignee, and writes nothing', async () => {
    const voided = await master({ voided: true });
    const nameless = await master({ consignee: party('') });
    for (const w of [voided, nameless]) {
      const response = await call('POST', `/api/v3/air_waybills/${w.id}/send_shipper_letter`, token.fwdA, {
        emails: ['a@example.com'],
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message_key.key).toBe('sliCannotBeSent');
      const [row] = await db.select().from(airWaybills).where(eq(airWaybills.id, w.id));
      expect(row?.sli_sent_at).toBeNull();
      expect((await call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA)).json().can_send_sli).toBe(false);
    }
    const mails = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'subject' like ${`%${voided.mawb}%`}`));
    expect(mails).toEqual([]);
  });

  it('refuses a malformed address', async () => {
    const w = await master();
    const response = await call('POST', `/api/v3/air_waybills/${w.id}/send_shipper_letter`, token.fwdA, {
      emails: ['not an address'],
    });
    expect(response.statusCode).toBe(422);
  });
});
