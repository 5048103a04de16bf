import type { Db } from '../../platform/db';
import { tariffCharges, tariffCompanies, tariffGroups, tariffRates, tariffSurcharges, tariffs } from '../schema';

/**
 * Demo prices for the routes of the demo schedule (packages/schedule DEMO_ROUTES): SU from and to its SVO hub, KC between
 * and from its ALA and NQZ hubs. Each route has a public general-cargo tariff per direction; a few have a cheaper one
 * restricted to forwarder A. Each airline has an AWB fee, fuel, security and screening charge and a surcharge.
 * Written with a handful of multi-row inserts, so the demo seed stays fast.
 */

type Summary = [min: string, n: string, q45: string, q100: string, q300: string, q500: string, q1000: string];

interface DemoTariff {
  carrier: 'su' | 'xx';
  origin: string;
  destination: string;
  currency: string;
  rates: Summary;
  /** Restricted to forwarder A. */
  forA?: boolean;
  internalId: string;
}

/** Rates per kg falling with weight, from a normal rate and a minimum. */
function scale(min: number, n: number): Summary {
  const at = (factor: number) => (Math.round(n * factor * 100) / 100).toFixed(2);
  return [min.toFixed(2), n.toFixed(2), at(0.82), at(0.72), at(0.64), at(0.58), at(0.52)];
}

const SU_ROUTES: [string, string, number, number][] = [
  // destination, currency, minimum, normal rate per kg
  ['LED', 'RUB', 1500, 42],
  ['KZN', 'RUB', 1500, 46],
  ['SVX', 'RUB', 1800, 58],
  ['OVB', 'RUB', 2000, 74],
  ['ALA', 'USD', 60, 3.1],
  ['NQZ', 'USD', 60, 2.9],
  ['IST', 'USD', 70, 3.4],
  ['DXB', 'USD', 80, 4.2],
  ['PEK', 'USD', 90, 4.9],
  ['FRA', 'USD', 75, 3.6],
].map(([d, c, m, n]) => [d as string, c as string, m as number, n as number]);

const KC_ROUTES: [string, string, string, number, number][] = [
  ['ALA', 'NQZ', 'KZT', 9000, 310],
  ['ALA', 'CIT', 'KZT', 8000, 260],
  ['ALA', 'GUW', 'KZT', 9500, 340],
  ['NQZ', 'GUW', 'KZT', 9000, 320],
  ['NQZ', 'CIT', 'KZT', 8500, 290],
  ['ALA', 'SVO', 'USD', 60, 3.0],
  ['NQZ', 'SVO', 'USD', 55, 2.8],
  ['ALA', 'IST', 'USD', 70, 3.5],
  ['ALA', 'DXB', 'USD', 70, 3.3],
  ['NQZ', 'FRA', 'USD', 80, 3.9],
  ['ALA', 'PEK', 'USD', 75, 3.2],
];

function demoTariffs(): DemoTariff[] {
  const out: DemoTariff[] = [];
  for (const [other, currency, min, n] of SU_ROUTES) {
    out.push({
      carrier: 'su',
      origin: 'SVO',
      destination: other,
      currency,
      rates: scale(min, n),
      internalId: `SU-${other}`,
    });
    out.push({
      carrier: 'su',
      origin: other,
      destination: 'SVO',
      currency,
      rates: scale(min, n * 0.9),
      internalId: `SU-${other}-SVO`,
    });
  }
  for (const [a, b, currency, min, n] of KC_ROUTES) {
    out.push({ carrier: 'xx', origin: a, destination: b, currency, rates: scale(min, n), internalId: `KC-${a}${b}` });
    out.push({ carrier: 'xx', origin: b, destination: a, currency, rates: scale(min, n), internalId: `KC-${b}${a}` });
  }
  // Contract prices of forwarder A.
  out.push({
    carrier: 'su',
    origin: 'SVO',
    destination: 'LED',
    currency: 'RUB',
    rates: scale(1200, 36),
    forA: true,
    internalId: 'SU-LED-FWDA',
  });
  out.push({
    carrier: 'su',
    origin: 'SVO',
    destination: 'PEK',
    currency: 'USD',
    rates: scale(80, 4.4),
    forA: true,
    internalId: 'SU-PEK-FWDA',
  });
  out.push({
    carrier: 'xx',
    origin: 'ALA',
    destination: 'NQZ',
    currency: 'KZT',
    rates: scale(8000, 280),
    forA: true,
    internalId: 'KC-ALANQZ-FWDA',
  });
  return out;
}

