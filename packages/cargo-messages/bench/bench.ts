/**
 * `npm run bench`: parse and generate throughput on one core for FWB, FFM and SSIM, in
 * messages per second and MB per second. Targets: FWB parse >= 10,000 messages/s, SSIM >= 20 MB/s.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Ffm,
  generateFfm,
  generateFwb,
  generateSsim,
  parseFfm,
  parseFwb,
  parseSsim,
  type Ssim,
} from '../src/index';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url)), 'utf8');

interface Row {
  name: string;
  unit: string;
  perSecond: number;
  mbPerSecond: number;
}

/** Runs `fn` repeatedly for about `ms` milliseconds after a warm-up; returns calls per second. */
function measure(fn: () => unknown, ms = 1500): number {
  const warm = performance.now();
  while (performance.now() - warm < 200) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 20; i++) fn();
    n += 20;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const rows: Row[] = [];
function bench(name: string, unit: string, bytes: number, perCall: number, fn: () => unknown): void {
  const calls = measure(fn);
  rows.push({ name, unit, perSecond: calls * perCall, mbPerSecond: (calls * bytes) / 1e6 });
}

// FWB: a full air waybill (parties, rates, other charges, OCI), about 1.2 KB.
const fwbText = fixture('fwb-17-collect-multi-rate.txt');
const fwb = parseFwb(fwbText).message;
bench('FWB parse', 'messages', fwbText.length, 1, () => parseFwb(fwbText));
bench('FWB generate', 'messages', fwbText.length, 1, () => generateFwb(fwb));

// FFM: one manifest of 3 points of unloading x 4 ULDs x 5 consignments plus bulk (several parts).
const base = parseFfm(fixture('ffm-8-bulk-and-uld.txt')).message;
const cons = base.unloading[0]?.ulds[0]?.consignments ?? [];
const ffm: Ffm = {
  ...base,
  unloading: ['LED', 'OVB', 'KJA'].map((airport) => ({
    airport,
    consignments: cons.slice(0, 2),
    ulds: [0, 1, 2, 3].map((k) => ({
      id: `PMC9866${k}SU`,
      consignments: [...cons, ...cons, cons[0] ?? { awb: '555-12345675' }],
    })),
  })),
};
const ffmText = generateFfm(ffm);
bench('FFM parse', 'messages', ffmText.length, 1, () => parseFfm(ffmText));
bench('FFM generate', 'messages', ffmText.length, 1, () => generateFfm(ffm));

// SSIM: one carrier with 20,000 legs (about 4 MB).
const seed = parseSsim(fixture('ssim-local-time.txt')).message;
const legs = seed.carriers[0]?.legs ?? [];
const ssim: Ssim = {
  ...seed,
  carriers: [
    {
      ...(seed.carriers[0] as Ssim['carriers'][number]),
      legs: Array.from({ length: 20000 }, (_, i) => ({
        ...(legs[i % legs.length] as (typeof legs)[number]),
        flightNumber: 1 + (i % 9999),
      })),
    },
  ],
};
const ssimText = generateSsim(ssim);
const records = ssimText.length / 201;
bench('SSIM parse', 'records', ssimText.length, records, () => parseSsim(ssimText));
bench('SSIM generate', 'records', ssimText.length, records, () => generateSsim(ssim));

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const table = [
  ['', 'per second', 'MB/s'],
  ...rows.map((r) => [r.name, `${fmt(r.perSecond)} ${r.unit}`, fmt(r.mbPerSecond, 1)]),
];
const widths = [0, 1, 2].map((c) => Math.max(...table.map((row) => (row[c] ?? '').length)));
process.stdout.write(
  `Single core, node ${process.version}. FWB ${fwbText.length} B, FFM ${ffmText.length} B, SSIM ${(ssimText.length / 1e6).toFixed(1)} MB.\n\n`,
);
for (const row of table) {
  process.stdout.write(
    `${(row[0] ?? '').padEnd(widths[0] ?? 0)}  ${(row[1] ?? '').padStart(widths[1] ?? 0)}  ${(row[2] ?? '').padStart(widths[2] ?? 0)}\n`,
  );
}
const fwbParse = rows.find((r) => r.name === 'FWB parse')?.perSecond ?? 0;
const ssimParse = rows.find((r) => r.name === 'SSIM parse')?.mbPerSecond ?? 0;
process.stdout.write(
  `\nTargets: FWB parse >= 10,000 messages/s: ${fwbParse >= 10000 ? 'met' : 'NOT met'}; SSIM >= 20 MB/s: ${ssimParse >= 20 ? 'met' : 'NOT met'}\n`,
);
