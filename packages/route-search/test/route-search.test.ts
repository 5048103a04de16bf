import { describe, expect, it } from 'vitest';
import { RouteSearch, RouteSearchError } from '../src/route-search';
import { toEpochMinutes } from '../src/time';
import { TimetableIndex } from '../src/timetable-index';
import type { DatedLeg, RouteQuery, SearchConfig } from '../src/types';

const T = (iso: string) => toEpochMinutes(iso);
let nextId = 1;
function leg(
  carrier: string,
  origin: string,
  destination: string,
  std: string,
  sta: string,
  extra: Partial<DatedLeg> = {},
): DatedLeg {
  return {
    id: nextId++,
    carrier,
    flightNumber: String(100 + nextId),
    origin,
    destination,
    departure: T(std),
    arrival: T(sta),
    aircraftType: '77F',
    freighter: true,
    availableKg: 10000,
    availableM3: 50,
    salesClosed: false,
    cancelled: false,
    locked: false,
    ...extra,
  };
}

const config: SearchConfig = {
  cities: { MOW: ['SVO', 'DME', 'VKO'] },
  countries: { SVO: 'RU', DME: 'RU', VKO: 'RU', LED: 'RU', ALA: 'KZ', IST: 'TR', FRA: 'DE', JFK: 'US' },
  mct: { defaultMinutes: 60, airports: { IST: 120 } },
};
const day = (d: string) => ({ departureFrom: T(`${d}T00:00Z`), departureTo: T(`${d}T00:00Z`) + 1440 });
const base = (over: Partial<RouteQuery>): RouteQuery => ({
  origin: 'MOW',
  destination: 'ALA',
  ...day('2026-11-25'),
  now: T('2026-11-20T00:00Z'),
  ...over,
});
const ids = (routes: { legs: { id: number }[] }[]) => routes.map((r) => r.legs.map((l) => l.id));

