import { describe, expect, it } from 'vitest';
import { prepare, quote } from '../src/index';
import { charge, grid, line, ok, PLACES, shipment, surcharge, tariff } from './helpers';

describe('freight by weight breaks (issue 10 worked examples)', () => {
  const rating = prepare([tariff()], [], [], { places: PLACES });

  it('charges 30 kg at Q45 9.00 x 45 = 405.00 when that beats N 16.00 x 30 = 480.00', () => {
    const q = ok(rating.quote(shipment({ weight: '30' })));
    expect(q.chargeable.chargeable_weight).toBe('30');
    const frt = line(q, 'FRT');
    expect(frt).toMatchObject({
      rate_class_code: 'Q',
      rate: '9.00',
      base_value: '45',
      amount: '405.00',
      weight_break: '45',
      calculation_type: 'higher_weight_break',
      currency: 'RUB',
      basis: 'charge',
    });
    expect(q.totals).toEqual([{ currency: 'RUB', net: '405.00', vat: '0.00', total: '405.00' }]);
  });

  it('charges N when the higher break is dearer: 20 kg x 16.00 = 320.00 (45 x 9.00 = 405.00)', () => {
    const frt = line(rating.quote(shipment({ weight: '20' })), 'FRT');
    expect(frt).toMatchObject({ rate_class_code: 'N', rate: '16.00', base_value: '20', amount: '320.00' });
    expect(frt.calculation_type).toBe('weight_break');
  });

  it('charges the minimum M when the weight charge falls below it', () => {
    const frt = line(rating.quote(shipment({ weight: '10' })), 'FRT');
    expect(frt).toMatchObject({
      rate_class_code: 'M',
      rate: '300.00',
      amount: '300.00',
      base_value: '1',
      calculation_type: 'minimum',
    });
  });

  it('rates a light, bulky shipment on volume weight: 100 kg in 1.2 m3 at 6000 cm3/kg is 200 kg', () => {
    const q = ok(rating.quote(shipment({ weight: '100', volume: '1.2' })));
    expect(q.chargeable).toMatchObject({
      gross_weight: '100',
      volume: '1.2',
      volume_weight: '200',
      chargeable_weight: '200',
      source: 'volume',
    });
    expect(line(q, 'FRT')).toMatchObject({ rate_class_code: 'Q', rate: '8.00', base_value: '200', amount: '1600.00' });
  });

  it('uses the break a heavy shipment falls in: 1,200 kg at Q1000 5.00 = 6000.00', () => {
    expect(line(rating.quote(shipment({ weight: '1200' })), 'FRT')).toMatchObject({
      rate: '5.00',
      amount: '6000.00',
      weight_break: '1000',
    });
  });

  it('rounds to the decimals of the currency: none for a currency configured with 0', () => {
    const r = prepare([tariff({ currency: 'JPY', rates: grid('0', '16.333') })], [], [], {
      currencyDecimals: { JPY: 0 },
    });
    const q = ok(r.quote(shipment({ weight: '12.5' })));
    expect(line(q, 'FRT')).toMatchObject({ rate: '16.333', amount: '204', currency: 'JPY' });
    expect(q.totals).toEqual([{ currency: 'JPY', net: '204', vat: '0', total: '204' }]);
  });

  it('rounds the amount once per line to the currency: 12.5 kg x 16.333 = 204.1625 -> 204.16', () => {
    const r = prepare([tariff({ rates: grid('0', '16.333') })]);
    expect(line(r.quote(shipment({ weight: '12.5' })), 'FRT').amount).toBe('204.16');
  });
});

