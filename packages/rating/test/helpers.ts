import type { ChargeInput, Quote, QuoteOk, RateInput, ShipmentInput, SurchargeInput, TariffInput } from '../src/index';

export const PLACES = {
  airports: {
    SVO: { city: 'MOW', country: 'RU' },
    DME: { city: 'MOW', country: 'RU' },
    LED: { city: 'LED', country: 'RU' },
    OVB: { city: 'OVB', country: 'RU' },
    FRA: { city: 'FRA', country: 'DE' },
    CDG: { city: 'PAR', country: 'FR' },
    PEK: { city: 'BJS', country: 'CN' },
  },
  regions: { EU: ['DE', 'FR'] },
};

/** A general rate grid in the summary form: M, N, Q45 ... Q1000. */
export function grid(
  min: string,
  n: string,
  q: Partial<Record<45 | 100 | 300 | 500 | 1000, string>> = {},
): RateInput[] {
  const rates: RateInput[] = [
    { rateClass: 'M', value: min },
    { rateClass: 'N', value: n },
  ];
  for (const [brk, value] of Object.entries(q)) rates.push({ rateClass: 'Q', weightBreak: brk, value });
  return rates;
}

export function tariff(overrides: Partial<TariffInput> = {}): TariffInput {
  return {
    id: 't1',
    airline: 'SU',
    origin: { kind: 'airport', code: 'SVO' },
    destination: { kind: 'airport', code: 'LED' },
    basis: 'charge',
    currency: 'RUB',
    rates: grid('300.00', '16.00', { 45: '9.00', 100: '8.00', 300: '7.00', 500: '6.00', 1000: '5.00' }),
    ...overrides,
  };
}

export function charge(overrides: Partial<ChargeInput> = {}): ChargeInput {
  return { id: 'c1', airline: 'SU', chargeCode: 'AW', basis: 'fixed', rate: '350.00', currency: 'RUB', ...overrides };
}

export function surcharge(overrides: Partial<SurchargeInput> = {}): SurchargeInput {
  return { id: 's1', airline: 'SU', code: 'PIL', type: 'percent', value: '10', ...overrides };
}

export function shipment(overrides: Partial<ShipmentInput> = {}): ShipmentInput {
  return {
    carrier: 'SU',
    origin: 'SVO',
    destination: 'LED',
    date: '2026-06-15',
    pieces: 1,
    weight: '30',
    ...overrides,
  };
}

export function ok(q: Quote): QuoteOk {
  if (!q.ok) throw new Error(`expected a price, got: ${q.reason.detail}`);
  return q;
}

export function line(q: Quote, code: string) {
  const found = ok(q).lines.find((l) => l.code === code);
  if (!found) throw new Error(`no line ${code}`);
  return found;
}
