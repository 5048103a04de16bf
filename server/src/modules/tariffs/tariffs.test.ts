import { TARIFFS_XLSX_COLUMNS } from '@aircargo/contract/tariffs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, tariffCharges, tariffGroups, tariffSurcharges, tariffs, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';
import { readXlsx, writeXlsx } from './xlsx';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const QUOTE_URL = '/api/v3/tariffs/quote';
// The demo prices (seeds/demo-tariffs.ts) as forwarder A sees them on SVO-LED, before the tests below clear them so that
// each test sees only the prices it makes.
const demoQuote = (
  await call('POST', QUOTE_URL, token.fwdA, {
    carrier: 'SU',
    origin: 'SVO',
    destination: 'LED',
    date: '2026-06-01',
    pieces: 2,
    weight: '120',
  })
).json();
const demoTariffCount = (await call('GET', '/api/v3/billing/tariffs?per_page=1', token.platform)).json().meta
  .total_count;
const demoVisibleToB = (await call('GET', '/api/v3/billing/tariffs?per_page=200', token.fwdB)).json().data;
await db.delete(tariffs);
await db.delete(tariffCharges);
await db.delete(tariffSurcharges);
await db.delete(tariffGroups);

describe('demo prices', () => {
  it('price the demo routes with charges, and keep contract prices to their forwarder', () => {
    expect(demoTariffCount).toBeGreaterThan(40);
    expect(demoQuote.ok).toBe(true);
    expect(demoQuote.lines.map((l: { code: string }) => l.code)).toEqual(
      expect.arrayContaining(['AW', 'MY', 'SC', 'XS']),
    );
    // Forwarder A's contract rate (N 36, Q100 25.92) and AWB fee (450) win over the public ones.
    expect(demoQuote.lines[0]).toMatchObject({ type: 'freight', rate: '25.92', amount: '3110.40' });
    expect(demoQuote.lines.find((l: { code: string }) => l.code === 'AW').amount).toBe('450.00');
    expect(demoVisibleToB.some((t: { internal_id: string }) => t.internal_id.endsWith('FWDA'))).toBe(false);
    expect(demoVisibleToB.length).toBeGreaterThan(0);
  });
});

const TARIFFS = '/api/v3/billing/tariffs';
const CHARGES = '/api/v3/billing/charges';
const SURCHARGES = '/api/v3/billing/surcharges';
const GROUPS = '/api/v3/billing/groups';
const QUOTE = '/api/v3/tariffs/quote';

/** A unique airport pair per test, so tests do not see each other's tariffs. */
let pairIndex = 0;
const PAIRS: [string, string][] = [
  ['SVO', 'LED'],
  ['SVO', 'AER'],
  ['SVO', 'KZN'],
  ['SVO', 'OVB'],
  ['SVO', 'SVX'],
  ['SVO', 'KRR'],
  ['SVO', 'KGD'],
  ['SVO', 'UFA'],
  ['SVO', 'VVO'],
  ['SVO', 'IKT'],
  ['SVO', 'KHV'],
  ['SVO', 'MRV'],
  ['SVO', 'ROV'],
  ['SVO', 'MMK'],
  ['SVO', 'ARH'],
  ['SVO', 'CEK'],
  ['SVO', 'TJM'],
  ['SVO', 'YKS'],
  ['SVO', 'OMS'],
  ['SVO', 'KJA'],
];
function nextPair(): [string, string] {
  const pair = PAIRS[pairIndex++];
  if (!pair) throw new Error('out of airport pairs');
  return pair;
}

function tariffBody(origin: string, destination: string, extra: Record<string, unknown> = {}) {
  return {
    origin: { kind: 'airport', code: origin },
    destination: { kind: 'airport', code: destination },
    basis: 'charge',
    currency: 'RUB',
    effective_from: '2026-01-01',
    effective_to: '2027-12-31',
    rates: [
      { rate_class: 'M', value: '150' },
      { rate_class: 'N', value: '16.00' },
      { rate_class: 'Q', weight_break: '45', value: '9.00' },
      { rate_class: 'Q', weight_break: '100', value: '8.00' },
    ],
    ...extra,
  };
}