describe('tariff bases', () => {
  const bulky = shipment({ weight: '100', volume: '1.2', pieces: 3 });

  it('gross: per kg of gross weight, ignoring volume weight', () => {
    const frt = line(prepare([tariff({ basis: 'gross' })]).quote(bulky), 'FRT');
    expect(frt).toMatchObject({ basis: 'gross', base_value: '100', rate: '8.00', amount: '800.00', unit_code: 'KG' });
  });

  it('charge: per kg of chargeable weight', () => {
    expect(line(prepare([tariff()]).quote(bulky), 'FRT')).toMatchObject({ base_value: '200', amount: '1600.00' });
  });

  it('charge: never below the tariff minimum charge weight', () => {
    const frt = line(prepare([tariff({ minChargeWeight: '250' })]).quote(bulky), 'FRT');
    expect(frt).toMatchObject({ base_value: '250', amount: '2000.00' });
  });

  it('fixed: one amount per shipment', () => {
    const frt = line(prepare([tariff({ basis: 'fixed', rates: grid('0', '2500.00') })]).quote(bulky), 'FRT');
    expect(frt).toMatchObject({ basis: 'fixed', base_value: '1', amount: '2500.00', calculation_type: 'fixed' });
  });

  it('fixed: a heavier bracket takes its own amount', () => {
    const r = prepare([tariff({ basis: 'fixed', rates: grid('0', '2500.00', { 100: '4000.00' }) })]);
    expect(line(r.quote(bulky), 'FRT').amount).toBe('4000.00');
    expect(line(r.quote(shipment({ weight: '50' })), 'FRT').amount).toBe('2500.00');
  });

  it('pieces: rate per piece', () => {
    const frt = line(prepare([tariff({ basis: 'pieces', rates: grid('0', '120.00') })]).quote(bulky), 'FRT');
    expect(frt).toMatchObject({
      basis: 'pieces',
      base_value: '3',
      amount: '360.00',
      unit_code: 'PC',
      calculation_type: 'per_piece',
    });
  });
});

describe('VAT', () => {
  const base = { rates: grid('0', '10.00') };
  const q = (vat: Partial<Parameters<typeof tariff>[0]>) =>
    ok(prepare([tariff({ ...base, ...vat })]).quote(shipment({ weight: '50' })));

  it('without: no VAT', () => {
    expect(line(q({ vatInclusion: 'without' }), 'FRT')).toMatchObject({
      amount: '500.00',
      vat: '0.00',
      vat_percent: '0',
      net: '500.00',
      total: '500.00',
    });
  });

  it('notIncluded: VAT added on top', () => {
    const r = q({ vatInclusion: 'notIncluded', vatPercent: '20' });
    expect(line(r, 'FRT')).toMatchObject({ amount: '500.00', vat: '100.00', vat_percent: '20', total: '600.00' });
    expect(r.totals).toEqual([{ currency: 'RUB', net: '500.00', vat: '100.00', total: '600.00' }]);
  });

  it('included: the rate holds the VAT, which is taken out of it', () => {
    const r = q({ vatInclusion: 'included', vatPercent: '20' });
    expect(line(r, 'FRT')).toMatchObject({ amount: '500.00', vat: '83.33', net: '416.67', total: '500.00' });
    expect(r.totals).toEqual([{ currency: 'RUB', net: '416.67', vat: '83.33', total: '500.00' }]);
  });

  it('notIncluded at 0% (zero-rated international carriage) is allowed', () => {
    expect(line(q({ vatInclusion: 'notIncluded', vatPercent: '0' }), 'FRT').vat).toBe('0.00');
  });
});

