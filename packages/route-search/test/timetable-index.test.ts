import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimetableIndex } from '../src/timetable-index';
import type { DatedLeg, TimetablePatch } from '../src/types';

const BASE = 29_577_600;

function leg(
  id: number,
  origin: string,
  destination: string,
  departure: number,
  extra: Partial<DatedLeg> = {},
): DatedLeg {
  return {
    id,
    carrier: 'SU',
    flightNumber: String(id % 10000),
    origin,
    destination,
    departure: BASE + departure,
    arrival: BASE + departure + 120,
    aircraftType: null,
    freighter: false,
    availableKg: 1000,
    availableM3: 10,
    salesClosed: false,
    cancelled: false,
    locked: false,
    salesOpenAt: null,
    salesCloseAt: null,
    ...extra,
  };
}

/** The invariant the search relies on: order holds every live leg once, sorted by (origin, destination, departure). */
function checkOrder(index: TimetableIndex): void {
  const n = index.size;
  const seen = new Set<number>();
  for (let p = 0; p < index.dim * index.dim; p++) {
    const o = Math.floor(p / index.dim);
    const d = p % index.dim;
    for (let i = index.pairStart[p]!; i < index.pairStart[p + 1]!; i++) {
      const s = index.order[i]!;
      expect(seen.has(s)).toBe(false);
      seen.add(s);
      expect([index.org[s], index.dst[s]]).toEqual([o, d]);
      expect(index.orderDep[i]).toBe(index.dep[s]);
      if (i > index.pairStart[p]!) expect(index.orderDep[i - 1]!).toBeLessThanOrEqual(index.orderDep[i]!);
    }
  }
  expect(seen.size).toBe(n);
  expect(index.pairStart[index.pairStart.length - 1]).toBe(n);
}

describe('timetable index', () => {
  it('returns the legs it was given', () => {
    const legs = [
      leg(7, 'SVO', 'LED', 60, { aircraftType: '77F', freighter: true, salesOpenAt: BASE - 1000, salesCloseAt: BASE }),
      leg(3, 'LED', 'SVO', 0, {
        salesClosed: true,
        locked: true,
        cancelled: true,
        availableKg: 12.5,
        availableM3: 0.1,
      }),
    ];
    const index = TimetableIndex.build(legs);
    expect(index.size).toBe(2);
    expect(index.get(7)).toEqual(legs[0]);
    expect(index.get(3)).toEqual(legs[1]);
    expect(index.get(99)).toBeUndefined();
    expect([...index.legs()].map((l) => l.id).sort()).toEqual([3, 7]);
    checkOrder(index);
  });

  it('keeps the last of a repeated id when built', () => {
    const index = TimetableIndex.build([leg(1, 'SVO', 'LED', 0), leg(2, 'LED', 'SVO', 5), leg(1, 'SVO', 'ALA', 9)]);
    expect(index.size).toBe(2);
    expect(index.get(1)!.destination).toBe('ALA');
    checkOrder(index);
  });

  it('refuses a leg it cannot index', () => {
    const index = new TimetableIndex();
    expect(() => index.upsert(leg(1, 'SVO', 'LED', 0, { arrival: BASE - 1 }))).toThrow(RangeError);
    expect(() => index.upsert(leg(-1, 'SVO', 'LED', 0))).toThrow(RangeError);
    expect(() => index.upsert(leg(1.5, 'SVO', 'LED', 0))).toThrow(RangeError);
    expect(() => index.upsert(leg(1, '', 'LED', 0))).toThrow(RangeError);
    expect(() => index.upsert(leg(1, 'SVO', 'LED', 0, { departure: 1.5 }))).toThrow(RangeError);
    expect(() => index.upsert(leg(1, 'SVO', 'LED', 0, { availableKg: Number.NaN }))).toThrow(RangeError);
    expect(index.size).toBe(0);
  });

  it('grows past its first airport table and keeps every pair', () => {
    const index = new TimetableIndex();
    const codes = Array.from({ length: 40 }, (_, i) => `A${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`);
    codes.forEach((c, i) => {
      index.upsert(leg(i + 1, c, codes[(i + 1) % codes.length]!, i));
    });
    expect(index.dim).toBeGreaterThanOrEqual(40);
    checkOrder(index);
    expect(index.get(40)!.destination).toBe(codes[0]);
  });

  it('reports its memory', () => {
    const index = TimetableIndex.build(Array.from({ length: 5000 }, (_, i) => leg(i + 1, 'SVO', 'LED', i)));
    const m = index.memory();
    expect(m.legs).toBe(5000);
    expect(m.columnBytes).toBeGreaterThanOrEqual(5000 * 50);
    expect(m.hashBytes).toBeGreaterThanOrEqual(5000 * 4 * 2);
    expect(m.totalBytes).toBe(m.columnBytes + m.hashBytes + m.orderBytes + m.stringBytes);
  });

  it('stays equal to a plain map under any sequence of patches, one by one or in batches', () => {
    const airports = ['SVO', 'LED', 'ALA', 'IST'];
    const patchArb: fc.Arbitrary<TimetablePatch> = fc.oneof(
      fc
        .record({
          id: fc.integer({ min: 1, max: 60 }),
          o: fc.constantFrom(...airports),
          d: fc.constantFrom(...airports),
          dep: fc.integer({ min: 0, max: 3000 }),
          kg: fc.integer({ min: 0, max: 5000 }),
        })
        .map(({ id, o, d, dep, kg }) => ({ op: 'upsert' as const, leg: leg(id, o, d, dep, { availableKg: kg }) })),
      fc.integer({ min: 1, max: 60 }).map((id) => ({ op: 'remove' as const, id })),
    );
    fc.assert(
      fc.property(fc.array(fc.array(patchArb, { maxLength: 120 }), { maxLength: 6 }), (batches) => {
        const index = new TimetableIndex();
        const model = new Map<number, DatedLeg>();
        for (const batch of batches) {
          index.applyPatches(batch);
          for (const p of batch) {
            if (p.op === 'upsert') model.set(p.leg.id, p.leg);
            else model.delete(p.id);
          }
          expect(index.size).toBe(model.size);
          for (let id = 1; id <= 60; id++) expect(index.get(id)).toEqual(model.get(id));
          checkOrder(index);
        }
        index.compact();
        for (const [id, l] of model) expect(index.get(id)).toEqual(l);
        checkOrder(index);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
