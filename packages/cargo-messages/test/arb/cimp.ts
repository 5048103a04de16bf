/** fast-check arbitraries for each Cargo-IMP message model. */
import fc from 'fast-check';
import type { Fbl, Ffm, FfmConsignment, Fhl, Fwb, Goods, RateLine } from '../../src/index';
import {
  agent,
  airport,
  alnum,
  amount,
  awb,
  base,
  bookedUlds,
  carrier,
  consignmentBase,
  country,
  date,
  dateYear,
  day2,
  decimal,
  dimension,
  flight,
  flightNumber,
  freeLine,
  ociList,
  party,
  rawLines,
  rec,
  reference,
  shcList,
  shipmentReference,
  time,
  txt,
  uldId,
  upper,
  volume,
  weight,
} from './common';

const goods: fc.Arbitrary<Goods> = fc.oneof(
  fc.record({ kind: fc.constant('NG' as const), text: txt(20) }),
  fc.record({ kind: fc.constant('NC' as const), text: txt(20) }),
  fc.record({ kind: fc.constant('ND' as const), dimension }),
  fc.record({ kind: fc.constant('NV' as const), volume }),
  fc.record({ kind: fc.constant('NU' as const), uld: uldId }),
  fc.record({ kind: fc.constant('NS' as const), slac: fc.integer({ min: 0, max: 99999 }) }),
  fc.record({ kind: fc.constant('NH' as const), hsCode: alnum(6, 18) }),
  fc.record({ kind: fc.constant('NO' as const), country }),
);

const rating = rec({
  pieces: fc.integer({ min: 0, max: 9999 }),
  weight,
  rateClass: upper(1, 1),
  commodityItem: alnum(1, 7),
  chargeableWeight: decimal,
  rate: amount,
  total: amount,
  goods: fc.array(goods, { minLength: 1, maxLength: 2 }),
});

const rates: fc.Arbitrary<RateLine[]> = fc
  .array(rating, { minLength: 1, maxLength: 5 })
  .map((items) => items.map((r, k) => ({ lineNo: k + 1, ...r })));

const chargeSummary = rec({
  weight: amount,
  valuation: amount,
  taxes: amount,
  dueAgent: amount,
  dueCarrier: amount,
  total: amount,
});
const pc = fc.constantFrom('P' as const, 'C' as const);
const cvd = rec(
  {
    currency: upper(3, 3),
    chargeCode: upper(2, 2),
    weightValuation: pc,
    other: pc,
    carriageValue: amount,
    customsValue: amount,
    insurance: amount,
  },
  ['currency', 'weightValuation', 'other'],
);

export const fwb: fc.Arbitrary<Fwb> = rec(
  {
    ...base,
    type: fc.constant('FWB' as const),
    version: fc.constantFrom(16, 17),
    awb,
    origin: airport,
    destination: airport,
    pieces: fc.integer({ min: 0, max: 9999 }),
    weight,
    volume,
    densityGroup: fc.integer({ min: 0, max: 99 }),
    flights: fc.array(fc.record({ carrier, number: flightNumber, day: day2 }), { minLength: 1, maxLength: 3 }),
    routing: fc.array(fc.record({ airport, carrier }), { minLength: 1, maxLength: 4 }),
    shipper: party,
    consignee: party,
    agent,
    ssr: fc.array(freeLine(), { minLength: 1, maxLength: 3 }),
    notify: party,
    accounting: fc.array(fc.record({ identifier: upper(3, 3), text: txt(34) }), { minLength: 1, maxLength: 3 }),
    charges: cvd,
    rates,
    otherCharges: fc.array(
      fc.record({
        pc,
        code: fc.stringMatching(/^[A-Z][A-Z0-9]$/),
        entitlement: fc.constantFrom('A' as const, 'C' as const),
        amount,
      }),
      { minLength: 1, maxLength: 5 },
    ),
    prepaid: chargeSummary,
    collect: chargeSummary,
    certification: txt(20),
    issue: rec({ date: dateYear, place: txt(17), signature: txt(20) }, ['date', 'place']),
    osi: fc.array(freeLine(), { minLength: 1, maxLength: 3 }),
    destinationCurrency: rec(
      { currency: upper(3, 3), rate: amount, ccCharges: amount, chargesAtDestination: amount, totalCollect: amount },
      ['currency', 'rate'],
    ),
    reference,
    customsOrigin: alnum(1, 2),
    shc: shcList,
    shipmentReference,
    oci: ociList,
  },
  [
    'type',
    'version',
    'awb',
    'origin',
    'destination',
    'pieces',
    'weight',
    'routing',
    'shipper',
    'consignee',
    'charges',
    'rates',
    'issue',
  ],
);

const house = rec(
  {
    hawb: alnum(1, 12),
    origin: airport,
    destination: airport,
    pieces: fc.integer({ min: 0, max: 9999 }),
    weight,
    slac: fc.integer({ min: 0, max: 99999 }),
    description: txt(15),
    shc: shcList,
    freeText: fc.array(freeLine(), { minLength: 1, maxLength: 3 }),
    hsCodes: fc.array(alnum(6, 18), { minLength: 1, maxLength: 3 }),
    oci: ociList,
  },
  ['hawb', 'origin', 'destination', 'pieces', 'weight'],
);