describe('charges', () => {
  it('adds a fixed AWB fee, a fuel charge per chargeable kg and a security charge per gross kg', () => {
    const r = prepare(
      [tariff()],
      [
        charge({ id: 'aw', chargeCode: 'AW', basis: 'fixed', rate: '350' }),
        charge({ id: 'my', chargeCode: 'MY', basis: 'charge', rate: '5.50' }),
        charge({ id: 'sc', chargeCode: 'SC', basis: 'gross', rate: '2.50', due: 'A' }),
        charge({ id: 'ch', chargeCode: 'CH', basis: 'pieces', rate: '100' }),
      ],
    );
    const q = ok(r.quote(shipment({ weight: '100', volume: '1.2', pieces: 3 })));
    expect(q.lines.map((l) => [l.code, l.amount])).toEqual([
      ['FRT', '1600.00'],
      ['AW', '350.00'],
      ['CH', '300.00'],
      ['MY', '1100.00'],
      ['SC', '250.00'],
    ]);
    expect(line(q, 'SC').due).toBe('A');
    expect(q.totals).toEqual([{ currency: 'RUB', net: '3600.00', vat: '0.00', total: '3600.00' }]);
  });

  it('charges the minimum when the rate comes to less', () => {
    const r = prepare([tariff()], [charge({ chargeCode: 'MY', basis: 'charge', rate: '5.00', minimalRate: '300' })]);
    expect(line(r.quote(shipment({ weight: '30' })), 'MY')).toMatchObject({
      amount: '300.00',
      rate_class_code: 'M',
      calculation_type: 'minimum',
    });
    expect(line(r.quote(shipment({ weight: '100' })), 'MY')).toMatchObject({
      amount: '500.00',
      rate_class_code: null,
      calculation_type: 'per_kg',
    });
  });

  it('applies an SHC-conditioned charge only to shipments carrying the code', () => {
    const r = prepare([tariff()], [charge({ chargeCode: 'RA', rate: '1500', shcs: ['DGR', 'RFL'] })]);
    expect(ok(r.quote(shipment())).lines.map((l) => l.code)).toEqual(['FRT']);
    expect(line(r.quote(shipment({ shcs: ['RFL', 'EAW'] })), 'RA').amount).toBe('1500.00');
  });

  it('applies a product-conditioned charge only to that product', () => {
    const r = prepare([tariff()], [charge({ chargeCode: 'CO', rate: '700', products: ['PIL'] })]);
    expect(ok(r.quote(shipment({ product: 'GCR' }))).lines).toHaveLength(1);
    expect(line(r.quote(shipment({ product: 'PIL' })), 'CO').amount).toBe('700.00');
  });

  it('keeps one charge per code: the route-specific one beats the general one', () => {
    const r = prepare(
      [tariff()],
      [
        charge({ id: 'general', rate: '350' }),
        charge({ id: 'to-led', rate: '200', destination: { kind: 'airport', code: 'LED' } }),
      ],
    );
    expect(line(r.quote(shipment()), 'AW')).toMatchObject({ amount: '200.00', source_id: 'to-led' });
  });

  it('totals each currency apart', () => {
    const r = prepare([tariff()], [charge({ chargeCode: 'SC', currency: 'USD', rate: '25' })]);
    expect(ok(r.quote(shipment())).totals).toEqual([
      { currency: 'RUB', net: '405.00', vat: '0.00', total: '405.00' },
      { currency: 'USD', net: '25.00', vat: '0.00', total: '25.00' },
    ]);
  });

  it('applies VAT to a charge by its own mode', () => {
    const r = prepare([tariff()], [charge({ vatInclusion: 'notIncluded', vat: '20', rate: '350' })]);
    expect(line(r.quote(shipment()), 'AW')).toMatchObject({ amount: '350.00', vat: '70.00', total: '420.00' });
  });
});

describe('surcharges', () => {
  it('adds a percent of the freight for the product it names', () => {
    const r = prepare(
      [tariff()],
      [],
      [{ id: 's1', airline: 'SU', code: 'PIL', type: 'percent', value: '12.5', productCode: 'PIL' }],
    );
    expect(ok(r.quote(shipment({ product: 'GCR' }))).lines).toHaveLength(1);
    expect(line(r.quote(shipment({ product: 'PIL' })), 'PIL')).toMatchObject({
      amount: '50.63',
      base_value: '405.00',
      rate: '12.5',
      basis: 'percent',
    });
  });

  it('adds a value per chargeable kg, on at least its minimal weight', () => {
    const r = prepare(
      [tariff()],
      [],
      [{ id: 's2', airline: 'SU', code: 'XPS', type: 'value', value: '3.00', minimalWeight: '50', currency: 'RUB' }],
    );
    expect(line(r.quote(shipment({ weight: '30' })), 'XPS')).toMatchObject({ base_value: '50', amount: '150.00' });
    expect(line(r.quote(shipment({ weight: '80' })), 'XPS')).toMatchObject({ base_value: '80', amount: '240.00' });
  });
});

