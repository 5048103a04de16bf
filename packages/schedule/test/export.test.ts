import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateToDay } from '../src/dates';
import { applyDiff, diffSsim } from '../src/diff';
import { expandRegular } from '../src/expand';
import { compressDays, exportSsim } from '../src/export';
import { expandSsim } from '../src/ssim';
import { type DatedLeg, legKey } from '../src/types';
import { ZONES } from './fixtures';

const AIRPORTS = Object.keys(ZONES);
// Date variations count days in the file's time mode: a UTC-mode file gives them in UTC, a local one in local dates.
const sortLegs = (legs: DatedLeg[], local: boolean) =>
  legs
    .map(({ canceled: _c, dateVariation, ...l }) => (local ? { ...l, dateVariation } : l))
    .sort((a, b) => (legKey(a) < legKey(b) ? -1 : 1));

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const definition = fc.record({
  route: fc.uniqueArray(fc.constantFrom(...AIRPORTS), { minLength: 2, maxLength: 4 }),
  times: fc.array(fc.tuple(time, time), { minLength: 3, maxLength: 3 }),
  weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  start: fc.integer({ min: 0, max: 30 }),
  length: fc.integer({ min: 0, max: 40 }),
  aircraftType: fc.constantFrom('77F', '74N', '321'),
  serviceType: fc.constantFrom('F', 'J', 'H'),
});

type Definition = typeof definition extends fc.Arbitrary<infer T> ? T : never;

function build(defs: Definition[]): DatedLeg[] {
  return defs.flatMap((d, i) => {
    const from = new Date(Date.UTC(2026, 2, 10 + d.start)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(2026, 2, 10 + d.start + d.length)).toISOString().slice(0, 10);
    return expandRegular(
      {
        carrier: 'SU',
        number: 100 + i,
        serviceType: d.serviceType,
        aircraftType: d.aircraftType,
        from,
        to,
        weekdays: d.weekdays,
        legs: d.route.slice(1).map((destination, k) => ({
          origin: d.route[k] as string,
          destination,
          departure: d.times[k]?.[0] as string,
          arrival: d.times[k]?.[1] as string,
        })),
      },
      ZONES,
    ).legs;
  });
}

describe('SSIM export', () => {
  it('compresses days into periods that cover exactly those days', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 80 }), (raw) => {
        const days = raw.map((d) => d + 20500).sort((a, b) => a - b);
        const covered: number[] = [];
        for (const p of compressDays(days)) {
          for (let d = dateToDay(p.from); d <= dateToDay(p.to); d++) {
            if (p.days.includes(((((d + 3) % 7) + 7) % 7) + 1)) covered.push(d);
          }
        }
        expect(covered).toEqual(days);
      }),
    );
  });

  it('round trip: export -> parse -> expand gives the same legs, and importing the export changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(definition, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.nat(),
        (defs, local, cancelSeed) => {
          const legs = build(defs);
          // Some stored legs are cancelled: they are not exported, and the import leaves them cancelled.
          const stored = legs.map((l, i) => ((i + cancelSeed) % 7 === 0 ? { ...l, canceled: true } : l));
          const options = { carrier: 'SU', from: '2026-03-01', to: '2026-05-31', ...(local ? { zones: ZONES } : {}) };
          const text = exportSsim(stored, options);
          const back = expandSsim(text);
          expect(back.issues.filter((i) => i.severity === 'error')).toEqual([]);
          expect(back.records.filter((r) => r.skipped)).toEqual([]);
          expect(
            sortLegs(
              back.records.flatMap((r) => r.legs),
              local,
            ),
          ).toEqual(
            sortLegs(
              stored.filter((l) => !l.canceled),
              local,
            ),
          );
          const again = diffSsim(stored, text);
          expect(again.diff.counts.created + again.diff.counts.changed + again.diff.counts.cancelled).toBe(0);
          expect(applyDiff(stored, again.diff)).toEqual(stored);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('writes a DST change as two periods with their UTC variations', () => {
    const legs = expandRegular(
      {
        carrier: 'SU',
        number: 2401,
        serviceType: 'F',
        aircraftType: '77F',
        from: '2026-03-23',
        to: '2026-04-05',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        legs: [{ origin: 'FRA', destination: 'SVO', departure: '10:00', arrival: '15:30' }],
      },
      ZONES,
    ).legs;
    const records = exportSsim(legs, { carrier: 'SU', from: '2026-03-01', to: '2026-04-30', zones: ZONES })
      .split('\n')
      .filter((l) => l.startsWith('3'));
    expect(records.map((r) => r.slice(14, 52))).toEqual([
      '23MAR2628MAR26123456  FRA10001000+0100',
      '29MAR2605APR261234567 FRA10001000+0200',
    ]);
  });
});
