import { describe, expect, it } from 'vitest';
import { buildNetwork, datedLegs, mulberry32 } from '../bench/network';
import { RouteSearch } from '../src/route-search';
import { TimetableIndex } from '../src/timetable-index';
import type { RouteView } from '../src/types';

// On a hub-and-spoke network (the benchmark's generator, scaled down), the pruned search must give exactly the answer
// of the full enumeration, which the property tests hold equal to the brute-force reference on small timetables.
const START = Math.floor(Date.UTC(2026, 0, 1) / 60000);
const net = buildNetwork({ legsPerDay: 5000, days: 6, start: START, seed: 5 });
const index = TimetableIndex.build(datedLegs(net, 11));
const key = (routes: RouteView[]) =>
  routes
    .map((r) => r.legs.map((l) => l.id).join('>'))
    .sort()
    .join(' ');

describe('route search on a hub-and-spoke network', () => {
  it('prunes nothing it should answer', () => {
    const pruned = new RouteSearch(index, net.config);
    const full = new RouteSearch(index, net.config, { pruneDominated: false });
    const rnd = mulberry32(3);
    let withTransfers = 0;
    for (let i = 0; i < 200; i++) {
      const origin = net.airports[Math.floor(rnd() * net.airports.length)]!;
      let destination = net.airports[Math.floor(rnd() * net.airports.length)]!;
      if (destination === origin) destination = net.hubs[0] === origin ? net.hubs[1]! : net.hubs[0]!;
      const from = START + 1440 + Math.floor(rnd() * 3 * 1440);
      const query = {
        origin,
        destination,
        departureFrom: from,
        departureTo: from + 1440,
        now: START,
        weightKg: Math.floor(rnd() * 3000),
        volumeM3: Math.floor(rnd() * 20),
        explain: i % 2 === 0,
        limit: 1_000_000,
      };
      const a = pruned.search(query);
      const b = full.search(query);
      expect(key(a.routes)).toBe(key(b.routes));
      expect(key(a.rejected)).toBe(key(b.rejected));
      expect(a.stats.candidates).toBeLessThanOrEqual(b.stats.candidates);
      if (a.routes.some((r) => r.transfers > 0)) withTransfers++;
    }
    // The sample exercises transfers, not only direct flights.
    expect(withTransfers).toBeGreaterThan(40);
  }, 120_000);
});
