import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RouteSearch } from '../src/route-search';
import { TimetableIndex } from '../src/timetable-index';
import type { DatedLeg, PermittedRoute, RouteQuery, RouteView, SearchConfig } from '../src/types';
import { bruteCandidates, bruteMct, bruteSearch } from './brute-force';

// Epoch minutes of 2026-03-28T00:00Z: the random timetables straddle the night Europe moves its clocks (29 March),
// which changes nothing here because every instant is UTC.
const BASE = 29_577_600;
const AIRPORTS = ['SVO', 'DME', 'LED', 'ALA', 'IST'];
const CARRIERS = ['SU', 'KC', 'HY', 'TK'];
const CITIES = { MOW: ['SVO', 'DME'] };
const COUNTRIES = { SVO: 'RU', DME: 'RU', LED: 'RU', ALA: 'KZ', IST: 'TR' };

const int = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));

const legArb = (id: number) =>
  fc
    .record({
      carrier: fc.constantFrom(...CARRIERS),
      flight: int(1, 9999),
      pair: fc.tuple(fc.constantFrom(...AIRPORTS), fc.constantFrom(...AIRPORTS)).filter(([a, b]) => a !== b),
      departure: int(0, 1440),
      duration: int(30, 240),
      aircraftType: fc.option(fc.constantFrom('77F', '321', '738'), { nil: null }),
      freighter: fc.boolean(),
      availableKg: fc.oneof(
        { arbitrary: fc.constantFrom(0, 50), weight: 1 },
        { arbitrary: fc.constant(5000), weight: 6 },
      ),
      availableM3: fc.oneof({ arbitrary: fc.constantFrom(0, 1), weight: 1 }, { arbitrary: fc.constant(40), weight: 6 }),
      flags: int(0, 29),
      window: fc.oneof(
        { arbitrary: fc.constant(null), weight: 4 },
        { arbitrary: fc.tuple(int(-600, 1440), int(0, 3 * 1440)), weight: 1 },
      ),
    })
    .map(
      (r): DatedLeg => ({
        id,
        carrier: r.carrier,
        flightNumber: String(r.flight),
        origin: r.pair[0],
        destination: r.pair[1],
        departure: BASE + r.departure,
        arrival: BASE + r.departure + r.duration,
        aircraftType: r.aircraftType,
        freighter: r.freighter,
        availableKg: r.availableKg,
        availableM3: r.availableM3,
        salesClosed: r.flags === 1,
        cancelled: r.flags === 2,
        locked: r.flags === 3,
        salesOpenAt: r.window ? BASE + r.window[0] : null,
        salesCloseAt: r.window ? BASE + r.window[1] : null,
      }),
    );

const timetableArb = fc
  .noBias(fc.integer({ min: 30, max: 100 }))
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => legArb(1000 + i * 7))));

const configArb: fc.Arbitrary<SearchConfig> = fc.record(
  {
    cities: fc.constant(CITIES),
    countries: fc.constant(COUNTRIES),
    mct: fc.record(
      {
        defaultMinutes: int(0, 90),
        airports: fc.dictionary(fc.constantFrom(...AIRPORTS), int(0, 180)),
        exceptions: fc.array(
          fc.record(
            {
              airport: fc.constantFrom(...AIRPORTS),
              minutes: int(0, 240),
              arrivalCarrier: fc.constantFrom(...CARRIERS),
              departureCarrier: fc.constantFrom(...CARRIERS),
              connection: fc.constantFrom('DD' as const, 'DI' as const, 'ID' as const, 'II' as const),
            },
            { requiredKeys: ['airport', 'minutes'] },
          ),
          { maxLength: 6 },
        ),
      },
      { requiredKeys: ['defaultMinutes'] },
    ),
    interline: fc.dictionary(fc.constantFrom(...CARRIERS), fc.subarray(CARRIERS), { minKeys: 2 }),
    permittedRoutes: fc.oneof(
      fc.array(
        fc.record(
          {
            carrier: fc.constantFrom(...CARRIERS),
            origin: fc.constantFrom(...AIRPORTS, 'MOW'),
            destination: fc.constantFrom(...AIRPORTS, 'MOW'),
            via: fc.array(fc.constantFrom(...AIRPORTS), { maxLength: 2 }),
          },
          { requiredKeys: ['carrier', 'origin', 'destination'] },
        ),
        { maxLength: 5 },
      ) as fc.Arbitrary<PermittedRoute[]>,
      // A predicate: no route through IST.
      fc.constant(({ airports }: { airports: readonly string[] }) => !airports.slice(1, -1).includes('IST')),
    ),
    maxConnectionMinutes: int(60, 1440),
    maxTripMinutes: int(300, 2 * 1440),
  },
  { requiredKeys: ['cities', 'countries', 'mct'] },
);

