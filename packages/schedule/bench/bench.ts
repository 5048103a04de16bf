/**
 * `npm run bench:schedule`: expansion and diff throughput (dated legs per second) and peak memory for the generated
 * one-year schedule of 20 airlines (about 10,000 legs a day, 3.65 million legs). The file is streamed and handled
 * carrier by carrier (`ssimByCarrier`), as an import would: expand, diff against an empty store (all created), then
 * diff the same file against the applied result (all unchanged: the idempotent re-import).
 * Options: BENCH_DAYS (365), BENCH_AIRLINES (20), BENCH_LEGS_PER_DAY (10000).
 */
import { loadavg } from 'node:os';
import { applyDiff, diffSsim } from '../src/diff';
import { benchSsimRecords, ssimByCarrier } from '../src/generators';
import { expandSsim } from '../src/ssim';
import type { DatedLeg } from '../src/types';

const days = Number(process.env.BENCH_DAYS ?? 365);
const airlines = Number(process.env.BENCH_AIRLINES ?? 20);
const legsPerDay = Number(process.env.BENCH_LEGS_PER_DAY ?? 10_000);

let peak = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  if (m.rss > peak) peak = m.rss;
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
};
const timer = setInterval(sample, 20);

let legs = 0;
let records = 0;
let bytes = 0;
let expandMs = 0;
let createMs = 0;
let reimportMs = 0;
let unchanged = 0;
const t0 = performance.now();
for (const part of ssimByCarrier(benchSsimRecords({ from: '2026-01-01', days, airlines, legsPerDay }))) {
  bytes += part.text.length;
  // Each phase in its own scope, so only what the next phase needs stays reachable.
  {
    const t = performance.now();
    const exp = expandSsim(part.text);
    expandMs += performance.now() - t;
    records += exp.records.length;
    legs += exp.records.reduce((n, r) => n + r.legs.length, 0);
    sample();
  }
  let stored: DatedLeg[];
  {
    const t = performance.now();
    const created = diffSsim([], part.text);
    createMs += performance.now() - t;
    sample();
    stored = applyDiff([], created.diff);
  }
  {
    const t = performance.now();
    const again = diffSsim(stored, part.text);
    reimportMs += performance.now() - t;
    unchanged += again.diff.counts.unchanged;
    if (again.diff.counts.unchanged !== stored.length)
      throw new Error(`re-import of ${part.carrier} changed something`);
    sample();
  }
}
clearInterval(timer);
const total = (performance.now() - t0) / 1000;
const rate = (ms: number) => Math.round(legs / (ms / 1000)).toLocaleString('en');
console.log(
  `schedule: ${airlines} airlines, ${days} days, ${records.toLocaleString('en')} leg records, ${(bytes / 1e6).toFixed(1)} MB SSIM`,
);
console.log(
  `  dated legs:            ${legs.toLocaleString('en')} (${Math.round(legs / days).toLocaleString('en')} a day)`,
);
console.log(`  expansion:             ${rate(expandMs)} legs/s (parse + expand)`);
console.log(`  diff, empty store:     ${rate(createMs)} legs/s (parse + expand + compare, all created)`);
console.log(`  diff, re-import:       ${rate(reimportMs)} legs/s (all ${unchanged.toLocaleString('en')} unchanged)`);
console.log(
  `  peak memory:           RSS ${Math.round(peak / 1048576)} MB, heap used ${Math.round(peakHeap / 1048576)} MB (one carrier at a time)`,
);
console.log(
  `  total:                 ${total.toFixed(1)} s; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