export const fhl: fc.Arbitrary<Fhl> = rec(
  {
    ...base,
    type: fc.constant('FHL' as const),
    version: fc.constantFrom(4, 5),
    master: fc.record({
      awb,
      origin: airport,
      destination: airport,
      pieces: fc.integer({ min: 0, max: 9999 }),
      weight,
    }),
    houses: fc.array(house, { minLength: 1, maxLength: 3 }),
    shipper: party,
    consignee: party,
    charges: cvd.map(({ chargeCode: _drop, ...c }) => c),
  },
  ['type', 'version', 'master', 'houses'],
);

const onward = rec({ airport, carrier, number: fc.stringMatching(/^\d{1,4}[A-Z]?$/), date }, ['airport', 'carrier']);

const ffmConsignment: fc.Arbitrary<FfmConsignment> = rec(
  {
    ...consignmentBase,
    onward: fc.array(onward, { minLength: 1, maxLength: 2 }),
    dims: fc.array(dimension, { minLength: 1, maxLength: 2 }),
    osi: fc.array(freeLine(), { minLength: 1, maxLength: 2 }),
    customsOrigin: alnum(1, 2).filter((s) => s !== 'NI'),
    oci: ociList,
    raw: rawLines,
  },
  ['awb', 'origin', 'destination', 'quantity'],
);

const dateTime = rec({ date, time }, ['date']);

/** Airports that read as line identifiers (OSI Osijek, ULD Ulundi, COR Cordoba) are left out. */
const unloadingAirport = airport.filter((a) => !['DIM', 'OSI', 'OCI', 'ULD', 'COR', 'SSR'].includes(a));

const ffmUnloading = (consignments: number) =>
  rec(
    {
      airport: unloadingAirport,
      nil: fc.constant(true as const),
      arrival: dateTime,
      departure: dateTime,
      consignments: fc.array(ffmConsignment, { maxLength: consignments }),
      ulds: fc.uniqueArray(
        rec(
          {
            id: uldId,
            loadingIndicator: upper(1, 1),
            remarks: txt(40),
            onward: fc.array(onward, { minLength: 1, maxLength: 1 }),
            consignments: fc.array(ffmConsignment, { maxLength: consignments }),
          },
          ['id', 'consignments'],
        ),
        { maxLength: 3, selector: (u) => u.id },
      ),
    },
    ['airport', 'consignments', 'ulds'],
  );

const manifestHeader = rec(
  {
    flight,
    date,
    time,
    loadingAirport: airport,
    registration: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,9}$/),
    firstArrival: rec({ country, date, time, airport }, ['country', 'date', 'airport']),
  },
  ['flight', 'date', 'loadingAirport'],
);

/** `consignments` bounds the list sizes; a large value makes messages that need several parts. */
export const ffm = (consignments = 3): fc.Arbitrary<Ffm> =>
  rec(
    {
      ...base,
      type: fc.constant('FFM' as const),
      version: fc.constantFrom(5, 8),
      header: manifestHeader,
      unloading: fc.uniqueArray(ffmUnloading(consignments), { minLength: 1, maxLength: 3, selector: (u) => u.airport }),
    },
    ['type', 'version', 'header', 'unloading'],
  );

const bookingOrigin = rec({
  agent: fc.stringMatching(/^[A-Z]{2}[0-9 ][A-Z0-9]{1,10}$/).map((s) => s.trim()),
  inboundFlight: flight,
  inboundDate: date,
  inboundAirport: airport,
  priority: upper(1, 1),
});

const fblConsignment = rec(
  {
    ...consignmentBase,
    dims: fc.array(dimension, { minLength: 1, maxLength: 2 }),
    bookingOrigin: bookingOrigin.filter((o) => Object.keys(o).length > 0),
    ulds: bookedUlds,
    ssr: fc.array(freeLine(), { minLength: 1, maxLength: 2 }),
    osi: fc.array(freeLine(), { minLength: 1, maxLength: 2 }),
    oci: ociList,
    raw: rawLines,
  },
  ['awb', 'origin', 'destination', 'quantity'],
);

export const fbl = (consignments = 4): fc.Arbitrary<Fbl> =>
  rec(
    {
      ...base,
      type: fc.constant('FBL' as const),
      version: fc.constantFrom(3, 4),
      header: manifestHeader.map(({ firstArrival: _drop, ...h }) => h),
      unloading: fc.uniqueArray(
        rec(
          {
            airport: unloadingAirport,
            nil: fc.constant(true as const),
            consignments: fc.array(fblConsignment, { maxLength: consignments }),
          },
          ['airport', 'consignments'],
        ),
        { minLength: 1, maxLength: 3, selector: (u) => u.airport },
      ),
    },
    ['type', 'version', 'header', 'unloading'],
  );

export * from './exchange';
