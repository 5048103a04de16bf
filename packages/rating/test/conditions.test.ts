import { describe, expect, it } from 'vitest';
import { prepare, type Quote, ratesFromSummary, summaryRates } from '../src/index';
import { grid, line, ok, PLACES, shipment, tariff } from './helpers';

const reason = (q: Quote) => {
  if (q.ok) throw new Error(`expected no price, got tariff ${q.tariff_id}`);
  return q.reason;
};

describe('route match', () => {
  it('matches origin and destination by airport, city, country and custom region', () => {
    const r = prepare(
      [
        tariff({ id: 'city', origin: { kind: 'city', code: 'MOW' }, destination: { kind: 'city', code: 'PAR' } }),
        tariff({ id: 'region', origin: { kind: 'country', code: 'RU' }, destination: { kind: 'region', code: 'EU' } }),
      ],
      [],
      [],
      { places: PLACES },
    );
    expect(ok(r.quote(shipment({ origin: 'DME', destination: 'CDG' }))).tariff_id).toBe('city');
    expect(ok(r.quote(shipment({ origin: 'OVB', destination: 'FRA' }))).tariff_id).toBe('region');
    expect(reason(r.quote(shipment({ origin: 'OVB', destination: 'PEK' }))).condition).toBe('route');
  });

  it('prefers the more specific route over a cheaper general one', () => {
    const r = prepare(
      [
        tariff({ id: 'airport', rates: grid('0', '20.00') }),
        tariff({ id: 'country', origin: { kind: 'country', code: 'RU' }, rates: grid('0', '1.00') }),
      ],
      [],
      [],
      { places: PLACES },
    );
    const q = ok(r.quote(shipment()));
    expect(q.tariff_id).toBe('airport');
    expect(q.alternatives).toEqual([{ tariff_id: 'country', currency: 'RUB', amount: '30.00' }]);
  });

  it('takes the cheapest of equally specific tariffs, whatever their order', () => {
    const a = tariff({ id: 'a', rates: grid('0', '20.00') });
    const b = tariff({ id: 'b', rates: grid('0', '12.00') });
    expect(ok(prepare([a, b]).quote(shipment({ weight: '10' }))).tariff_id).toBe('b');
    expect(ok(prepare([b, a]).quote(shipment({ weight: '10' }))).tariff_id).toBe('b');
  });

  it('prices a non-stop tariff only for a direct shipment', () => {
    const r = prepare([tariff({ nonStop: true })]);
    expect(r.quote(shipment()).ok).toBe(true);
    expect(reason(r.quote(shipment({ via: ['OVB'] }))).condition).toBe('routing');
  });

  it('prices a transfer tariff only via its transfer airports', () => {
    const r = prepare([tariff({ transfers: ['OVB'] })]);
    expect(r.quote(shipment({ via: ['OVB'] })).ok).toBe(true);
    expect(reason(r.quote(shipment())).detail).toContain('via OVB');
    expect(r.quote(shipment({ via: ['KJA'] })).ok).toBe(false);
  });

  it('prices an open tariff for any routing', () => {
    expect(prepare([tariff()]).quote(shipment({ via: ['OVB', 'KJA'] })).ok).toBe(true);
  });

  it('keeps one airline out of another airline tariffs', () => {
    const q = prepare([tariff({ airline: 'S7' })]).quote(shipment({ carrier: 'SU' }));
    expect(reason(q)).toMatchObject({ condition: 'carrier', tariff_id: null });
  });
});