async function createTariff(tokenOf: string, body: Record<string, unknown>) {
  const response = await call('POST', TARIFFS, tokenOf, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function quoteBody(origin: string, destination: string, extra: Record<string, unknown> = {}) {
  return { carrier: 'SU', origin, destination, date: '2026-06-01', pieces: 1, weight: '30', ...extra };
}

async function suActsAs(role: 'manager' | 'operator') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id });
  expect(response.statusCode, response.body).toBe(200);
}

describe('tariff management', () => {
  it('creates a tariff for the airline manager and answers it with rates and summary rates', async () => {
    const [o, d] = nextPair();
    const created = await createTariff(token.su, tariffBody(o, d, { internal_id: 'SU-GCR-1' }));
    expect(created).toMatchObject({
      airline: { id: id.SU, airline_code: 'SU' },
      internal_id: 'SU-GCR-1',
      origin: { kind: 'airport', code: o },
      basis: 'charge',
      vat_inclusion: 'without',
      vat_percent: '0.00',
      level: 'first',
      min_rate: '150.00',
      n: '16.00',
      q45: '9.00',
      q100: '8.00',
      q300: null,
      is_new: false,
      companies: [],
    });
    expect(created.rates).toHaveLength(4);
    expect(created.rates[2]).toMatchObject({ rate_class: 'Q', rate_type: 'weight', weight_break: '45', value: '9.00' });
    const read = await call('GET', `${TARIFFS}/${created.id}`, token.su);
    expect(read.json()).toEqual(created);
  });

  it('refuses a tariff without a normal rate, a Q rate without a break, and a duplicate', async () => {
    const [o, d] = nextPair();
    const noNormal = await call(
      'POST',
      TARIFFS,
      token.su,
      tariffBody(o, d, { rates: [{ rate_class: 'Q', weight_break: '45', value: '9' }] }),
    );
    expect(noNormal.statusCode).toBe(422);
    expect(noNormal.json().errors.rates).toContain('Normal rate must be specified');
    expect(noNormal.json().error_keys.rates[0].key).toBe('normalRateRequired');
    const noBreak = await call(
      'POST',
      TARIFFS,
      token.su,
      tariffBody(o, d, {
        rates: [
          { rate_class: 'N', value: '9' },
          { rate_class: 'Q', value: '8' },
        ],
      }),
    );
    expect(noBreak.statusCode).toBe(422);
    await createTariff(token.su, tariffBody(o, d));
    const again = await call('POST', TARIFFS, token.su, tariffBody(o, d));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'This airfreight already exists' });
    const list = await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.su);
    expect(list.json().meta.total_count).toBe(1);
  });

  it('edits (rates replaced) and deletes; another airline gets 404 and changes nothing', async () => {
    const [o, d] = nextPair();
    const created = await createTariff(token.su, tariffBody(o, d));
    const foreign = await call('PATCH', `${TARIFFS}/${created.id}`, token.kc, { notes: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Airfreight not found');
    expect((await call('DELETE', `${TARIFFS}/${created.id}`, token.kc)).statusCode).toBe(404);
    const edited = await call('PATCH', `${TARIFFS}/${created.id}`, token.su, {
      notes: 'Spring',
      rates: [{ rate_class: 'N', value: '20' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Spring', n: '20.00', q45: null, min_rate: null });
    const bad = await call('PATCH', `${TARIFFS}/${created.id}`, token.su, {
      rates: [{ rate_class: 'M', value: '5' }],
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', `${TARIFFS}/${created.id}`, token.su)).json().n).toBe('20.00');
    expect((await call('DELETE', `${TARIFFS}/${created.id}`, token.su)).statusCode).toBe(204);
    expect((await call('GET', `${TARIFFS}/${created.id}`, token.su)).statusCode).toBe(404);
  });

  it('lets the platform create for a named airline and refuses without one', async () => {
    const [o, d] = nextPair();
    const missing = await call('POST', TARIFFS, token.platform, tariffBody(o, d));
    expect(missing.statusCode).toBe(422);
    const created = await createTariff(token.platform, tariffBody(o, d, { airline_id: id.KC, currency: 'USD' }));
    expect(created.airline.id).toBe(id.KC);
    const asSu = await call('POST', TARIFFS, token.su, tariffBody(o, d, { airline_id: id.KC }));
    expect(asSu.statusCode).toBe(404);
  });

  it('keeps operators out of writes and the platform alone on charges', async () => {
    await suActsAs('operator');
    try {
      const [o, d] = nextPair();
      expect((await call('POST', TARIFFS, token.su, tariffBody(o, d))).statusCode).toBe(403);
      expect((await call('GET', TARIFFS, token.su)).statusCode).toBe(200);
    } finally {
      await suActsAs('manager');
    }
    const charge = { charge_code: 'AW', basis: 'fixed', rate: '500', currency: 'RUB' };
    expect((await call('POST', CHARGES, token.su, charge)).statusCode).toBe(403);
    expect((await call('POST', CHARGES, token.fwdA, charge)).statusCode).toBe(403);
    expect((await call('POST', TARIFFS, token.fwdA, tariffBody('SVO', 'LED'))).statusCode).toBe(403);
  });

  it('filters by date, mode on route, carrier and orders by code or weight', async () => {
    const [o, d] = nextPair();
    await createTariff(token.su, tariffBody(o, d, { internal_id: 'B', rates: [{ rate_class: 'N', value: '30' }] }));
    await createTariff(token.su, tariffBody(o, d, { internal_id: 'A', rates: [{ rate_class: 'N', value: '40' }] }));
    await createTariff(
      token.su,
      tariffBody(o, d, {
        internal_id: 'OLD',
        effective_from: '2025-01-01',
        effective_to: '2025-12-31',
        rates: [{ rate_class: 'N', value: '10' }],
      }),
    );
    await createTariff(token.su, {
      ...tariffBody(o, d, { internal_id: 'CITY', rates: [{ rate_class: 'N', value: '35' }] }),
      origin: { kind: 'city', code: 'MOW' },
    });
    const ids = (r: { json(): { data: { internal_id: string }[] } }) => r.json().data.map((t) => t.internal_id);
    const byCode = await call('GET', `${TARIFFS}?origin=${o}&destination=${d}&date=2026-06-01`, token.su);
    expect(ids(byCode)).toEqual(['A', 'B']);
    const byWeight = await call(
      'GET',
      `${TARIFFS}?origin=${o}&destination=${d}&date=2026-06-01&order=weight`,
      token.su,
    );
    expect(ids(byWeight)).toEqual(['B', 'A']);
    const onRoute = await call(
      'GET',
      `${TARIFFS}?mode=on_route&origin=${o}&destination=${d}&date=2026-06-01&order=weight`,
      token.su,
    );
    expect(ids(onRoute)).toEqual(['B', 'CITY', 'A']);
    const all = await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.su);
    expect(ids(all)).toEqual(['A', 'B', 'OLD']);
    const otherCarrier = await call('GET', `${TARIFFS}?origin=${o}&destination=${d}&carrier=KC`, token.platform);
    expect(otherCarrier.json().data).toEqual([]);
    expect((await call('GET', `${TARIFFS}?mode=sideways`, token.su)).statusCode).toBe(422);
  });
});

describe('forwarder visibility and awareness', () => {
  it('shows a forwarder with an agreement public and own-restricted tariffs as new until confirmed', async () => {
    const [o, d] = nextPair();
    const pub = await createTariff(token.su, tariffBody(o, d, { internal_id: 'PUB' }));
    const forA = await createTariff(token.su, tariffBody(o, d, { internal_id: 'A-ONLY', company_ids: [id.FWDA] }));
    const forB = await createTariff(token.su, tariffBody(o, d, { internal_id: 'B-ONLY', company_ids: [id.FWDB] }));
    expect(forA.companies).toEqual([expect.objectContaining({ id: id.FWDA, short_name: 'FWDA' })]);
    const list = await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.fwdA);
    expect(list.json().data.map((t: { internal_id: string; is_new: boolean }) => [t.internal_id, t.is_new])).toEqual([
      ['A-ONLY', true],
      ['PUB', true],
    ]);
    expect((await call('GET', `${TARIFFS}/${forB.id}`, token.fwdA)).statusCode).toBe(404);
    const marked = await call('POST', `${TARIFFS}/notification_marks`, token.fwdA, { ids: [pub.id] });
    expect(marked.json()).toEqual({ marked: 1 });
    const newOnes = await call('GET', `${TARIFFS}?mode=new&origin=${o}&destination=${d}`, token.fwdA);
    expect(newOnes.json().data.map((t: { internal_id: string }) => t.internal_id)).toEqual(['A-ONLY']);
    const forbidden = await call('POST', `${TARIFFS}/notification_marks`, token.fwdA, { ids: [forB.id] });
    expect(forbidden.statusCode).toBe(404);
    const all = await call('POST', `${TARIFFS}/notification_marks`, token.fwdA, { all: true });
    expect(all.json().marked).toBeGreaterThanOrEqual(1);
    const after = await call('GET', `${TARIFFS}?mode=new&origin=${o}&destination=${d}`, token.fwdA);
    expect(after.json().data).toEqual([]);
    // The airline sees who confirmed; an edit makes the tariff new again.
    const seen = await call('GET', `${TARIFFS}/${pub.id}`, token.su);
    expect(seen.json().notified_companies.map((c: { id: number }) => c.id)).toEqual([id.FWDA]);
    await call('PATCH', `${TARIFFS}/${pub.id}`, token.su, { notes: 'new price soon' });
    expect((await call('GET', `${TARIFFS}/${pub.id}`, token.fwdA)).json().is_new).toBe(true);
    // Airlines have no awareness to confirm.
    expect((await call('POST', `${TARIFFS}/notification_marks`, token.su, { all: true })).statusCode).toBe(422);
  });

  it('hides everything of an airline a forwarder has no agreement with, and gives it no price', async () => {
    const created = await createTariff(
      token.kc,
      tariffBody('ALA', 'NQZ', { currency: 'USD', internal_id: 'KC-HIDDEN' }),
    );
    const list = await call('GET', `${TARIFFS}?carrier=KC`, token.fwdB);
    expect(list.json().data).toEqual([]);
    expect((await call('GET', `${TARIFFS}/${created.id}`, token.fwdB)).statusCode).toBe(404);
    const api = await call('GET', '/forwarders_api/v1/billing/tariffs?carrier=KC', token.fwdB);
    expect(api.json().data).toEqual([]);
    const quote = await call('POST', QUOTE, token.fwdB, quoteBody('ALA', 'NQZ', { carrier: 'KC' }));
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      ok: false,
      message: 'Information about tariffs is not available',
      reason: { condition: 'agreement' },
    });
    expect(JSON.stringify(quote.json())).not.toContain('KC-HIDDEN');
    // Forwarder A holds an agreement with KC: it sees the tariff and gets the price.
    const seen = await call('GET', '/forwarders_api/v1/billing/tariffs?carrier=KC', token.fwdA);
    expect(seen.json().data.map((t: { id: number }) => t.id)).toContain(created.id);
    expect(seen.json().data[0]).not.toHaveProperty('notified_companies');
    const priced = await call('POST', QUOTE, token.fwdA, quoteBody('ALA', 'NQZ', { carrier: 'KC' }));
    expect(priced.json()).toMatchObject({ ok: true, tariff_id: created.id });
  });
});

describe('POST /api/v3/tariffs/quote', () => {
  it('rates 30 kg on the 45 kg break when cheaper: 45 x 9.00 = 405.00', async () => {
    const [o, d] = nextPair();
    const created = await createTariff(
      token.su,
      tariffBody(o, d, {
        rates: [
          { rate_class: 'M', value: '100' },
          { rate_class: 'N', value: '16.00' },
          { rate_class: 'Q', weight_break: '45', value: '9.00' },
        ],
      }),
    );
    const response = await call('POST', QUOTE, token.fwdA, quoteBody(o, d));
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json();
    expect(quote).toMatchObject({
      ok: true,
      tariff_id: created.id,
      chargeable: { chargeable_weight: '30', source: 'gross' },
      totals: [{ currency: 'RUB', total: '405.00' }],
    });
    expect(quote.lines[0]).toMatchObject({
      type: 'freight',
      rate_class_code: 'Q',
      rate: '9.00',
      amount: '405.00',
      calculation_type: 'higher_weight_break',
      source_id: created.id,
    });
  });

  it('charges the minimum M below it, and rates a bulky shipment on volume weight', async () => {
    const [o, d] = nextPair();
    await createTariff(
      token.su,
      tariffBody(o, d, {
        rates: [
          { rate_class: 'M', value: '1000' },
          { rate_class: 'N', value: '16.00' },
          { rate_class: 'Q', weight_break: '100', value: '10.00' },
        ],
      }),
    );
    const small = (await call('POST', QUOTE, token.su, quoteBody(o, d, { weight: '10' }))).json();
    expect(small.lines[0]).toMatchObject({ rate_class_code: 'M', amount: '1000.00' });
    const bulky = (await call('POST', QUOTE, token.su, quoteBody(o, d, { weight: '100', volume: '1.2' }))).json();
    expect(bulky.chargeable).toMatchObject({ chargeable_weight: '200', source: 'volume' });
    expect(bulky.lines[0]).toMatchObject({ amount: '2000.00' });
  });

  it('adds charges and surcharges, and names the condition that excluded the nearest tariff', async () => {
    const [o, d] = nextPair();
    await createTariff(token.su, tariffBody(o, d, { effective_to: '2026-03-31' }));
    const expired = (await call('POST', QUOTE, token.su, quoteBody(o, d))).json();
    expect(expired).toMatchObject({ ok: false, reason: { condition: 'expired' } });
    await createTariff(token.su, tariffBody(o, d, { effective_from: '2026-04-01' }));
    const charge = await call('POST', CHARGES, token.platform, {
      airline_id: id.SU,
      charge_code: 'AW',
      charge_name: 'AWB fee',
      basis: 'fixed',
      rate: '500',
      currency: 'RUB',
      origin: { kind: 'airport', code: o },
      destination: { kind: 'airport', code: d },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const surcharge = await call('POST', SURCHARGES, token.su, {
      code: 'FSC',
      name: 'Fuel',
      type: 'value',
      value: '2',
      currency: 'RUB',
      origin: { kind: 'airport', code: o },
      destination: { kind: 'airport', code: d },
    });
    expect(surcharge.statusCode, surcharge.body).toBe(201);
    const quote = (await call('POST', QUOTE, token.fwdA, quoteBody(o, d))).json();
    expect(quote.ok).toBe(true);
    expect(quote.lines.map((l: { type: string; amount: string }) => [l.type, l.amount])).toEqual([
      ['freight', '405.00'],
      ['surcharge', '60.00'],
      ['charge', '500.00'],
    ]);
    expect(quote.totals).toEqual([{ currency: 'RUB', net: '965.00', vat: '0.00', total: '965.00' }]);
  });

  it('drops the cached engine when prices change (the next quote sees the edit)', async () => {
    const [o, d] = nextPair();
    const created = await createTariff(token.su, tariffBody(o, d, { rates: [{ rate_class: 'N', value: '10' }] }));
    const first = (await call('POST', QUOTE, token.su, quoteBody(o, d))).json();
    expect(first.totals[0].total).toBe('300.00');
    await call('PATCH', `${TARIFFS}/${created.id}`, token.su, { rates: [{ rate_class: 'N', value: '11' }] });
    // The notification arrives on commit; PGlite delivers it before the next request, PostgreSQL shortly after.
    await expect
      .poll(async () => (await call('POST', QUOTE, token.su, quoteBody(o, d))).json().totals?.[0]?.total, {
        timeout: 15_000,
      })
      .toBe('330.00');
  });

  it('refuses a malformed shipment with a 4xx, and an airline gets no other airline prices', async () => {
    expect((await call('POST', QUOTE, token.su, quoteBody('SVO', 'LED', { weight: '-1' }))).statusCode).toBe(422);
    const other = (await call('POST', QUOTE, token.kc, quoteBody('SVO', 'LED'))).json();
    expect(other).toMatchObject({ ok: false, reason: { condition: 'agreement' } });
  });
});

describe('groups, charges and surcharges', () => {
  it('manages groups and refuses deleting one in use', async () => {
    const group = await call('POST', GROUPS, token.su, { code: 'PHARMA', name: 'Pharma', products: ['PIL', 'PIP'] });
    expect(group.statusCode, group.body).toBe(201);
    expect(group.json()).toMatchObject({ code: 'PHARMA', products: ['PIL', 'PIP'], airline: { id: id.SU } });
    const dup = await call('POST', GROUPS, token.su, { code: 'PHARMA', name: 'Again' });
    expect(dup.json().error).toBe('Exists');
    const [o, d] = nextPair();
    await createTariff(token.su, tariffBody(o, d, { groups: ['PHARMA'] }));
    const unknown = await call('POST', TARIFFS, token.su, tariffBody(o, d, { groups: ['NOPE'] }));
    expect(unknown.statusCode).toBe(422);
    expect((await call('DELETE', `${GROUPS}/${group.json().id}`, token.su)).statusCode).toBe(422);
    expect((await call('GET', `${GROUPS}/${group.json().id}`, token.kc)).statusCode).toBe(404);
    const list = await call('GET', GROUPS, token.fwdA);
    expect(list.json().data.map((g: { code: string }) => g.code)).toContain('PHARMA');
  });

  it('answers charges and surcharges with restrictions and awareness like tariffs', async () => {
    const charge = await call('POST', CHARGES, token.platform, {
      airline_id: id.SU,
      charge_code: 'sc',
      basis: 'gross',
      rate: '3.5',
      minimal_rate: '100',
      currency: 'RUB',
      shcs: ['DGR'],
      company_ids: [id.FWDB],
    });
    expect(charge.statusCode, charge.body).toBe(201);
    expect(charge.json()).toMatchObject({ charge_code: 'SC', rate: '3.50', minimal_rate: '100.00', shcs: ['DGR'] });
    expect((await call('GET', `${CHARGES}/${charge.json().id}`, token.fwdA)).statusCode).toBe(404);
    const forB = await call('GET', `${CHARGES}/${charge.json().id}`, token.fwdB);
    expect(forB.json()).toMatchObject({ is_new: true, companies: [{ id: id.FWDB }] });
    await call('POST', `${CHARGES}/notification_marks`, token.fwdB, { ids: [charge.json().id] });
    expect((await call('GET', `${CHARGES}/${charge.json().id}`, token.fwdB)).json().is_new).toBe(false);
    const edit = await call('PATCH', `${CHARGES}/${charge.json().id}`, token.platform, { rate: '4' });
    expect(edit.json().rate).toBe('4.00');
    const noCurrency = await call('POST', SURCHARGES, token.su, { type: 'value', value: '1' });
    expect(noCurrency.statusCode).toBe(422);
    const percent = await call('POST', SURCHARGES, token.su, { code: 'WAR', type: 'percent', value: '5' });
    expect(percent.statusCode, percent.body).toBe(201);
    const edited = await call('PATCH', `${SURCHARGES}/${percent.json().id}`, token.su, { value: '6' });
    expect(edited.json().value).toBe('6.00');
    expect((await call('DELETE', `${SURCHARGES}/${percent.json().id}`, token.kc)).statusCode).toBe(404);
    expect((await call('DELETE', `${SURCHARGES}/${percent.json().id}`, token.su)).statusCode).toBe(204);
    expect((await call('DELETE', `${CHARGES}/${charge.json().id}`, token.platform)).statusCode).toBe(204);
  });
});

describe('tariffs.xlsx', () => {
  function upload(tokenOf: string, file: Buffer, query = '') {
    const boundary = 'tariffs-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tariffs.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `${TARIFFS}.xlsx${query}`,
      headers: { ...ctx.as(tokenOf), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('exports the filtered list and imports it back unchanged; edited rows update the same tariffs', async () => {
    const [o, d] = nextPair();
    await createTariff(token.su, tariffBody(o, d, { internal_id: 'X1', company_ids: [id.FWDA], products: ['GCR'] }));
    await createTariff(
      token.su,
      tariffBody(o, d, {
        internal_id: 'X2',
        vat_inclusion: 'included',
        vat_percent: '20',
        transfers: ['LED'],
        rates: [
          { rate_class: 'N', value: '12.5' },
          { rate_class: 'Q', weight_break: '300', value: '7.125' },
          { rate_class: 'N', value: '11', level: 'second' },
        ],
      }),
    );
    const before = (await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.su)).json().data;
    const download = await call('GET', `${TARIFFS}.xlsx?origin=${o}&destination=${d}`, token.su);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('tariffs.xlsx');
    const file = download.rawPayload;
    const sheet = await readXlsx(file);
    expect(sheet.rows[0]).toEqual([...TARIFFS_XLSX_COLUMNS]);
    expect(sheet.rows).toHaveLength(3);
    const same = await upload(token.su, file);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    const after = (await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.su)).json().data;
    expect(after).toEqual(before);
    // Change one rate of the second row: that tariff is updated, its second-level rate is kept.
    const rows = sheet.rows.map((r) => [...r]);
    const nColumn = TARIFFS_XLSX_COLUMNS.indexOf('n');
    rows[2]![nColumn] = '13';
    const edited = await upload(token.su, await writeXlsx('tariffs', rows));
    expect(edited.json()).toMatchObject({ updated: 1, unchanged: 1, failed: 0 });
    const x2 = (await call('GET', `${TARIFFS}?origin=${o}&destination=${d}&q=X2`, token.su)).json().data[0];
    expect(x2.n).toBe('13.00');
    expect(x2.q300).toBe('7.125');
    expect(
      x2.rates.some((r: { level: string | null; value: string }) => r.level === 'second' && r.value === '11.00'),
    ).toBe(true);
  });

  it('creates new rows, refuses bad rows with their reasons and imports nothing of them', async () => {
    const [o, d] = nextPair();
    const header = [...TARIFFS_XLSX_COLUMNS];
    const row = (values: Partial<Record<(typeof TARIFFS_XLSX_COLUMNS)[number], string | number>>) =>
      header.map((c) => values[c] ?? null);
    const file = await writeXlsx('tariffs', [
      header,
      row({ origin: `airport:${o}`, destination: `airport:${d}`, basis: 'charge', currency: 'RUB', n: 15, q45: 10 }),
      row({
        origin: `airport:${o}`,
        destination: `airport:${d}`,
        basis: 'charge',
        currency: 'RUB',
        q45: 10,
        internal_id: 'NO-N',
      }),
      row({ origin: `airport:${o}`, destination: 'airport:ZZZ', basis: 'charge', currency: 'RUB', n: 5 }),
      row({ origin: `airport:${o}`, destination: `airport:${d}`, basis: 'sideways', currency: 'RUB', n: 5 }),
      row({ id: 999999, origin: `airport:${o}`, destination: `airport:${d}`, basis: 'charge', currency: 'RUB', n: 5 }),
      row({
        origin: `airport:${o}`,
        destination: `airport:${d}`,
        basis: 'gross',
        currency: 'RUB',
        n: 5,
        companies: 'NOBODY',
      }),
    ]);
    const response = await upload(token.su, file);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 1, failed: 5 });
    expect(report.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'created'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'failed'],
      [7, 'failed'],
    ]);
    expect(report.rows[1].errors.join()).toContain('Normal rate must be specified');
    expect(report.rows[2].errors.join()).toContain('Airport not found');
    expect(report.rows[3].errors.join()).toContain('basis');
    expect(report.rows[4].errors.join()).toContain('Airfreight not found');
    expect(report.rows[5].errors.join()).toContain('NOBODY');
    const list = (await call('GET', `${TARIFFS}?origin=${o}&destination=${d}`, token.su)).json();
    expect(list.meta.total_count).toBe(1);
    expect(list.data[0]).toMatchObject({ n: '15.00', q45: '10.00' });
  });

  it('answers 422 for a missing or unreadable file and 403 to a forwarder', async () => {
    expect((await call('POST', `${TARIFFS}.xlsx`, token.su, {})).statusCode).toBe(422);
    const junk = await upload(token.su, Buffer.from('not a workbook'));
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors.file).toEqual(['The file is not a readable XLSX workbook']);
    expect((await upload(token.fwdA, Buffer.from('x'))).statusCode).toBe(403);
  });
});