const queryArb: fc.Arbitrary<RouteQuery> = fc
  .record({
    origin: fc.constantFrom(...AIRPORTS, 'MOW'),
    destination: fc.constantFrom(...AIRPORTS, 'MOW'),
    from: int(-120, 720),
    span: int(1, 1440),
    now: fc.oneof({ arbitrary: int(-1440, 0), weight: 4 }, int(0, 1440)),
    maxTransfers: int(0, 2),
    directOnly: int(0, 9).map((n) => n < 3),
    weightKg: fc.constantFrom(0, 10, 100, 1000),
    volumeM3: fc.constantFrom(0, 0.5, 5),
    carriers: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: fc.subarray(CARRIERS, { minLength: 1 }), weight: 1 },
    ),
    freighterOnly: int(0, 9).map((n) => n < 2),
    explain: fc.boolean(),
  })
  .map((q) => ({
    origin: q.origin,
    destination: q.destination,
    departureFrom: BASE + q.from,
    departureTo: BASE + q.from + q.span,
    now: BASE + q.now,
    maxTransfers: q.maxTransfers,
    directOnly: q.directOnly,
    weightKg: q.weightKg,
    volumeM3: q.volumeM3,
    carriers: q.carriers,
    freighterOnly: q.freighterOnly,
    explain: q.explain,
    limit: 1_000_000,
  }));

const key = (ids: readonly number[]) => ids.join('>');
const keys = (routes: readonly RouteView[]) => routes.map((r) => key(r.legs.map((l) => l.id))).sort();

function check(legs: DatedLeg[], index: TimetableIndex, config: SearchConfig, query: RouteQuery): void {
  const want = bruteSearch(legs, query, config);
  for (const pruneDominated of [true, false]) compare(legs, index, config, query, want, pruneDominated);
}

function compare(
  legs: DatedLeg[],
  index: TimetableIndex,
  config: SearchConfig,
  query: RouteQuery,
  want: ReturnType<typeof bruteSearch>,
  pruneDominated: boolean,
): void {
  const got = new RouteSearch(index, config, { pruneDominated }).search(query);
  expect(keys(got.routes)).toEqual(want.routes.map((r) => key(r.ids)).sort());
  expect(keys(got.rejected)).toEqual(want.rejected.map((r) => key(r.ids)).sort());
  // The scan itself, before the Pareto cut: explain mode enumerates every route that physically connects; the strict
  // scan every route of bookable legs and workable connections (interline and permitted routes are checked after).
  // Only without the dominance pruning, which skips routes a found route dominates.
  if (!pruneDominated) {
    const scanned = bruteCandidates(legs, query, config).filter(
      (r) =>
        query.explain ||
        [...r.reasons].every((reason) => reason === 'interline_not_allowed' || reason === 'route_not_permitted'),
    );
    expect(got.stats.candidates).toBe(scanned.length);
  }
  // Each rejected candidate names exactly the reasons the reference finds.
  const reasons = new Map(want.rejected.map((r) => [key(r.ids), [...r.reasons].sort()]));
  for (const r of got.rejected) {
    expect([...new Set(r.rejections.map((x) => x.reason))].sort()).toEqual(reasons.get(key(r.legs.map((l) => l.id))));
    expect(r.bookable).toBe(false);
  }
  // And, spelled out: no returned route breaks an MCT, capacity, a permitted route or the interline rule.
  const byId = new Map(legs.map((l) => [l.id, l]));
  for (const r of got.routes) {
    expect(r.bookable).toBe(true);
    expect(r.rejections).toEqual([]);
    const path = r.legs.map((l) => byId.get(l.id)!);
    for (let i = 1; i < path.length; i++) {
      expect(path[i]!.departure - path[i - 1]!.arrival).toBeGreaterThanOrEqual(
        bruteMct(path[i - 1]!, path[i]!, config),
      );
    }
    for (const l of path) {
      expect(l.availableKg).toBeGreaterThanOrEqual(query.weightKg ?? 0);
      expect(l.availableM3).toBeGreaterThanOrEqual(query.volumeM3 ?? 0);
    }
    if (typeof config.permittedRoutes === 'function') {
      expect(
        config.permittedRoutes({ airports: [...path.map((l) => l.origin), r.destination], carriers: r.carriers }),
      ).toBe(true);
    }
    expect(r.transfers).toBeLessThanOrEqual(query.directOnly ? 0 : (query.maxTransfers ?? 2));
  }
}

describe('route search equals a brute-force search on random small timetables', () => {
  it('built at once', () => {
    fc.assert(
      fc.property(timetableArb, configArb, queryArb, (legs, config, query) => {
        check(legs, TimetableIndex.build(legs), config, query);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('reached by patches (upserts that move legs, removals, batches)', () => {
    fc.assert(
      fc.property(
        timetableArb,
        timetableArb,
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        configArb,
        queryArb,
        (initial, changed, removals, batch, config, query) => {
          // Start from `initial`, then upsert `changed` (same ids: moved, re-timed or re-flagged legs) and remove some.
          const index = TimetableIndex.build(initial);
          const patches = changed.map((leg) => ({ op: 'upsert' as const, leg }));
          const removed = new Set(removals.map((n) => 1000 + (n % 40) * 7));
          const removePatches = [...removed].map((id) => ({ op: 'remove' as const, id }));
          if (batch) {
            // Large batches take the re-sort path.
            const filler = Array.from({ length: 60 }, () => patches).flat();
            index.applyPatches([...filler, ...removePatches]);
          } else {
            for (const p of patches) index.upsert(p.leg);
            for (const id of removed) index.remove(id);
          }
          const final = new Map(initial.map((l) => [l.id, l]));
          for (const l of changed) final.set(l.id, l);
          for (const id of removed) final.delete(id);
          const legs = [...final.values()];
          expect(index.size).toBe(legs.length);
          check(legs, index, config, query);
        },
      ),
      { numRuns: 500 },
    );
  }, 120_000);
});