const RATE_KEYS = [
  { rate_class: 'M' as const, rate_type: 'minimal' as const, weight_break: null },
  { rate_class: 'N' as const, rate_type: 'normal' as const, weight_break: null },
  { rate_class: 'Q' as const, rate_type: 'weight' as const, weight_break: '45' },
  { rate_class: 'Q' as const, rate_type: 'weight' as const, weight_break: '100' },
  { rate_class: 'Q' as const, rate_type: 'weight' as const, weight_break: '300' },
  { rate_class: 'Q' as const, rate_type: 'weight' as const, weight_break: '500' },
  { rate_class: 'Q' as const, rate_type: 'weight' as const, weight_break: '1000' },
];

/** The demo agreements' period. */
const validity = { effective_from: '2026-01-01', effective_to: '2027-12-31' };

export async function seedDemoTariffs(tx: Db, ids: { su: number; xx: number; fwdA: number }): Promise<void> {
  const list = demoTariffs();
  const inserted = await tx
    .insert(tariffs)
    .values(
      list.map((t) => ({
        airline_id: ids[t.carrier],
        internal_id: t.internalId,
        origin_kind: 'airport' as const,
        origin_code: t.origin,
        destination_kind: 'airport' as const,
        destination_code: t.destination,
        basis: 'charge' as const,
        currency: t.currency,
        ...validity,
        products: [],
      })),
    )
    .returning({ id: tariffs.id });
  await tx
    .insert(tariffRates)
    .values(
      list.flatMap((t, i) =>
        RATE_KEYS.map((key, position) => ({ ...key, tariff_id: inserted[i]!.id, position, value: t.rates[position]! })),
      ),
    );
  const restricted = list.flatMap((t, i) => (t.forA ? [{ tariff_id: inserted[i]!.id, company_id: ids.fwdA }] : []));
  await tx.insert(tariffGroups).values([
    { airline_id: ids.su, code: 'PHARMA', name: 'Pharmaceuticals', products: ['PIL'] },
    { airline_id: ids.xx, code: 'FRESH', name: 'Perishables', products: ['PER', 'TMP'] },
  ]);
  const charge = (
    airline: number,
    code: string,
    name: string,
    basis: 'fixed' | 'charge' | 'gross',
    rate: string,
    currency: string,
    minimal: string | null = null,
  ) => ({
    airline_id: airline,
    charge_code: code,
    charge_name: name,
    basis,
    rate,
    minimal_rate: minimal,
    currency,
    ...validity,
  });
  const charges = await tx
    .insert(tariffCharges)
    .values([
      charge(ids.su, 'AW', 'Air waybill fee', 'fixed', '600', 'RUB'),
      charge(ids.su, 'MY', 'Fuel surcharge', 'charge', '9.5', 'RUB', '300'),
      charge(ids.su, 'SC', 'Security charge', 'gross', '2.5', 'RUB', '250'),
      charge(ids.su, 'XS', 'Screening', 'gross', '1.8', 'RUB', '200'),
      charge(ids.xx, 'AW', 'Air waybill fee', 'fixed', '15', 'USD'),
      charge(ids.xx, 'MY', 'Fuel surcharge', 'charge', '0.45', 'USD', '10'),
      charge(ids.xx, 'SC', 'Security charge', 'gross', '0.12', 'USD', '8'),
      charge(ids.xx, 'XS', 'Screening', 'gross', '0.08', 'USD', '5'),
      // Forwarder A's AWB fee at SU is lower.
      charge(ids.su, 'AW', 'Air waybill fee (contract)', 'fixed', '450', 'RUB'),
    ])
    .returning({ id: tariffCharges.id });
  await tx.insert(tariffSurcharges).values([
    {
      airline_id: ids.su,
      code: 'PIL',
      name: 'Pharma handling',
      type: 'value',
      value: '12',
      currency: 'RUB',
      minimal_weight: '10',
      product_code: 'PIL',
      ...validity,
    },
    { airline_id: ids.xx, code: 'PEAK', name: 'Peak season', type: 'percent', value: '5', ...validity },
  ]);
  await tx
    .insert(tariffCompanies)
    .values([...restricted, { charge_id: charges[charges.length - 1]!.id, company_id: ids.fwdA }]);
}