describe('restrictions', () => {
  it('offers a company-restricted tariff to that company only', () => {
    const r = prepare([tariff({ companies: ['fwd-a'] })]);
    expect(r.quote(shipment({ company: 'fwd-a' })).ok).toBe(true);
    expect(reason(r.quote(shipment({ company: 'fwd-b' })))).toMatchObject({ condition: 'company', tariff_id: 't1' });
    expect(r.quote(shipment()).ok).toBe(false);
  });

  it('prefers a company tariff over the general one for that company', () => {
    const r = prepare([
      tariff({ id: 'general', rates: grid('0', '1.00') }),
      tariff({ id: 'mine', companies: ['fwd-a'] }),
    ]);
    expect(ok(r.quote(shipment({ company: 'fwd-a' }))).tariff_id).toBe('mine');
    expect(ok(r.quote(shipment({ company: 'fwd-b' }))).tariff_id).toBe('general');
  });

  it('excludes excluded companies', () => {
    const r = prepare([tariff({ excludedCompanies: ['fwd-b'] })]);
    expect(r.quote(shipment({ company: 'fwd-a' })).ok).toBe(true);
    expect(reason(r.quote(shipment({ company: 'fwd-b' }))).condition).toBe('company');
  });

  it('restricts by sales channel', () => {
    const r = prepare([tariff({ salesChannel: 'web' })]);
    expect(r.quote(shipment({ salesChannel: 'web' })).ok).toBe(true);
    expect(reason(r.quote(shipment({ salesChannel: 'api' })))).toMatchObject({ condition: 'sales_channel' });
  });

  it('lets a specific commodity (product) rate beat the general one', () => {
    const r = prepare([tariff({ id: 'gcr', rates: grid('0', '1.00') }), tariff({ id: 'pil', products: ['PIL'] })]);
    expect(ok(r.quote(shipment({ product: 'PIL' }))).tariff_id).toBe('pil');
    expect(ok(r.quote(shipment({ product: 'GCR' }))).tariff_id).toBe('gcr');
    expect(reason(prepare([tariff({ products: ['PIL'] })]).quote(shipment()))).toMatchObject({ condition: 'product' });
  });

  it('restricts by commodity group, given or through the product', () => {
    const r = prepare([tariff({ groups: ['perishables'] })], [], [], {
      groups: { perishables: ['PER', 'PEF'] },
    });
    expect(r.quote(shipment({ product: 'PEF' })).ok).toBe(true);
    expect(r.quote(shipment({ groups: ['perishables'] })).ok).toBe(true);
    expect(reason(r.quote(shipment({ product: 'GCR' }))).condition).toBe('group');
  });
});

describe('levels', () => {
  const twoLevels = tariff({
    rates: [
      ...grid('300', '16.00', { 45: '9.00' }),
      { rateClass: 'N', value: '20.00', level: 'second' },
      { rateClass: 'Q', weightBreak: 45, value: '12.00', level: 'second' },
    ],
  });

  it('prices the first level by default and the second when asked', () => {
    const r = prepare([twoLevels]);
    expect(line(r.quote(shipment()), 'FRT').amount).toBe('405.00');
    const second = ok(r.quote(shipment({ level: 'second' })));
    expect(second.level).toBe('second');
    expect(line(second, 'FRT').amount).toBe('540.00');
  });

  it('falls back to the first level when a tariff has no second-level rates', () => {
    expect(line(prepare([tariff()]).quote(shipment({ level: 'second' })), 'FRT').amount).toBe('405.00');
  });

  it('uses a second-level tariff only for second-level quotes, ahead of first-level ones', () => {
    const r = prepare([tariff({ id: 'one' }), tariff({ id: 'two', level: 'second', rates: grid('0', '30.00') })]);
    expect(ok(r.quote(shipment())).tariff_id).toBe('one');
    expect(ok(r.quote(shipment({ level: 'second' }))).tariff_id).toBe('two');
    expect(reason(prepare([tariff({ level: 'second' })]).quote(shipment())).condition).toBe('level');
  });
});

