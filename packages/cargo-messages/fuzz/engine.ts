/**
 * Fuzzing: random and mutated inputs for every message type. `parse` must never throw; the time
 * of each input is measured so the fuzz script can report the slowest one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { type AnyMessage, generate, PARSERS, parse, parseEmail, splitTelegrams } from '../src/index';
import { MESSAGE_TYPES, type MessageType } from '../src/types';
import { csn, fbl, ffa, ffm, ffr, fhl, fma, fna, fsa, fsu, fwb, uws } from '../test/arb/cimp';
import { asm, ssim, ssm } from '../test/arb/schedule';

export type FuzzTarget = MessageType | 'TYPEB';

export const TARGETS: FuzzTarget[] = [...MESSAGE_TYPES, 'TYPEB'];

/** Arbitraries of the generatable types; parse-only types are fuzzed from their fixtures. */
const ARBS: Partial<Record<MessageType, fc.Arbitrary<AnyMessage>>> = {
  FWB: fwb,
  FHL: fhl,
  FFM: ffm(),
  FBL: fbl(),
  FSU: fsu,
  FSA: fsa,
  FFR: ffr,
  FFA: ffa,
  CSN: csn,
  FMA: fma,
  FNA: fna,
  UWS: uws,
  SSIM: ssim(3),
  SSM: ssm,
  ASM: asm,
};

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789////----....    \n\n\r\tKLPTMC';
const ODD = [
  '\u0000',
  '\u0001',
  '\u00e9',
  '\u00fc',
  '\u4e2d',
  '\ud83d\ude00',
  '\uffff',
  '=',
  '>',
  '#',
  '&',
  ',',
  '\u007f',
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

function randomText(r: () => number, max: number): string {
  const n = Math.floor(r() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += r() < 0.03 ? pick(r, ODD) : ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

function mutate(r: () => number, seed: string): string {
  let s = seed;
  const steps = 1 + Math.floor(r() * 6);
  for (let k = 0; k < steps; k++) {
    const at = Math.floor(r() * (s.length + 1));
    const lines = s.split('\n');
    const li = Math.floor(r() * lines.length);
    switch (Math.floor(r() * 12)) {
      case 0:
        s = s.slice(0, at) + randomText(r, 8) + s.slice(at);
        break;
      case 1:
        s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 10));
        break;
      case 2:
        s = s.slice(0, at) + pick(r, ['/', '-', '.', ' ', '\n', '//', '\r\n', 'NIL', 'CONT', 'LAST']) + s.slice(at + 1);
        break;
      case 3:
        lines.splice(li, 0, lines[li] ?? '');
        s = lines.join('\n');
        break;
      case 4:
        lines.splice(li, 1);
        s = lines.join('\n');
        break;
      case 5: {
        const lj = Math.floor(r() * lines.length);
        const a = lines[li] ?? '';
        lines[li] = lines[lj] ?? '';
        lines[lj] = a;
        s = lines.join('\n');
        break;
      }
      case 6:
        s = s.slice(0, at);
        break;
      case 7:
        s = s.slice(0, at) + (s.slice(at, at + 20) || 'A/').repeat(1 + Math.floor(r() * 400)) + s.slice(at);
        break;
      case 8:
        s = s.replace(/\d/g, (d) => (r() < 0.2 ? String(Math.floor(r() * 10)) : d));
        break;
      case 9:
        s = s.slice(0, at) + pick(r, ODD) + s.slice(at);
        break;
      case 10:
        lines.splice(
          li,
          0,
          `${pick(r, ['ULD', 'OSI', 'DIM', 'RTD', 'SHP', 'NAM', 'OCI', 'PART', 'FFM', 'HBS', 'CAN'])}/${randomText(r, 30)}`,
        );
        s = lines.join('\n');
        break;
      default:
        s = s.toLowerCase();
    }
  }
  return s;
}

export function seedsFor(target: FuzzTarget, count = 25): string[] {
  const dir = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
  const files = readdirSync(dir).map((f) => readFileSync(dir + f, 'utf8'));
  if (target === 'TYPEB') return files.filter((t) => /^\s*Q[A-Z] |^From: |^=HEADER/m.test(t));
  const fixtures = files.filter((t) => {
    const first = t
      .replace(/^PDM\s*/, '')
      .trimStart()
      .slice(0, 4)
      .toUpperCase();
    return first.startsWith(target) || (target === 'SSIM' && first.startsWith('1AIR'));
  });
  const arb = ARBS[target];
  const generated = arb ? fc.sample(arb, { numRuns: count, seed: 42 }).map((m) => generate(m)) : [];
  return [...fixtures, ...generated];
}

export interface FuzzResult {
  target: FuzzTarget;
  runs: number;
  failures: { input: string; error: string }[];
  slowestMs: number;
  slowestInput: string;
  /** Inputs over `limitMs` at their first measurement (at most 200 kept), to be re-timed. */
  overLimit: string[];
  totalMs: number;
}

/** Runs `runs` inputs: a fifth fully random, the rest mutated seeds. Never stops on a failure. */
export function fuzz(target: FuzzTarget, runs: number, seed = 1, limitMs = 50): FuzzResult {
  const r = rng(seed);
  const seeds = seedsFor(target);
  const smi =
    target === 'SSIM'
      ? '1AIRLINE STANDARD SCHEDULE DATA SET'
      : target === 'TYPEB'
        ? 'QK MOWFMSU\n.LEDRMSU 010101'
        : target;
  const run = (input: string) => {
    if (target === 'TYPEB') {
      parse(input);
      for (const t of splitTelegrams(input)) parse(t.text);
      parseEmail({ subject: 'FWB', body: input });
    } else {
      PARSERS[target](input);
    }
  };
  const result: FuzzResult = { target, runs, failures: [], slowestMs: 0, slowestInput: '', overLimit: [], totalMs: 0 };
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const input =
      r() < 0.2 || seeds.length === 0
        ? `${r() < 0.5 ? `${smi}\n` : ''}${randomText(r, 300)}`
        : mutate(r, pick(r, seeds));
    const t0 = performance.now();
    try {
      run(input);
    } catch (e) {
      if (result.failures.length < 20)
        result.failures.push({ input, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
    const ms = performance.now() - t0;
    if (ms > limitMs && result.overLimit.length < 200) result.overLimit.push(input);
    if (ms > result.slowestMs) {
      result.slowestMs = ms;
      result.slowestInput = input;
    }
  }
  result.totalMs = performance.now() - started;
  return result;
}

/** Time of one input, best of `times` runs (filters out garbage-collection pauses). */
export function retime(target: FuzzTarget, input: string, times = 5): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    if (target === 'TYPEB') parse(input);
    else PARSERS[target](input);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}
