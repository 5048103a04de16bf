import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChargeInput, prepare, RatingInputError, type SurchargeInput, type TariffInput } from '../src/index';
import { charge, shipment, surcharge, tariff } from './helpers';

const RUNS = Number(process.env.FC_RUNS ?? 300);

/** Any JSON-like value, the kind a broken database row or a hand-made request could hold. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', '1', '-1', '16.50', '1e5', 'NaN', 'SVO', 'gross', 'first', 'M', 'Q', 'included', '2026-06-15'),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.record({ kind: fc.constantFrom('airport', 'city', 'nowhere'), code: fc.string({ maxLength: 4 }) }),
  fc.array(
    fc.record({
      pieces: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(null)),
      length: fc.oneof(fc.constant('120'), fc.constant(null), fc.double()),
      width: fc.constant(80),
      height: fc.oneof(fc.constant('100.5'), fc.constant('x')),
      unit: fc.constantFrom('cm', 'in', 'mm', undefined),
    }),
    { maxLength: 2 },
  ),
);

/** A valid record with some fields replaced by junk. */
function broken<T extends object>(base: T): fc.Arbitrary<T> {
  const keys = [
    ...Object.keys(base),
    ...['rates', 'transfers', 'companies', 'products', 'groups', 'shcs', 'derivation', 'via', 'dimensions'],
    ...['volume', 'airlineDefinedWeight', 'level', 'currency', 'company', 'salesChannel', 'product', 'vatPercent'],
  ];
  return fc
    .dictionary(fc.constantFrom(...keys), fc.oneof(junk, fc.array(junk, { maxLength: 3 })), { maxKeys: 3 })
    .map((patch) => ({ ...base, ...patch }) as T);
}

describe('robustness', () => {
  it('prepare sets bad records aside and never throws on them', () => {
    fc.assert(
      fc.property(
        fc.array(broken<TariffInput>(tariff()), { maxLength: 4 }),
        fc.array(broken<ChargeInput>(charge()), { maxLength: 4 }),
        fc.array(broken<SurchargeInput>(surcharge()), { maxLength: 4 }),
        (tariffs, charges, surcharges) => {
          const r = prepare(
            [...tariffs.map((t, i) => ({ ...t, id: `t${i}` })), null as unknown as TariffInput],
            charges.map((c, i) => ({ ...c, id: `c${i}` })),
            surcharges.map((s, i) => ({ ...s, id: `s${i}` })),
          );
          expect(r.counts.tariffs + r.counts.charges + r.counts.surcharges + r.issues.length).toBe(
            tariffs.length + 1 + charges.length + surcharges.length,
          );
          // Whatever survived prices or says why, without throwing.
          const q = r.quote(shipment());
          expect(typeof q.ok).toBe('boolean');
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('quote refuses a broken shipment only with a RatingInputError naming the field', () => {
    const r = prepare([tariff()], [charge()], [surcharge()]);
    fc.assert(
      fc.property(broken(shipment()), (s) => {
        try {
          const q = r.quote(s);
          expect(typeof q.ok).toBe('boolean');
        } catch (e) {
          expect(e).toBeInstanceOf(RatingInputError);
          expect((e as RatingInputError).field).not.toBe('');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