describe('derivative rates', () => {
  const base = tariff({ id: 'base', rates: grid('300', '16.00', { 45: '9.00', 100: '8.00' }) });

  it('derives every rate of the base tariff by a percent and an amount, own rates overriding', () => {
    const derived = tariff({
      id: 'plus10',
      companies: ['fwd-a'],
      isDerivative: true,
      baseTariffId: 'base',
      derivation: { percent: '10', amount: '0.50' },
      rates: [{ rateClass: 'Q', weightBreak: 100, value: '7.00' }],
    });
    const r = prepare([base, derived]);
    expect(r.issues).toEqual([]);
    // N 16.00 -> 18.10, Q45 9.00 -> 10.40, Q100 stays 7.00 (own rate).
    const q = ok(r.quote(shipment({ company: 'fwd-a', weight: '30' })));
    expect(q.tariff_id).toBe('plus10');
    expect(line(q, 'FRT')).toMatchObject({ rate: '10.40', amount: '468.00', is_derivative: true });
    expect(line(r.quote(shipment({ company: 'fwd-a', weight: '120' })), 'FRT')).toMatchObject({
      rate: '7.00',
      is_derivative: false,
    });
  });

  it('derives only from a tariff of the same airline that exists', () => {
    const other = tariff({ id: 'd1', isDerivative: true, baseTariffId: 's7-base', rates: [] });
    const missing = tariff({ id: 'd2', isDerivative: true, baseTariffId: 'nowhere', rates: [] });
    const r = prepare([tariff({ id: 's7-base', airline: 'S7' }), other, missing]);
    expect(r.issues.map((i) => `${i.id}:${i.field}:${i.message}`)).toEqual([
      'd1:baseTariffId:Airfreight not found (s7-base)',
      'd2:baseTariffId:Airfreight not found (nowhere)',
    ]);
  });

  it('chains derivations and refuses a loop', () => {
    const a = tariff({ id: 'a', isDerivative: true, baseTariffId: 'b', derivation: { percent: '5' }, rates: [] });
    const b = tariff({ id: 'b', isDerivative: true, baseTariffId: 'a', derivation: { percent: '5' }, rates: [] });
    const r = prepare([a, b]);
    expect(r.counts.tariffs).toBe(0);
    expect(r.issues.map((i) => i.message)).toEqual([
      'derivation loops back to itself',
      'derivation loops back to itself',
    ]);
    const c = tariff({ id: 'c', isDerivative: true, baseTariffId: 'base', derivation: { percent: '-50' }, rates: [] });
    const d = tariff({
      id: 'd',
      companies: ['fwd-d'],
      isDerivative: true,
      baseTariffId: 'c',
      derivation: { percent: '100' },
      rates: [],
    });
    const q = ok(prepare([base, c, d]).quote(shipment({ weight: '20', company: 'fwd-d' })));
    expect(q.tariff_id).toBe('d');
    expect(line(q, 'FRT')).toMatchObject({ rate: '16.00', amount: '320.00' });
  });
});

describe('prepared data checks', () => {
  it('sets aside a tariff without a normal rate, naming the spec message', () => {
    const r = prepare([tariff({ id: 'bad', rates: [{ rateClass: 'M', value: '100' }] }), tariff({ id: 'good' })]);
    expect(r.issues).toEqual([{ kind: 'tariff', id: 'bad', field: 'rates', message: 'Normal rate must be specified' }]);
    expect(r.counts.tariffs).toBe(1);
  });

  it('refuses duplicate ids, bad decimals and unknown bases, keeping the rest', () => {
    const r = prepare(
      [
        tariff({ id: 'x' }),
        tariff({ id: 'x' }),
        tariff({ id: 'y', rates: grid('0', '1.1234567') }),
        tariff({ id: 'z', basis: 'volume' as never }),
      ],
      [{ id: 'c', airline: 'SU', chargeCode: 'AW', basis: 'fixed', rate: 'ten', currency: 'RUB' }],
    );
    expect(r.issues.map((i) => `${i.id}:${i.field}:${i.message}`)).toEqual([
      'x:id:This airfreight already exists',
      'y:rates[1].value:decimal places limit (6)',
      'z:basis:invalid format',
      'c:rate:invalid format',
    ]);
    expect(r.counts).toEqual({ tariffs: 1, charges: 0, surcharges: 0 });
  });

  it('ignores rates marked expired', () => {
    const r = prepare([
      tariff({ rates: [...grid('0', '16.00'), { rateClass: 'Q', weightBreak: 45, value: '1', expired: true }] }),
    ]);
    expect(line(r.quote(shipment()), 'FRT').amount).toBe('480.00');
  });
});

