import { describe, expect, it } from 'vitest';
import { fuzz, TARGETS } from '../fuzz/engine';

/** FUZZ_RUNS=100000 (npm run fuzz) for the full run; the default test run stays fast. */
const runs = Number(process.env.FUZZ_RUNS ?? 2000);

describe('parse survives random and mutated input', () => {
  for (const target of TARGETS) {
    it(`never throws on ${runs} random and mutated ${target} inputs`, () => {
      const r = fuzz(target, runs, 3);
      expect(r.failures.map((f) => f.error.split('\n')[0])).toEqual([]);
    });
  }
});