describe('effective dates', () => {
  const expired = tariff({ id: 'old', effectiveTo: '2026-05-31', rates: grid('1', '1.00') });
  const future = tariff({ id: 'next', effectiveFrom: '2026-07-01', rates: grid('1', '1.00') });
  const current = tariff({ id: 'now', effectiveFrom: '2026-06-01', effectiveTo: '2026-06-30' });

  it('uses neither an expired nor a future tariff, however cheap', () => {
    const q = ok(prepare([expired, future, current]).quote(shipment()));
    expect(q.tariff_id).toBe('now');
    expect(q.alternatives).toEqual([]);
  });

  it('treats both ends as inclusive', () => {
    const r = prepare([current]);
    expect(r.quote(shipment({ date: '2026-06-01' })).ok).toBe(true);
    expect(r.quote(shipment({ date: '2026-06-30' })).ok).toBe(true);
    expect(r.quote(shipment({ date: '2026-07-01' })).ok).toBe(false);
  });

  it('says the nearest tariff expired', () => {
    const q = prepare([expired]).quote(shipment());
    expect(q).toMatchObject({
      ok: false,
      message: 'Information about tariffs is not available',
      reason: { condition: 'expired', tariff_id: 'old' },
    });
    if (!q.ok) expect(q.reason.detail).toContain('2026-05-31');
  });

  it('says the nearest tariff is not yet effective', () => {
    expect(prepare([future]).quote(shipment())).toMatchObject({
      ok: false,
      reason: { condition: 'not_yet_effective', tariff_id: 'next' },
    });
  });
});

describe('conditions on charges and surcharges', () => {
  it('leave out expired, excluded, other-route and non-stop-only records', () => {
    const r = prepare(
      [tariff()],
      [
        charge({ id: 'old', chargeCode: 'AW', effectiveTo: '2026-01-31' }),
        charge({ id: 'excl', chargeCode: 'MY', excludedCompanies: ['fwd-a'] }),
        charge({ id: 'ovb', chargeCode: 'SC', origin: { kind: 'airport', code: 'OVB' } }),
        charge({ id: 'direct', chargeCode: 'CH', nonStop: true }),
      ],
      [surcharge({ id: 'web', salesChannel: 'web' })],
    );
    const codes = (s: Parameters<typeof shipment>[0]) => ok(r.quote(shipment(s))).lines.map((l) => l.code);
    expect(codes({ company: 'fwd-a', via: ['OVB'] })).toEqual(['FRT']);
    expect(codes({ company: 'fwd-b', salesChannel: 'web' })).toEqual(['FRT', 'PIL', 'CH', 'MY']);
  });

  it('quote() prepares and prices in one call', () => {
    const q = quote(shipment(), { tariffs: [tariff()], charges: [charge()] });
    expect(ok(q).totals).toEqual([{ currency: 'RUB', net: '755.00', vat: '0.00', total: '755.00' }]);
  });
});

describe('the README example', () => {
  it('gives the figures the README shows', () => {
    const rating = prepare([tariff()], [], [], {
      places: { airports: { SVO: { city: 'MOW', country: 'RU' } }, regions: { EU: ['DE', 'FR'] } },
      airlineSettings: { SU: { chargeableRatio: 6000, roundingRule: 'up_0_5', minimumChargeWeight: '0' } },
      groups: { perishables: ['PER', 'PEF'] },
    });
    const q = ok(
      rating.quote({
        carrier: 'SU',
        origin: 'SVO',
        destination: 'LED',
        via: [],
        date: '2026-06-15',
        pieces: 1,
        weight: '30',
        volume: '0.1',
        product: 'GCR',
        shcs: ['EAW'],
        company: 'forwarder-id',
      }),
    );
    expect(q.chargeable).toMatchObject({
      gross_weight: '30',
      volume_weight: '16.667',
      chargeable_weight: '30',
      source: 'gross',
    });
    expect(q.lines[0]).toMatchObject({
      code: 'FRT',
      rate_class_code: 'Q',
      rate: '9.00',
      base_value: '45',
      amount: '405.00',
    });
    expect(q.totals).toEqual([{ currency: 'RUB', net: '405.00', vat: '0.00', total: '405.00' }]);
  });
});
