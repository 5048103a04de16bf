import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type AnyMessage,
  AsmSchema,
  CsnSchema,
  FblSchema,
  FfaSchema,
  FfmSchema,
  FfrSchema,
  FhlSchema,
  FmaSchema,
  FnaSchema,
  FsaSchema,
  FsuSchema,
  FwbSchema,
  generate,
  generateParts,
  parse,
  SsimSchema,
  SsmSchema,
  UwsSchema,
} from '../src/index';
import { csn, fbl, ffa, ffm, ffr, fhl, fma, fna, fsa, fsu, fwb, uws } from './arb/cimp';
import { asm, ssim, ssm } from './arb/schedule';

const cases: [string, fc.Arbitrary<AnyMessage>, z.ZodType][] = [
  ['FWB', fwb, FwbSchema],
  ['FHL', fhl, FhlSchema],
  ['FFM', ffm(), FfmSchema],
  ['FBL', fbl(), FblSchema],
  ['FSU', fsu, FsuSchema],
  ['FSA', fsa, FsaSchema],
  ['FFR', ffr, FfrSchema],
  ['FFA', ffa, FfaSchema],
  ['CSN', csn, CsnSchema],
  ['FMA', fma, FmaSchema],
  ['FNA', fna, FnaSchema],
  ['UWS', uws, UwsSchema],
  ['SSIM', ssim(), SsimSchema],
  ['SSM', ssm, SsmSchema],
  ['ASM', asm, AsmSchema],
];

function roundTrip(m: AnyMessage, maxLength?: number): void {
  const text = generate(m, maxLength === undefined ? {} : { maxLength });
  const r = parse(text);
  expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  expect(r.type).toBe(m.type);
  expect(r.message).toEqual(m);
}

describe('generate then parse gives back the same model', () => {
  for (const [name, arb, schema] of cases) {
    it(`round-trips generated ${name} models without error issues`, () => {
      fc.assert(
        fc.property(arb, (m) => {
          expect(schema.safeParse(m).error).toBeUndefined();
          roundTrip(m);
        }),
        { numRuns: 120 },
      );
    });
  }

  it('round-trips FFM and FBL split into many parts (method 1, CONT/LAST)', () => {
    fc.assert(
      fc.property(fc.oneof(ffm(12) as fc.Arbitrary<AnyMessage>, fbl(12) as fc.Arbitrary<AnyMessage>), (m) =>
        roundTrip(m, 700),
      ),
      { numRuns: 60 },
    );
  });

  it('round-trips FWB, FSU and FFR split into parts (method 2, PART/n)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fwb as fc.Arbitrary<AnyMessage>, fsu as fc.Arbitrary<AnyMessage>, ffr as fc.Arbitrary<AnyMessage>),
        (m) => roundTrip(m, 400),
      ),
      { numRuns: 60 },
    );
  });

  it('keeps every generated Cargo-IMP line within 69 characters and every part within 3,500', () => {
    fc.assert(
      fc.property(fc.oneof(fwb, ffm(20), fhl, fsu, ffr) as fc.Arbitrary<AnyMessage>, (m) => {
        for (const part of generateParts(m)) {
          expect(part.length).toBeLessThanOrEqual(3500 + 10);
          for (const line of part.split('\n')) expect(line.length).toBeLessThanOrEqual(69);
        }
      }),
      { numRuns: 80 },
    );
  });
});
