/**
 * `npm run bench:search`: a one-year synthetic timetable of 10,000 legs a day (3.65 million legs; 20 carriers, 150
 * airports of which 30 hubs), index build time and memory, then route-search p50/p95 with up to two transfers.
 * Target: p95 <= 20 ms. Options: LEGS_PER_DAY, DAYS, QUERIES (environment).
 */
import os from 'node:os';
import { RouteSearch } from '../src/route-search';
import { TimetableIndex } from '../src/timetable-index';
import type { RouteQuery } from '../src/types';
import { buildNetwork, datedLegs, mulberry32 } from './network';

const LEGS_PER_DAY = Number(process.env.LEGS_PER_DAY ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const QUERIES = Number(process.env.QUERIES ?? 1000);
const START = Math.floor(Date.UTC(2026, 0, 1) / 60000);

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const delta = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`;
function settle() {
  gc?.();
  gc?.();
  return process.memoryUsage();
}

const net = buildNetwork({ legsPerDay: LEGS_PER_DAY, days: DAYS, start: START });
console.log(
  `timetable: ${net.legsPerDay.toLocaleString('en')} legs a day x ${DAYS} days = ${(net.legsPerDay * DAYS).toLocaleString('en')} legs, ` +
    `${net.airports.length} airports (${net.hubs.length} hubs), ${net.carriers.length} carriers`,
);
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const before = settle();
let t = performance.now();
const index = TimetableIndex.build(datedLegs(net));
const buildMs = performance.now() - t;
const after = settle();
const mem = index.memory();
console.log(
  `\nindex build: ${(buildMs / 1000).toFixed(2)} s for ${index.size.toLocaleString('en')} legs (read one by one from a generator, as rows from a cursor)`,
);
console.log(
  `index memory (own count): ${mb(mem.totalBytes)} = columns ${mb(mem.columnBytes)} + id hash ${mb(mem.hashBytes)} + ` +
    `order ${mb(mem.orderBytes)} + strings ${mb(mem.stringBytes)}  (${(mem.totalBytes / mem.legs).toFixed(1)} bytes a leg)`,
);
console.log(
  `process after build: heap used ${delta(after.heapUsed - before.heapUsed)}, typed arrays (arrayBuffers) ${delta(after.arrayBuffers - before.arrayBuffers)}, rss ${mb(after.rss)}`,
);

// Patches: a capacity change in place, and a re-timed leg (moves in the sorted order).
const sample = index.get(Math.floor(index.size / 2))!;
t = performance.now();
const patchCount = 200;
for (let i = 0; i < patchCount; i++) index.upsert({ ...sample, availableKg: sample.availableKg - i });
const inPlaceUs = ((performance.now() - t) * 1000) / patchCount;
t = performance.now();
for (let i = 0; i < patchCount; i++)
  index.upsert({ ...sample, departure: sample.departure + (i % 2 ? 5 : -5), arrival: sample.arrival + 5 });
const movedUs = ((performance.now() - t) * 1000) / patchCount;
index.upsert(sample);
console.log(`patch: capacity change ${inPlaceUs.toFixed(1)} us, re-timed leg ${(movedUs / 1000).toFixed(2)} ms`);

const search = new RouteSearch(index, net.config);
const rnd = mulberry32(99);
const spokes = net.airports.filter((a) => !net.hubs.includes(a));
function randomQuery(rangeDays: number, explain: boolean): RouteQuery {
  const kind = rnd();
  const hub = () => net.hubs[Math.floor(rnd() * net.hubs.length)]!;
  const spoke = () => spokes[Math.floor(rnd() * spokes.length)]!;
  let origin = kind < 0.34 ? spoke() : hub();
  let destination = kind < 0.67 ? spoke() : hub();
  while (destination === origin) destination = spoke();
  if (rnd() < 0.05) origin = 'CTA';
  const day = 7 + Math.floor(rnd() * (DAYS - 14));
  const from = START + day * 1440;
  return {
    origin,
    destination,
    departureFrom: from,
    departureTo: from + rangeDays * 1440,
    now: from - 2 * 1440,
    maxTransfers: 2,
    weightKg: 100 + Math.floor(rnd() * 1900),
    volumeM3: 1 + Math.floor(rnd() * 9),
    sort: rnd() < 0.5 ? 'faster' : 'cheaper',
    price: (r) => ({ amount: r.legs.length * 100 + r.tripMinutes / 10, currency: 'USD' }),
    explain,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function run(label: string, rangeDays: number, explain: boolean) {
  for (let i = 0; i < 300; i++) search.search(randomQuery(rangeDays, explain)); // warm-up (JIT, caches)
  const times: number[] = [];
  const cpu: number[] = [];
  let routes = 0;
  let rejected = 0;
  let candidates = 0;
  let empty = 0;
  let maxCandidates = 0;
  for (let i = 0; i < QUERIES; i++) {
    const q = randomQuery(rangeDays, explain);
    const c = process.cpuUsage();
    const s = performance.now();
    const res = search.search(q);
    times.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    routes += res.routes.length;
    rejected += res.rejected.length;
    candidates += res.stats.candidates;
    maxCandidates = Math.max(maxCandidates, res.stats.candidates);
    if (res.routes.length === 0) empty++;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} wall p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  max ${times[times.length - 1]!.toFixed(1)} ms | ` +
      `cpu p50 ${percentile(cpu, 50).toFixed(2)} p95 ${percentile(cpu, 95).toFixed(2)} ms | ` +
      `avg ${(routes / QUERIES).toFixed(1)} routes, ${(rejected / QUERIES).toFixed(1)} explained, ${(candidates / QUERIES).toFixed(0)} candidates (max ${maxCandidates}), ${empty} empty`,
  );
  return { wall: percentile(times, 95), cpu: percentile(cpu, 95) };
}

console.log(`\nroute search, ${QUERIES} random queries each, up to 2 transfers, shipment 100-2,000 kg:`);
const p95 = run('1-day range', 1, false);
run('3-day range', 3, false);
run('1-day range, explain mode', 1, true);
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const load = os.loadavg()[0]!;
console.log(
  `\ntarget p95 <= 20 ms (1-day range): wall ${p95.wall.toFixed(2)} ms ${p95.wall <= 20 ? 'met' : 'NOT met'}, ` +
    `CPU time ${p95.cpu.toFixed(2)} ms ${p95.cpu <= 20 ? 'met' : 'NOT met'} (load average ${load.toFixed(1)} on ${os.cpus().length} cores: ` +
    'wall time above CPU time is time spent waiting for a core)',
);