describe('route search', () => {
  it('takes a city code for all its airports and answers direct and transfer routes, faster first', () => {
    const direct = leg('SU', 'SVO', 'ALA', '2026-11-25T08:00Z', '2026-11-25T12:00Z');
    const a = leg('SU', 'DME', 'LED', '2026-11-25T09:00Z', '2026-11-25T10:30Z');
    const b = leg('SU', 'LED', 'ALA', '2026-11-25T12:00Z', '2026-11-25T17:00Z');
    const other = leg('SU', 'LED', 'ALA', '2026-11-26T12:00Z', '2026-11-26T17:00Z');
    const search = new RouteSearch(TimetableIndex.build([direct, a, b, other]), config);
    const res = search.search(base({}));
    // a+b departs later than the direct flight (09:00 > 08:00), so both are on the front; a+other waits a day: dominated.
    expect(ids(res.routes)).toEqual([[direct.id], [a.id, b.id]]);
    const transfer = res.routes[1]!;
    expect(transfer).toMatchObject({
      origin: 'DME',
      destination: 'ALA',
      transfers: 1,
      transitAirports: ['LED'],
      carriers: ['SU'],
      tripMinutes: 8 * 60,
      connections: [{ airport: 'LED', minutes: 90, minimumMinutes: 60 }],
      bookable: true,
    });
    expect(search.search(base({ directOnly: true })).routes.map((r) => r.transfers)).toEqual([0]);
  });

  it('refuses an incomplete query with the spec message', () => {
    const search = new RouteSearch(TimetableIndex.build([]), config);
    expect(() => search.search(base({ origin: '' }))).toThrow(RouteSearchError);
    expect(() => search.search(base({ departureFrom: Number.NaN }))).toThrow('Fill in required fields');
  });

  it('applies minimum connection times with carrier and domestic/international exceptions, and explains', () => {
    const a = leg('SU', 'SVO', 'IST', '2026-11-25T06:00Z', '2026-11-25T10:00Z');
    const b = leg('TK', 'IST', 'ALA', '2026-11-25T11:30Z', '2026-11-25T16:00Z'); // 90 min at IST (standard 120)
    const index = TimetableIndex.build([a, b]);
    const q = base({ destination: 'ALA' });
    expect(new RouteSearch(index, config).search(q).routes).toEqual([]);
    const explained = new RouteSearch(index, config).search({ ...q, explain: true });
    expect(explained.rejected).toHaveLength(1);
    expect(explained.rejected[0]!.rejections).toEqual([
      {
        reason: 'connection_not_workable',
        legId: b.id,
        airport: 'IST',
        connectionMinutes: 90,
        minimumMinutes: 120,
      },
    ]);
    // An SU -> TK exception of 75 minutes makes it workable; a more specific II exception of 100 minutes wins over it.
    const withException: SearchConfig = {
      ...config,
      mct: {
        ...config.mct!,
        exceptions: [{ airport: 'IST', arrivalCarrier: 'SU', departureCarrier: 'TK', minutes: 75 }],
      },
    };
    expect(ids(new RouteSearch(index, withException).search(q).routes)).toEqual([[a.id, b.id]]);
    const moreSpecific: SearchConfig = {
      ...config,
      mct: {
        ...config.mct!,
        exceptions: [
          { airport: 'IST', arrivalCarrier: 'SU', departureCarrier: 'TK', minutes: 75 },
          { airport: 'IST', arrivalCarrier: 'SU', departureCarrier: 'TK', connection: 'II', minutes: 100 },
          { airport: 'IST', arrivalCarrier: 'SU', departureCarrier: 'TK', connection: 'DD', minutes: 10 },
        ],
      },
    };
    expect(new RouteSearch(index, moreSpecific).search(q).routes).toEqual([]);
  });

  it('keeps to the interline agreements of the issuing carrier', () => {
    const a = leg('SU', 'SVO', 'LED', '2026-11-25T06:00Z', '2026-11-25T07:30Z');
    const b = leg('KC', 'LED', 'ALA', '2026-11-25T10:00Z', '2026-11-25T15:00Z');
    const index = TimetableIndex.build([a, b]);
    const q = base({ explain: true });
    const refused = new RouteSearch(index, { ...config, interline: { SU: ['HY'], KC: ['SU'] } }).search(q);
    expect(refused.routes).toEqual([]);
    expect(refused.rejected[0]!.rejections).toEqual([
      { reason: 'interline_not_allowed', legId: b.id, carrier: 'SU', otherCarrier: 'KC' },
    ]);
    const accepted = new RouteSearch(index, { ...config, interline: { SU: ['KC'] } }).search(q);
    expect(ids(accepted.routes)).toEqual([[a.id, b.id]]);
    expect(accepted.routes[0]!.carriers).toEqual(['SU', 'KC']);
  });

  it('keeps to permitted routes, as a table per carrier or as a predicate', () => {
    const viaLed = [
      leg('SU', 'SVO', 'LED', '2026-11-25T06:00Z', '2026-11-25T07:30Z'),
      leg('SU', 'LED', 'ALA', '2026-11-25T10:00Z', '2026-11-25T15:00Z'),
    ];
    const direct = leg('SU', 'SVO', 'ALA', '2026-11-25T05:00Z', '2026-11-25T09:00Z');
    const index = TimetableIndex.build([...viaLed, direct]);
    const table: SearchConfig = {
      ...config,
      permittedRoutes: [{ carrier: 'SU', origin: 'MOW', destination: 'ALA', via: [] }],
    };
    const res = new RouteSearch(index, table).search(base({ explain: true }));
    expect(ids(res.routes)).toEqual([[direct.id]]);
    expect(res.rejected.map((r) => r.rejections)).toEqual([[{ reason: 'route_not_permitted' }]]);
    const predicate: SearchConfig = { ...config, permittedRoutes: (r) => r.airports.length === 3 };
    expect(ids(new RouteSearch(index, predicate).search(base({})).routes)).toEqual([viaLed.map((l) => l.id)]);
  });

  it('explains legs that cannot be sold and offers the nearest bookable dates', () => {
    const legs = [
      leg('SU', 'SVO', 'ALA', '2026-11-25T06:00Z', '2026-11-25T10:00Z', { availableKg: 300 }),
      leg('SU', 'SVO', 'ALA', '2026-11-25T08:00Z', '2026-11-25T12:00Z', { salesClosed: true }),
      leg('SU', 'SVO', 'ALA', '2026-11-25T09:00Z', '2026-11-25T13:00Z', { locked: true, cancelled: true }),
      leg('SU', 'SVO', 'ALA', '2026-11-25T11:00Z', '2026-11-25T15:00Z', { salesOpenAt: T('2026-11-21T00:00Z') }),
      leg('SU', 'SVO', 'ALA', '2026-11-27T11:00Z', '2026-11-27T15:00Z'),
      leg('SU', 'SVO', 'ALA', '2026-11-22T11:00Z', '2026-11-22T15:00Z', { availableM3: 1 }),
    ];
    const search = new RouteSearch(TimetableIndex.build(legs), config);
    const res = search.search(base({ weightKg: 500, volumeM3: 2, explain: true }));
    expect(res.routes).toEqual([]);
    const reasons = Object.fromEntries(res.rejected.map((r) => [r.legs[0]!.id, r.rejections.map((x) => x.reason)]));
    expect(reasons).toEqual({
      [legs[0]!.id]: ['no_capacity'],
      [legs[1]!.id]: ['sales_closed'],
      [legs[2]!.id]: ['cancelled', 'locked'],
      [legs[3]!.id]: ['outside_booking_window'],
    });
    expect(res.rejected.find((r) => r.legs[0]!.id === legs[0]!.id)!.rejections[0]).toMatchObject({
      availableKg: 300,
      availableM3: 50,
    });
    // Two days later is the nearest bookable date (the 22nd is one day nearer but lacks volume).
    expect(res.alternatives.map((a) => [a.kind, a.route.legs[0]!.id])).toEqual([['other_date', legs[4]!.id]]);
  });

  it('offers routes with transfers and from the city’s other airports when the request has none', () => {
    const a = leg('SU', 'VKO', 'LED', '2026-11-25T06:00Z', '2026-11-25T07:30Z');
    const b = leg('SU', 'LED', 'ALA', '2026-11-25T10:00Z', '2026-11-25T15:00Z');
    const c = leg('SU', 'DME', 'ALA', '2026-11-25T10:00Z', '2026-11-25T15:00Z');
    const search = new RouteSearch(TimetableIndex.build([a, b, c]), config);
    const res = search.search(base({ origin: 'VKO', directOnly: true, explain: true }));
    expect(res.routes).toEqual([]);
    expect(res.alternatives.map((x) => [x.kind, ids([x.route])[0]])).toEqual([
      ['with_transfers', [a.id, b.id]],
      ['other_airport', [c.id]],
    ]);
  });

  it('sorts Cheaper by the price callback and Faster by trip time', () => {
    const slow = leg('SU', 'SVO', 'ALA', '2026-11-25T10:00Z', '2026-11-25T20:00Z');
    const fast = leg('KC', 'SVO', 'ALA', '2026-11-25T07:00Z', '2026-11-25T11:00Z');
    const search = new RouteSearch(TimetableIndex.build([slow, fast]), config);
    const price = (r: { carriers: string[] }) => ({ amount: r.carriers[0] === 'SU' ? 100 : 300, currency: 'USD' });
    expect(ids(search.search(base({ price })).routes)).toEqual([[fast.id], [slow.id]]);
    const cheaper = search.search(base({ price, sort: 'cheaper' })).routes;
    expect(ids(cheaper)).toEqual([[slow.id], [fast.id]]);
    expect(cheaper[0]!.price).toEqual({ amount: 100, currency: 'USD' });
  });

  it('filters carriers and freighter-only cargo', () => {
    const pax = leg('SU', 'SVO', 'ALA', '2026-11-25T10:00Z', '2026-11-25T14:00Z', { freighter: false });
    const cargo = leg('KC', 'SVO', 'ALA', '2026-11-25T07:00Z', '2026-11-25T11:00Z');
    const search = new RouteSearch(TimetableIndex.build([pax, cargo]), config);
    expect(ids(search.search(base({ carriers: ['su'] })).routes)).toEqual([[pax.id]]);
    expect(ids(search.search(base({ freighterOnly: true })).routes)).toEqual([[cargo.id]]);
  });

  it('measures connections in UTC across a DST change (no local clock enters)', () => {
    // Europe/Berlin moves from +01:00 to +02:00 at 2026-03-29T01:00Z. Local clocks show 02:30 -> 04:00 (90 minutes),
    // the real connection is 30 minutes: under the 60-minute MCT.
    const inbound = leg('SU', 'SVO', 'FRA', '2026-03-29T03:30+03:00', '2026-03-29T02:30+01:00');
    const outbound = leg('SU', 'FRA', 'JFK', '2026-03-29T04:00+02:00', '2026-03-29T06:00-04:00');
    const search = new RouteSearch(TimetableIndex.build([inbound, outbound]), config);
    const res = search.search({
      origin: 'SVO',
      destination: 'JFK',
      ...day('2026-03-29'),
      now: T('2026-03-01T00:00Z'),
      explain: true,
    });
    expect(res.routes).toEqual([]);
    expect(res.rejected[0]!.connections).toEqual([{ airport: 'FRA', minutes: 30, minimumMinutes: 60 }]);
    expect(res.rejected[0]!.tripMinutes).toBe(T('2026-03-29T10:00Z') - T('2026-03-29T00:30Z'));
  });

  it('follows the index as legs change (a database notification)', () => {
    const index = TimetableIndex.build([]);
    const search = new RouteSearch(index, config);
    const l = leg('SU', 'SVO', 'ALA', '2026-11-25T06:00Z', '2026-11-25T10:00Z');
    expect(search.search(base({})).routes).toEqual([]);
    index.upsert(l);
    expect(ids(search.search(base({})).routes)).toEqual([[l.id]]);
    index.upsert({ ...l, availableKg: 10 });
    expect(search.search(base({ weightKg: 100 })).routes).toEqual([]);
    index.upsert({ ...l, departure: l.departure + 2 * 1440, arrival: l.arrival + 2 * 1440 });
    expect(search.search(base({})).routes).toEqual([]);
    index.remove(l.id);
    expect(index.size).toBe(0);
  });
});
