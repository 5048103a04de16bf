import fc from 'fast-check';
import { expect, it } from 'vitest';
import { paretoFront } from '../src/pareto';

it('keeps exactly the routes no other route dominates (ties kept)', () => {
  const route = fc.record({
    dep: fc.integer({ min: 0, max: 6 }),
    arr: fc.integer({ min: 0, max: 6 }),
    tr: fc.integer({ min: 0, max: 2 }),
  });
  fc.assert(
    fc.property(fc.array(route, { maxLength: 40 }), (routes) => {
      const ids = routes.map((_, i) => i);
      const got = paretoFront(
        ids,
        routes.map((r) => r.dep),
        routes.map((r) => r.arr),
        routes.map((r) => r.tr),
      ).sort((a, b) => a - b);
      const want = ids.filter(
        (i) =>
          !routes.some(
            (o) =>
              o.dep >= routes[i]!.dep &&
              o.arr <= routes[i]!.arr &&
              o.tr <= routes[i]!.tr &&
              (o.dep > routes[i]!.dep || o.arr < routes[i]!.arr || o.tr < routes[i]!.tr),
          ),
      );
      expect(got).toEqual(want);
    }),
    { numRuns: 3000 },
  );
});
