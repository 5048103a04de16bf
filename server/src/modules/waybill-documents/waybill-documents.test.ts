import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { awbRateLines } from '../../db/schema';
import { PAPER } from '../../platform/pdf';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  su: await ctx.signIn(DEMO.suManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const party = (name: string, city: string) => ({
  name,
  address: 'ул. Тверская, 1',
  city,
  state: null,
  country_code: 'RU',
  post_code: '125009',
  contacts: '+7 495 000 00 00',
  tax_id: null,
});

async function waybill() {
  const w = await createAirWaybill(
    ctx,
    {
      forwarder_id: id.FWDA,
      prefix: '555',
      pieces: 3,
      weight: '45.500',
      volume: '0.350',
      currency: 'RUB',
      payment: 'prepaid',
      special_service_request: 'KEEP DRY',
      shipper: party('ООО «Ромашка»', 'Москва'),
      consignee: party('Almaty Trading LLP', 'Almaty'),
      route_data: [
        { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1940', date: '2026-06-15', segment_id: null },
      ],
    },
    { dimensions: [{ length: '60.00', width: '40.00', height: '30.00', pieces: 3 }] },
  );
  await db.insert(awbRateLines).values([
    {
      air_waybill_id: w.id,
      code: 'FR',
      rate_class_code: 'N',
      rate: '120.0000',
      amount: '7020.00',
      currency: 'RUB',
      calculation_type: 'auto',
    },
    { air_waybill_id: w.id, code: 'MY', amount: '500.00', currency: 'RUB', calculation_type: 'auto' },
    { air_waybill_id: w.id, code: 'CH', amount: '300.00', currency: 'RUB', calculation_type: 'auto' },
  ]);
  return w;
}

async function pdf(url: string, bearer = token.fwdA) {
  const response = await call('GET', url, bearer);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const doc = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(doc, { mergePages: false });
  const sizes: number[][] = [];
  for (let i = 1; i <= doc.numPages; i++) sizes.push((await doc.getPage(i)).view.slice(2));
  return { response, pages: text as string[], sizes };
}

describe('eap.json', () => {
  it('gives the boxes by Res. 600a number, the rate rows and the prepaid charge summary', async () => {
    const w = await waybill();
    const response = await call('GET', `/api/v3/air_waybills/${w.mawb}/eap.json`, token.fwdA);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const box = (n: string) => body.boxes.find((b: { box: string }) => b.box === n)?.text;
    expect(body.mawb).toBe(w.mawb);
    expect(box('1A')).toBe('555');
    expect(box('2')).toContain('ООО «Ромашка»');
    expect(box('4')).toContain('Almaty Trading LLP');
    expect(box('11A')).toBe('ALA');
    expect(box('11B')).toBe('SU');
    expect(box('12')).toBe('RUB');
    expect(box('13')).toBe('PP');
    expect(box('19A')).toBe('SU1940/15JUN');
    expect(box('21')).toContain('KEEP DRY');
    expect(box('22I')).toContain('DIMS 60x40x30 CM x 3');
    expect(box('22I')).toContain('VOL 0.350 M3');
    expect(body.rate_rows).toEqual([
      expect.objectContaining({ pieces: 3, gross_weight: 45.5, rate_class: 'N', rate: '120.00', total: '7020.00' }),
    ]);
    expect(body.other_charges).toEqual([
      { code: 'MY', due: 'C', amount: '500.00' },
      { code: 'CH', due: 'A', amount: '300.00' },
    ]);
    expect(body.prepaid).toEqual({
      weight_charge: '7020.00',
      valuation_charge: null,
      tax: null,
      other_charges_due_agent: '300.00',
      other_charges_due_carrier: '500.00',
      total: '7820.00',
    });
    expect(body.collect.total).toBeNull();
  });

  it('prints Russian city names with use_cyrillic_codes', async () => {
    const w = await waybill();
    const latin = (await call('GET', `/api/v3/air_waybills/${w.id}/eap.json`, token.fwdA)).json();
    const cyr = (await call('GET', `/api/v3/air_waybills/${w.id}/eap.json?use_cyrillic_codes=true`, token.fwdA)).json();
    const box = (b: { boxes: { box: string; text: string }[] }, n: string) => b.boxes.find((x) => x.box === n)?.text;
    expect(box(latin, '32B')).toMatch(/^Moscow \(SVO\)$/i);
    expect(box(cyr, '32B')).toBe('Москва (SVO)');
  });

  it("answers 404 for another company's waybill and for none", async () => {
    const w = await waybill();
    expect((await call('GET', `/api/v3/air_waybills/${w.id}/eap.json`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/air_waybills/${w.id}/eap.pdf`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', '/api/v3/air_waybills/999999/eap.pdf', token.su)).statusCode).toBe(404);
  });
});

describe('eap.pdf', () => {
  it('prints the number, parties, weight, charges and Cyrillic on three A4 originals', async () => {
    const w = await waybill();
    const { response, pages, sizes } = await pdf(`/api/v3/air_waybills/${w.mawb}/eap.pdf`);
    expect(response.headers['content-disposition']).toBe(`inline; filename="awb_${w.mawb}.pdf"`);
    expect(pages).toHaveLength(3);
    for (const s of sizes) {
      expect(s[0]).toBeCloseTo(PAPER.A4[0], 1);
      expect(s[1]).toBeCloseTo(PAPER.A4[1], 1);
    }
    const first = pages[0] ?? '';
    expect(first).toContain(w.mawb);
    expect(first).toContain('ООО «Ромашка»');
    expect(first).toContain('Almaty Trading LLP');
    expect(first).toContain('45.5');
    expect(first).toContain('7020.00');
    expect(first).toContain('7820.00');
    expect(first).toContain("Shipper's Name and Address");
    expect(first).toContain('ORIGINAL 3 (FOR SHIPPER)');
    expect(pages[1]).toContain('ORIGINAL 2 (FOR CONSIGNEE)');
    expect(pages[2]).toContain('ORIGINAL 1 (FOR ISSUING CARRIER)');
  });

  it('hides the shipper, blanks pieces/weight/volume, drops headers and layout, on Letter with the copies asked', async () => {
    const w = await waybill();
    const base = `/api/v3/air_waybills/${w.id}/eap.pdf`;
    const hidden = await pdf(`${base}?hide_shipper=true&copies=1,2,3,4&paper=letter`);
    expect(hidden.pages).toHaveLength(4);
    expect(hidden.sizes).toEqual(Array(4).fill([612, 792]));
    expect(hidden.pages[0]).not.toContain('Ромашка');
    expect(hidden.pages[0]).toContain('Almaty Trading LLP');
    expect(hidden.pages[3]).toContain('COPY 4 (DELIVERY RECEIPT)');

    const blank = await pdf(`${base}?exclude_pcs_weight_volume=true&copies=9`);
    expect(blank.pages).toHaveLength(1);
    expect(blank.pages[0]).not.toContain('45.5');
    expect(blank.pages[0]).not.toContain('0.350');
    expect(blank.pages[0]).toContain('7020.00');

    const bare = await pdf(`${base}?exclude_headers=true&copies=1`);
    expect(bare.pages[0]).not.toContain("Shipper's Name and Address");
    expect(bare.pages[0]).toContain('ООО «Ромашка»');
    const data = await pdf(`${base}?no_layout=true&copies=1`);
    expect(data.pages[0]).not.toContain('Air Waybill');
    expect(data.pages[0]).toContain('7820.00');
    expect(data.response.rawPayload.length).toBeLessThan(bare.response.rawPayload.length);
  });

  it('adds the conditions of contract page with reverse_side', async () => {
    const w = await waybill();
    const { pages } = await pdf(`/api/v3/air_waybills/${w.id}/eap.pdf?reverse_side=true&copies=1`);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('CONDITIONS OF CONTRACT');
    expect(pages[1]).toContain('LIMITATION OF LIABILITY');
  });

  it('refuses bad copies and paper (422 ValidationFailed)', async () => {
    const w = await waybill();
    for (const q of ['copies=0', 'copies=13', 'copies=1,1', 'copies=a', 'paper=a3']) {
      const response = await call('GET', `/api/v3/air_waybills/${w.id}/eap.pdf?${q}`, token.fwdA);
      expect(response.statusCode, q).toBe(422);
    }
  });
});
