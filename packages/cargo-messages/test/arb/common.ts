/** fast-check arbitraries for the elements shared by Cargo-IMP messages (canonical models only). */

import { awbCheckDigit } from '@aircargo/domain/awb';
import fc from 'fast-check';
import type {
  Agent,
  BookedUlds,
  Dimension,
  Flight,
  Oci,
  Party,
  Quantity,
  Reference,
  ShipmentReference,
  Volume,
  Weight,
} from '../../src/index';

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

type Values<T> = { [K in keyof T]: T[K] extends fc.Arbitrary<infer U> ? U : never };

/** Optional-key record: keys listed in `required` are always present, the others sometimes. */
export function rec<T extends Record<string, fc.Arbitrary<unknown>>, R extends keyof T = never>(
  model: T,
  required: R[] = [],
): fc.Arbitrary<Pick<Values<T>, R> & Partial<Omit<Values<T>, R>>> {
  return fc.record(model, { requiredKeys: required as (keyof T & string)[] }) as unknown as fc.Arbitrary<
    Pick<Values<T>, R> & Partial<Omit<Values<T>, R>>
  >;
}

export const upper = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Z]{${min},${max}}$`));
export const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Z0-9]{${min},${max}}$`));

/** Cargo-IMP text: upper case, digits, blank, `.`, `-`; trimmed; 1..max characters. */
export function txt(max: number): fc.Arbitrary<string> {
  if (max === 1) return alnum(1, 1);
  return fc.stringMatching(new RegExp(`^[A-Z0-9](?:[A-Z0-9 .-]{0,${max - 2}}[A-Z0-9.])?$`));
}

export const airport = upper(3, 3);
export const country = upper(2, 2);
export const carrier = fc.stringMatching(/^[A-Z][A-Z0-9]$/);
export const shc = upper(3, 3);
export const shcList = fc.array(shc, { minLength: 1, maxLength: 9 });
export const day2 = fc.integer({ min: 1, max: 28 }).map((d) => String(d).padStart(2, '0'));
export const date = fc.tuple(day2, fc.constantFrom(...MONTHS)).map(([d, m]) => `${d}${m}`);
export const dateYear = fc
  .tuple(date, fc.integer({ min: 0, max: 99 }))
  .map(([d, y]) => `${d}${String(y).padStart(2, '0')}`);
export const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`);
export const decimal = fc.integer({ min: 0, max: 999999 }).map((n) => n / 10);
export const amount = fc.stringMatching(/^[1-9]\d{0,6}(\.\d{1,2})?$/);
export const flightNumber = fc.stringMatching(/^\d{1,4}[A-Z]?$/);
export const flight: fc.Arbitrary<Flight> = fc.record({ carrier, number: flightNumber });
export const freeLine = (max = 65) => txt(max);

export const awb = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9999999 })).map(([p, s]) => {
  const serial = String(s).padStart(7, '0');
  return `${String(p).padStart(3, '0')}-${serial}${awbCheckDigit(serial)}`;
});

export const weight: fc.Arbitrary<Weight> = fc.record({ unit: fc.constantFrom('K', 'L'), value: decimal });
export const volume: fc.Arbitrary<Volume> = fc.record({
  unit: fc.constantFrom('MC', 'CF', 'CI', 'CC'),
  value: decimal,
});
export const uldId = fc
  .tuple(fc.stringMatching(/^[A-Z][A-Z0-9]{2}$/), fc.stringMatching(/^\d{4,5}$/), fc.stringMatching(/^[A-Z][A-Z0-9]$/))
  .map(([t, s, o]) => `${t}${s}${o}`);

export const quantity = (codes: Quantity['code'][] = ['T', 'P', 'S', 'D', 'M']): fc.Arbitrary<Quantity> =>
  rec(
    {
      code: fc.constantFrom(...codes),
      pieces: fc.integer({ min: 0, max: 9999 }),
      weight,
      volume,
      densityGroup: fc.integer({ min: 0, max: 99 }),
      totalPieces: fc.integer({ min: 0, max: 9999 }),
    },
    ['code', 'pieces'],
  );

export const oci: fc.Arbitrary<Oci> = rec({
  country,
  infoId: upper(3, 3),
  controlId: upper(1, 2),
  text: txt(35),
}).filter((o) => o.country !== undefined || o.infoId !== undefined || o.controlId !== undefined);
export const ociList = fc.array(oci, { minLength: 1, maxLength: 3 });

export const party: fc.Arbitrary<Party> = rec(
  {
    account: alnum(1, 14),
    name: fc.array(txt(35), { minLength: 1, maxLength: 2 }),
    address: fc.array(txt(35), { maxLength: 2 }),
    place: txt(17),
    state: txt(9),
    country,
    postcode: alnum(1, 9),
    contacts: fc.array(fc.record({ id: upper(2, 3), number: alnum(1, 25) }), { minLength: 1, maxLength: 3 }),
  },
  ['name', 'address', 'place'],
);

export const agent: fc.Arbitrary<Agent> = rec({
  account: alnum(1, 14),
  iataCode: fc.stringMatching(/^\d{7}$/),
  cassAddress: fc.stringMatching(/^\d{4}$/),
  participantId: upper(3, 3),
  name: txt(35),
  place: txt(17),
});

export const dimension: fc.Arbitrary<Dimension> = rec({
  weight,
  size: fc.record({
    unit: fc.constantFrom('CMT', 'INH'),
    length: fc.integer({ min: 0, max: 99999 }),
    width: fc.integer({ min: 0, max: 99999 }),
    height: fc.integer({ min: 0, max: 99999 }),
  }),
  pieces: fc.integer({ min: 0, max: 9999 }),
});

export const reference: fc.Arbitrary<Reference> = rec({
  officeAddress: fc.stringMatching(/^[A-Z]{3}[A-Z0-9]{4}$/),
  fileReference: alnum(1, 15),
  participantId: upper(3, 3),
  participantCode: alnum(1, 17),
  participantAirport: airport,
});

export const shipmentReference: fc.Arbitrary<ShipmentReference> = rec({
  reference: alnum(1, 14),
  info1: alnum(1, 12),
  info2: alnum(1, 12),
});

export const bookedUlds: fc.Arbitrary<BookedUlds> = fc.record({
  count: fc.integer({ min: 1, max: 99 }),
  ulds: fc.array(rec({ id: uldId, loadingIndicator: upper(1, 1), weight }, ['id']), { maxLength: 5 }),
});

/** Unknown optional lines the parsers keep verbatim. */
export const rawLines = fc.array(fc.stringMatching(/^Z[A-Z]{2}\/[A-Z][A-Z0-9]{3,19}$/), { minLength: 1, maxLength: 2 });

/** Fields every Cargo-IMP model may carry. */
export const base = { possibleDuplicate: fc.constant(true as const), raw: rawLines };

/** The AWB consignment line of FFM, FBL, FFR and FFA. */
export const consignmentBase = {
  awb,
  origin: airport,
  destination: airport,
  quantity: quantity(),
  description: txt(15),
  shc: shcList,
};