describe('the reason nothing applies', () => {
  it('names the nearest tariff: the one failing the fewest conditions', () => {
    const r = prepare(
      [
        tariff({ id: 'far', origin: { kind: 'airport', code: 'OVB' }, effectiveTo: '2020-01-01' }),
        tariff({ id: 'near', companies: ['fwd-a'] }),
      ],
      [],
      [],
      { places: PLACES },
    );
    expect(reason(r.quote(shipment({ company: 'fwd-b' })))).toMatchObject({
      condition: 'company',
      failed: ['company'],
      tariff_id: 'near',
    });
  });

  it('on a route miss, names a tariff sharing an end with the shipment', () => {
    const r = prepare(
      [
        tariff({
          id: 'a-none',
          origin: { kind: 'airport', code: 'OVB' },
          destination: { kind: 'airport', code: 'FRA' },
        }),
        tariff({ id: 'b-from-svo', destination: { kind: 'airport', code: 'CDG' } }),
      ],
      [],
      [],
      { places: PLACES },
    );
    const why = reason(r.quote(shipment()));
    expect(why).toMatchObject({ condition: 'route', tariff_id: 'b-from-svo' });
    expect(why.detail).toBe(
      'No tariff of SU covers SVO to LED; the nearest, b-from-svo, covers airport SVO to airport CDG',
    );
  });

  it('names no tariff when none shares an end with the route', () => {
    const r = prepare([
      tariff({ origin: { kind: 'airport', code: 'OVB' }, destination: { kind: 'airport', code: 'FRA' } }),
    ]);
    expect(reason(r.quote(shipment()))).toEqual({
      condition: 'route',
      failed: ['route'],
      tariff_id: null,
      detail: 'No tariff of SU covers SVO to LED',
    });
  });

  it('prefers a tariff of the route, even failing more conditions, to one of another route', () => {
    const r = prepare([
      tariff({ id: 'on-route', effectiveTo: '2026-01-01', companies: ['fwd-a'] }),
      tariff({ id: 'other', destination: { kind: 'airport', code: 'OVB' } }),
    ]);
    expect(reason(r.quote(shipment({ company: 'fwd-b' })))).toMatchObject({
      tariff_id: 'on-route',
      failed: ['expired', 'company'],
    });
  });

  it('lists every failed condition of the nearest tariff', () => {
    const r = prepare([tariff({ effectiveTo: '2026-01-01', salesChannel: 'web', products: ['PIL'] })]);
    expect(reason(r.quote(shipment())).failed).toEqual(['expired', 'sales_channel', 'product']);
  });

  it('refuses an unreadable shipment with the field at fault', () => {
    const r = prepare([tariff()]);
    expect(() => r.quote(shipment({ weight: '-1' }))).toThrow('weight: must not be negative');
    expect(() => r.quote(shipment({ weight: '0' }))).toThrow('weight: positive');
    expect(() => r.quote(shipment({ date: '15.06.2026' }))).toThrow('date: invalid flight date');
    expect(() => r.quote(shipment({ pieces: 1.5 }))).toThrow('pieces: positive');
    expect(() => r.quote(shipment({ weight: Number.NaN }))).toThrow('weight: invalid format');
  });
});

describe('summary rates', () => {
  it('turns a rate list into min_rate, n, q45 ... q1000 and back', () => {
    const rates = ratesFromSummary({
      min_rate: '300',
      n: 16,
      q45: '9.5',
      q100: null,
      q300: '',
      q500: '6',
      q1000: '5.125',
    });
    expect(rates.map((r) => [r.rateClass, r.weightBreak ?? null, r.value])).toEqual([
      ['M', null, '300'],
      ['N', null, 16],
      ['Q', 45, '9.5'],
      ['Q', 500, '6'],
      ['Q', 1000, '5.125'],
    ]);
    expect(summaryRates(rates)).toEqual({
      min_rate: '300.00',
      n: '16.00',
      q45: '9.50',
      q100: null,
      q300: null,
      q500: '6.00',
      q1000: '5.125',
    });
    expect(summaryRates(rates, 'second')).toEqual({
      min_rate: null,
      n: null,
      q45: null,
      q100: null,
      q300: null,
      q500: null,
      q1000: null,
    });
    expect(() => ratesFromSummary({ n: '-1' })).toThrow('n: must not be negative');
  });

  it('gives the summary a prepared tariff prices with, derived rates included', () => {
    const r = prepare([
      tariff({ id: 'base' }),
      tariff({ id: 'd', isDerivative: true, baseTariffId: 'base', derivation: { percent: '10' }, rates: [] }),
    ]);
    expect(r.summaryOf('d')).toEqual({
      min_rate: '330.00',
      n: '17.60',
      q45: '9.90',
      q100: '8.80',
      q300: '7.70',
      q500: '6.60',
      q1000: '5.50',
    });
    expect(r.summaryOf('missing')).toBeNull();
  });
});
