/**
 * `npm run bench:rating`: quotes per second on one core for a route with 50 applicable tariffs, 50 applicable charges
 * and 50 applicable surcharges, inside a data set of 20,000 tariffs and 20,000 charges on other routes and carriers.
 * Target (issue 10): 20,000 quotes per second per core or more.
 */
import { loadavg } from 'node:os';
import { type ChargeInput, prepare, type ShipmentInput, type SurchargeInput, type TariffInput } from '../src/index';

const AIRPORTS = ['SVO', 'DME', 'LED', 'OVB', 'KJA', 'SVX', 'KZN', 'AER', 'KRR', 'VVO', 'KHV', 'IKT', 'UFA', 'ROV'];
const places = {
  airports: Object.fromEntries(
    AIRPORTS.map((a) => [a, { city: a === 'SVO' || a === 'DME' ? 'MOW' : a, country: 'RU' }]),
  ),
  regions: { CIS: ['RU', 'KZ', 'BY'] },
};
const PRODUCTS = ['GCR', 'PIL', 'XPS', 'PER'];
const CODES = ['AW', 'MY', 'SC', 'RA', 'CH', 'CD', 'FC', 'XB', 'SO', 'IN'];

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const cents = (min: number, max: number) => {
  const c = Math.floor(min * 100 + random() * (max - min) * 100);
  return `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
};

function grid() {
  const n = 10 + random() * 20;
  return [
    { rateClass: 'M' as const, value: cents(300, 900) },
    { rateClass: 'N' as const, value: n.toFixed(2) },
    ...[45, 100, 300, 500, 1000].map((b, i) => ({
      rateClass: 'Q' as const,
      weightBreak: b,
      value: (n * (0.85 - i * 0.08)).toFixed(2),
    })),
  ];
}

const tariffs: TariffInput[] = [];
const charges: ChargeInput[] = [];
const surcharges: SurchargeInput[] = [];

// The measured route SU SVO -> LED: 50 tariffs by airport, city, country and region, with and without restrictions.
const originSpecs = [
  { kind: 'airport', code: 'SVO' },
  { kind: 'city', code: 'MOW' },
  { kind: 'country', code: 'RU' },
] as const;
for (let i = 0; i < 50; i++) {
  tariffs.push({
    id: `route-${i}`,
    airline: 'SU',
    origin: originSpecs[i % 3],
    destination: i % 5 === 0 ? { kind: 'region', code: 'CIS' } : { kind: 'airport', code: 'LED' },
    basis: i % 7 === 0 ? 'gross' : 'charge',
    currency: i % 10 === 0 ? 'USD' : 'RUB',
    vatInclusion: i % 2 === 0 ? 'notIncluded' : 'without',
    vatPercent: '20',
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
    companies: i % 4 === 0 ? ['fwd-a', 'fwd-b'] : [],
    rates: grid(),
  });
  charges.push({
    id: `charge-${i}`,
    airline: 'SU',
    chargeCode: CODES[i % CODES.length] as string,
    origin: i % 2 === 0 ? originSpecs[i % 3] : null,
    basis: (['fixed', 'charge', 'gross', 'pieces'] as const)[i % 4] ?? 'fixed',
    rate: cents(1, 400),
    minimalRate: i % 3 === 0 ? cents(100, 500) : null,
    currency: 'RUB',
    vatInclusion: 'notIncluded',
    vat: '20',
    effectiveFrom: '2026-01-01',
  });
  surcharges.push({
    id: `surcharge-${i}`,
    airline: 'SU',
    code: `S${i % 10}`,
    type: i % 2 === 0 ? 'percent' : 'value',
    value: cents(1, 15),
    minimalWeight: '50',
    currency: 'RUB',
    origin: i % 2 === 0 ? originSpecs[i % 3] : null,
    destination: { kind: 'airport', code: 'LED' },
  });
}
// Everything else: 20,000 tariffs and charges of other carriers and routes, which the index must skip.
for (let i = 0; i < 20_000; i++) {
  const o = AIRPORTS[i % AIRPORTS.length] as string;
  const d = AIRPORTS[(i * 7 + 3) % AIRPORTS.length] as string;
  const airline = ['S7', 'U6', 'FV', 'SU'][i % 4] as string;
  if (airline === 'SU' && o === 'SVO' && d === 'LED') continue;
  tariffs.push({
    id: `other-${i}`,
    airline,
    origin: { kind: 'airport', code: o },
    destination: { kind: 'airport', code: d },
    basis: 'charge',
    currency: 'RUB',
    rates: grid(),
  });
  charges.push({
    id: `other-charge-${i}`,
    airline,
    chargeCode: CODES[i % CODES.length] as string,
    origin: { kind: 'airport', code: o },
    destination: { kind: 'airport', code: d },
    basis: 'fixed',
    rate: cents(100, 500),
    currency: 'RUB',
  });
}

const t0 = performance.now();
const prepareCpu0 = process.cpuUsage();
const rating = prepare(tariffs, charges, surcharges, { places });
const prepareCpu = process.cpuUsage(prepareCpu0);
const prepareMs = performance.now() - t0;
if (rating.issues.length > 0) throw new Error(`bench data has issues: ${JSON.stringify(rating.issues[0])}`);

const shipments: ShipmentInput[] = Array.from({ length: 1024 }, (_, i) => ({
  carrier: 'SU',
  origin: 'SVO',
  destination: 'LED',
  date: '2026-06-15',
  pieces: 1 + (i % 12),
  weight: (5 + random() * 2500).toFixed(1),
  volume: i % 3 === 0 ? (random() * 12).toFixed(3) : null,
  product: PRODUCTS[i % PRODUCTS.length] as string,
  shcs: i % 5 === 0 ? ['DGR'] : [],
  company: i % 2 === 0 ? 'fwd-a' : 'fwd-c',
}));

// Every shipment must price through all 50 + 50 + 50 records of the route.
const sample = rating.quote(shipments[0] as ShipmentInput);
if (!sample.ok) throw new Error(sample.reason.detail);

/** CPU microseconds per call of `fn`. */
function cpuMicros(fn: () => unknown, calls: number): number {
  for (let i = 0; i < Math.min(calls, 200); i++) fn();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
}

/**
 * Quotes per second of wall time and per second of this process's CPU time (user + system): on a shared machine the
 * CPU figure is the per-core rate, since wall time also counts the time other processes held the core.
 */
function measure(ms: number): { wall: number; cpu: number } {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 64; i++) rating.quote(shipments[(n + i) & 1023] as ShipmentInput);
    n += 64;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpu0);
  return { wall: (n * 1000) / (now - start), cpu: (n * 1e6) / (cpu.user + cpu.system) };
}

measure(500); // warm-up
const { wall, cpu } = measure(3000);
// A route with no tariff (VVO-PEK): the answer names the nearest of the carrier's 5,000 tariffs.
const noTariff: ShipmentInput = { ...(shipments[0] as ShipmentInput), origin: 'VVO', destination: 'PEK' };
const missQuote = rating.quote(noTariff);
if (missQuote.ok) throw new Error('expected no tariff on VVO-PEK');
const missMicros = cpuMicros(() => rating.quote(noTariff), 2000);
const [load1] = loadavg();
console.log(
  `records: ${rating.counts.tariffs} tariffs, ${rating.counts.charges} charges, ${rating.counts.surcharges} surcharges`,
);
console.log(
  `prepare: ${prepareMs.toFixed(0)} ms wall, ${((prepareCpu.user + prepareCpu.system) / 1000).toFixed(0)} ms CPU`,
);
console.log(
  `route SU SVO-LED: 50 applicable tariffs, 50 charges, 50 surcharges -> ${sample.lines.length} rate lines, ${sample.alternatives.length} alternatives`,
);
const fmt = (v: number) => Math.round(v).toLocaleString('en-US');
console.log(`quotes per second per core (CPU time): ${fmt(cpu)} (target 20,000); wall clock: ${fmt(wall)}`);
console.log(
  `no tariff on the route (reason: ${missQuote.reason.condition}): ${missMicros.toFixed(0)} us CPU per quote`,
);
console.log(`load average (1 min): ${load1?.toFixed(2)}`);
