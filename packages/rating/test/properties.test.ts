import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Basis,
  type ChargeInput,
  prepare,
  type Quote,
  type RateInput,
  type SurchargeInput,
  type TariffInput,
  type VatInclusion,
} from '../src/index';
import { ok, shipment, tariff } from './helpers';

const RUNS = Number(process.env.FC_RUNS ?? 300);
const BREAKS = [45, 100, 300, 500, 1000];

/** Cents as decimal text. */
const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Grams as kg text. */
const kgText = (grams: number) => `${Math.trunc(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
/** Minor units of a money text (2 decimals). */
const minor = (text: string) => {
  expect(text).toMatch(/^\d+\.\d{2}$/);
  return BigInt(text.replace('.', ''));
};

interface GridSpec {
  min: number | null;
  n: number;
  q: (number | null)[];
}

const gridSpec: fc.Arbitrary<GridSpec> = fc.record({
  min: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
  n: fc.integer({ min: 1, max: 10_000 }),
  q: fc.array(fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }), {
    minLength: BREAKS.length,
    maxLength: BREAKS.length,
  }),
});

function rates(spec: GridSpec, scale = (c: number) => money(c)): RateInput[] {
  const out: RateInput[] = [{ rateClass: 'N', value: scale(spec.n) }];
  if (spec.min !== null) out.push({ rateClass: 'M', value: scale(spec.min) });
  spec.q.forEach((v, i) => {
    if (v !== null) out.push({ rateClass: 'Q', weightBreak: BREAKS[i] as number, value: scale(v) });
  });
  return out;
}

const freightOf = (q: Quote) => minor(ok(q).lines[0]?.amount ?? 'x');
const grams = fc.integer({ min: 1, max: 3_000_000 });
const basis = fc.constantFrom<Basis>('gross', 'charge', 'fixed', 'pieces');

describe('freight properties', () => {
  it('never falls below the minimum M', () => {
    fc.assert(
      fc.property(gridSpec, grams, basis, (spec, g, b) => {
        const r = prepare([tariff({ basis: b, rates: rates(spec) })]);
        const amount = freightOf(r.quote(shipment({ weight: kgText(g), pieces: 2 })));
        if (spec.min !== null) expect(amount).toBeGreaterThanOrEqual(BigInt(spec.min));
      }),
      { numRuns: RUNS },
    );
  });

  it('never decreases as the chargeable weight grows', () => {
    fc.assert(
      fc.property(gridSpec, grams, grams, basis, (spec, a, b, bs) => {
        const r = prepare([tariff({ basis: bs, rates: rates(spec) })]);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const fLo = freightOf(r.quote(shipment({ weight: kgText(lo) })));
        const fHi = freightOf(r.quote(shipment({ weight: kgText(hi) })));
        expect(fLo).toBeLessThanOrEqual(fHi);
      }),
      { numRuns: RUNS },
    );
  });

  it('equals max(M, the cheapest of the own break and every heavier break) computed independently', () => {
    fc.assert(
      fc.property(gridSpec, grams, (spec, g) => {
        const r = prepare([tariff({ rates: rates(spec) })], [], [], {
          airlineSettings: { SU: { roundingRule: 'none' } },
        });
        const breaks = [{ kg: 0, cents: spec.n }];
        spec.q.forEach((v, i) => {
          if (v !== null) breaks.push({ kg: BREAKS[i] as number, cents: v });
        });
        // In 10^-5 cents: cents x grams.
        let best: bigint | null = null;
        const own = breaks.filter((x) => x.kg * 1000 <= g).pop() as { kg: number; cents: number };
        for (const x of breaks) {
          if (x.kg < own.kg) continue;
          const amount = BigInt(x.cents) * BigInt(Math.max(g, x.kg * 1000));
          if (best === null || amount < best) best = amount;
        }
        let expected = ((best as bigint) * 2n + 1000n) / 2000n;
        if (spec.min !== null && BigInt(spec.min) * 1000n > (best as bigint)) expected = BigInt(spec.min);
        expect(freightOf(r.quote(shipment({ weight: kgText(g) })))).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('choosing between tariffs', () => {
  it('lists each alternative at the freight it charges when quoted alone, the chosen one cheapest', () => {
    fc.assert(
      fc.property(fc.array(gridSpec, { minLength: 2, maxLength: 5 }), grams, basis, (specs, g, b) => {
        const tariffs = specs.map((spec, i) => tariff({ id: `t${i}`, basis: b, rates: rates(spec) }));
        const s = shipment({ weight: kgText(g), pieces: 3 });
        const q = ok(prepare(tariffs).quote(s, { alternatives: 10 }));
        expect(q.alternatives).toHaveLength(specs.length - 1);
        const chosen = freightOf(q);
        for (const alt of q.alternatives) {
          const alone = prepare(tariffs.filter((t) => t.id === alt.tariff_id)).quote(s);
          expect(minor(alt.amount)).toBe(freightOf(alone));
          expect(chosen).toBeLessThanOrEqual(minor(alt.amount));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('breaks a tie between a BigInt-priced and a double-priced tariff by id, whatever the order', () => {
    const big = tariff({
      id: 'a',
      rates: [
        { rateClass: 'N', value: '16.00' },
        { rateClass: 'Q', weightBreak: 1000, value: '10000000000' },
      ],
    });
    const small = tariff({ id: 'z', rates: [{ rateClass: 'N', value: '16.00' }] });
    for (const order of [
      [big, small],
      [small, big],
    ]) {
      const q = ok(prepare(order).quote(shipment({ weight: '30' })));
      expect([q.tariff_id, q.lines[0]?.amount, q.alternatives[0]?.amount]).toEqual(['a', '480.00', '480.00']);
    }
  });

  it('decides with BigInts when rates are beyond the range of safe doubles', () => {
    const huge = (id: string, n: string) => tariff({ id, rates: [{ rateClass: 'N', value: n }] });
    const r = prepare([huge('b', '90000000000.01'), huge('a', '90000000000.000001')]);
    const q = ok(r.quote(shipment({ weight: '1000' }), { alternatives: 1 }));
    // 90,000,000,000.000001 x 1000 = 90,000,000,000,000.001 -> .00; b is 10.00 dearer.
    expect(q.tariff_id).toBe('a');
    expect(q.lines[0]?.amount).toBe('90000000000000.00');
    expect(q.alternatives).toEqual([{ tariff_id: 'b', currency: 'RUB', amount: '90000000000010.00' }]);
  });
});

describe('VAT properties', () => {
  it('included and notIncluded agree on the net (within one minor unit of rounding)', () => {
    fc.assert(
      fc.property(gridSpec, grams, fc.constantFrom(0, 10, 12, 18, 20), (spec, g, pct) => {
        // The same price with VAT inside: every rate x (100 + pct) / 100, exact at 4 decimals.
        const gross = (c: number) => {
          const v = c * (100 + pct);
          return `${Math.trunc(v / 10_000)}.${String(v % 10_000).padStart(4, '0')}`;
        };
        const quoteWith = (vatInclusion: VatInclusion, scale?: (c: number) => string) =>
          ok(
            prepare([tariff({ vatInclusion, vatPercent: String(pct), rates: rates(spec, scale) })]).quote(
              shipment({ weight: kgText(g) }),
            ),
          );
        const out = quoteWith('notIncluded');
        const inc = quoteWith('included', gross);
        const diff = minor(out.totals[0]?.net ?? 'x') - minor(inc.totals[0]?.net ?? 'x');
        expect(diff >= -1n && diff <= 1n).toBe(true);
        for (const q of [out, inc]) {
          const t = q.totals[0];
          expect(minor(t?.net ?? 'x') + minor(t?.vat ?? 'x')).toBe(minor(t?.total ?? 'x'));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

const vatMode = fc.constantFrom<VatInclusion>('without', 'notIncluded', 'included');
const chargeArb: fc.Arbitrary<ChargeInput> = fc.record({
  id: fc.uuid(),
  airline: fc.constant('SU'),
  chargeCode: fc.constantFrom('AW', 'MY', 'SC', 'RA', 'CH'),
  basis,
  rate: fc.integer({ min: 0, max: 100_000 }).map(money),
  minimalRate: fc.option(fc.integer({ min: 0, max: 100_000 }).map(money), { nil: null }),
  currency: fc.constantFrom('RUB', 'USD'),
  vatInclusion: vatMode,
  vat: fc.constantFrom('10', '20', '0'),
  shcs: fc.option(fc.constant(['DGR']), { nil: undefined }),
});
const surchargeArb: fc.Arbitrary<SurchargeInput> = fc.record({
  id: fc.uuid(),
  airline: fc.constant('SU'),
  code: fc.constantFrom('FS', 'PIL', 'XPS'),
  type: fc.constantFrom<'percent' | 'value'>('percent', 'value'),
  value: fc.integer({ min: 0, max: 5_000 }).map(money),
  minimalWeight: fc.option(fc.integer({ min: 0, max: 500 }).map(String), { nil: null }),
  currency: fc.constantFrom('RUB', 'EUR'),
});
const tariffArb: fc.Arbitrary<TariffInput> = fc
  .record({
    id: fc.uuid(),
    spec: gridSpec,
    basis,
    vatInclusion: vatMode,
    currency: fc.constantFrom('RUB', 'USD'),
    companies: fc.option(fc.constant(['fwd-a']), { nil: undefined }),
  })
  .map(({ spec, ...t }) => tariff({ ...t, vatPercent: '20', rates: rates(spec) }));
const shipmentArb = fc.record({
  weight: grams.map(kgText),
  volume: fc.option(
    fc.integer({ min: 0, max: 40_000_000 }).map((cm3) => (cm3 / 1_000_000).toFixed(6)),
    {
      nil: null,
    },
  ),
  pieces: fc.integer({ min: 1, max: 500 }),
  shcs: fc.subarray(['DGR', 'EAW', 'PER']),
  company: fc.constantFrom('fwd-a', 'fwd-b'),
});

describe('whole quotes', () => {
  it('never return a negative or non-finite amount, and totals are the sum of the lines', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(tariffArb, { minLength: 1, maxLength: 6, selector: (t) => t.id }),
        fc.uniqueArray(chargeArb, { maxLength: 8, selector: (c) => c.id }),
        fc.uniqueArray(surchargeArb, { maxLength: 4, selector: (c) => c.id }),
        shipmentArb,
        (tariffs, charges, surcharges, s) => {
          const q = prepare(tariffs, charges, surcharges).quote(shipment(s));
          if (!q.ok) {
            expect(q.reason.condition).toBe('company');
            return;
          }
          const sums = new Map<string, bigint>();
          for (const l of q.lines) {
            for (const v of [l.amount, l.vat, l.net, l.total]) expect(minor(v)).toBeGreaterThanOrEqual(0n);
            expect(minor(l.net) + minor(l.vat)).toBe(minor(l.total));
            sums.set(l.currency, (sums.get(l.currency) ?? 0n) + minor(l.total));
          }
          for (const t of q.totals) expect(minor(t.total)).toBe(sums.get(t.currency));
          expect(q.totals.map((t) => t.currency).sort()).toEqual([...sums.keys()].sort());
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('are deterministic: the same answer twice, and whatever the order of the records', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(tariffArb, { minLength: 1, maxLength: 6, selector: (t) => t.id }),
        fc.uniqueArray(chargeArb, { maxLength: 8, selector: (c) => c.id }),
        fc.uniqueArray(surchargeArb, { maxLength: 4, selector: (c) => c.id }),
        shipmentArb,
        (tariffs, charges, surcharges, s) => {
          const r = prepare(tariffs, charges, surcharges);
          const first = r.quote(shipment(s));
          expect(r.quote(shipment(s))).toEqual(first);
          const reversed = prepare([...tariffs].reverse(), [...charges].reverse(), [...surcharges].reverse());
          expect(reversed.quote(shipment(s))).toEqual(first);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
