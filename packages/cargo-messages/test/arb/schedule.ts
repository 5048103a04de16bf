/** fast-check arbitraries for SSIM files, SSM and ASM messages and Type B envelopes. */
import fc from 'fast-check';
import type { Asm, Ssim, SsimLeg, Ssm, SubMessage, TypeBEnvelope } from '../../src/index';
import { airport, alnum, date, MONTHS, rec, time, upper } from './common';

const isoDate = fc
  .integer({ min: 0, max: 365 * 40 })
  .map((d) => new Date(Date.UTC(1990, 0, 1) + d * 86400000).toISOString().slice(0, 10));
const offset = fc
  .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
  .map(([s, h, m]) => `${s}${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`);
const days = fc
  .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
  .map((d) => d.sort((a, b) => a - b));
const code = (n: number) => alnum(1, n);
const airline = fc.stringMatching(/^[A-Z][A-Z0-9][A-Z]?$/);

const segment = rec(
  {
    legSequence: fc.integer({ min: 1, max: 99 }),
    serviceType: upper(1, 1),
    itineraryVariationOverflow: code(1),
    boardPointIndicator: upper(1, 1),
    offPointIndicator: upper(1, 1),
    dei: fc.integer({ min: 1, max: 999 }),
    boardPoint: airport,
    offPoint: airport,
    data: fc.stringMatching(/^[A-Z0-9](?:[A-Z0-9 /]{0,40}[A-Z0-9])?$/),
  },
  ['legSequence', 'serviceType', 'boardPointIndicator', 'offPointIndicator', 'dei', 'boardPoint', 'offPoint'],
);

const leg: fc.Arbitrary<SsimLeg> = rec(
  {
    suffix: upper(1, 1),
    airline,
    flightNumber: fc.integer({ min: 1, max: 9999 }),
    itineraryVariation: fc.integer({ min: 1, max: 99 }),
    legSequence: fc.integer({ min: 1, max: 99 }),
    serviceType: upper(1, 1),
    periodFrom: isoDate,
    periodTo: fc.option(isoDate, { nil: null }),
    daysOfOperation: days,
    frequencyRate: fc.integer({ min: 1, max: 9 }),
    departureStation: airport,
    passengerStd: time,
    aircraftStd: time,
    departureUtcOffset: offset,
    departureTerminal: code(2),
    arrivalStation: airport,
    aircraftSta: time,
    passengerSta: time,
    arrivalUtcOffset: offset,
    arrivalTerminal: code(2),
    aircraftType: alnum(3, 3),
    prbd: code(20),
    prbm: code(5),
    mealServiceNote: code(10),
    jointOperation: code(9),
    mctStatus: code(2),
    secureFlight: code(1),
    itineraryVariationOverflow: code(1),
    aircraftOwner: code(3),
    cockpitCrewEmployer: code(3),
    cabinCrewEmployer: code(3),
    onwardAirline: code(3),
    onwardFlightNumber: fc.stringMatching(/^\d{1,4}$/),
    aircraftRotationLayover: code(1),
    onwardSuffix: code(1),
    flightTransitLayover: code(1),
    operatingAirlineDisclosure: code(1),
    trafficRestrictionCode: code(11),
    trafficRestrictionOverflow: code(1),
    aircraftConfiguration: code(20),
    dateVariation: fc.record({ departure: fc.integer({ min: -1, max: 3 }), arrival: fc.integer({ min: -1, max: 3 }) }),
    segments: fc.array(segment, { minLength: 1, maxLength: 2 }),
  },
  [
    'airline',
    'flightNumber',
    'itineraryVariation',
    'legSequence',
    'serviceType',
    'periodFrom',
    'periodTo',
    'daysOfOperation',
    'departureStation',
    'passengerStd',
    'aircraftStd',
    'departureUtcOffset',
    'arrivalStation',
    'aircraftSta',
    'passengerSta',
    'arrivalUtcOffset',
    'aircraftType',
    'dateVariation',
  ],
);

export const ssim = (legs = 6): fc.Arbitrary<Ssim> =>
  rec(
    {
      type: fc.constant('SSIM' as const),
      title: fc.constant('AIRLINE STANDARD SCHEDULE DATA SET'),
      seasons: fc.integer({ min: 1, max: 9 }),
      dataSetSerial: fc.stringMatching(/^\d{3}$/),
      carriers: fc.array(
        rec(
          {
            timeMode: fc.constantFrom('U' as const, 'L' as const),
            airline,
            season: fc.stringMatching(/^[SW]\d{2}$/),
            periodFrom: isoDate,
            periodTo: fc.option(isoDate, { nil: null }),
            creationDate: isoDate,
            title: fc.stringMatching(/^[A-Z](?:[A-Z0-9 ]{0,27}[A-Z0-9])?$/),
            releaseDate: isoDate,
            scheduleStatus: upper(1, 1),
            creatorReference: code(35),
            duplicateMarker: upper(1, 1),
            generalInfo: code(60),
            secureFlight: upper(1, 1),
            inflightServiceInfo: code(19),
            eticketing: code(2),
            creationTime: fc.stringMatching(/^\d{4}$/),
            legs: fc.array(leg, { maxLength: legs }),
          },
          ['timeMode', 'airline', 'periodFrom', 'periodTo', 'creationDate', 'legs'],
        ),
        { minLength: 1, maxLength: 2 },
      ),
    },
    ['type', 'title', 'carriers'],
  );

const ssmDate = fc.oneof(
  date,
  fc.tuple(date, fc.integer({ min: 0, max: 99 })).map(([d, y]) => `${d}${String(y).padStart(2, '0')}`),
);
const token = fc.stringMatching(/^[A-Z0-9][A-Z0-9./-]{0,8}$/);
const tokens = fc.array(token, { minLength: 1, maxLength: 3 }).map((t) => t.join(' '));
const dv = fc.integer({ min: -1, max: 3 });

const scheduleLeg = rec(
  {
    departure: airport,
    std: time,
    passengerStd: time,
    departureDateVariation: dv,
    arrival: airport,
    sta: time,
    passengerSta: time,
    arrivalDateVariation: dv,
    extra: tokens,
  },
  ['departure', 'std', 'arrival', 'sta'],
);

const equipment = rec(
  {
    serviceType: upper(1, 1),
    aircraftType: alnum(3, 3),
    bookingDesignator: alnum(1, 12),
    configuration: alnum(1, 12),
    extra: tokens,
  },
  ['serviceType', 'aircraftType'],
).filter((e) => e.extra === undefined || e.bookingDesignator !== undefined);

function subMessage(withDate: boolean): fc.Arbitrary<SubMessage> {
  const flightBase = {
    airline: fc.stringMatching(/^[A-Z][A-Z0-9]$/),
    number: fc.stringMatching(/^\d{1,4}$/),
    suffix: upper(1, 1),
    extra: tokens,
  };
  const flight: fc.Arbitrary<SubMessage['flights'][number]> = withDate
    ? rec({ ...flightBase, date: ssmDate }, ['airline', 'number', 'date'])
    : rec(flightBase, ['airline', 'number']);
  return rec(
    {
      action: fc.constantFrom('NEW', 'CNL', 'RPL', 'TIM', 'EQT', 'SKD', 'ADM', 'CON', 'FLT', 'RRT'),
      actionDetails: tokens,
      flights: fc.array(flight, { minLength: 1, maxLength: 2 }),
      periods: fc.array(
        rec({ from: ssmDate, to: ssmDate, days, frequencyRate: fc.integer({ min: 1, max: 9 }) }, [
          'from',
          'to',
          'days',
        ]),
        {
          minLength: 1,
          maxLength: 2,
        },
      ),
      equipment,
      legs: fc.array(scheduleLeg, { minLength: 1, maxLength: 3 }),
      segments: fc.array(
        fc
          .tuple(airport, airport, fc.integer({ min: 1, max: 999 }), alnum(1, 8))
          .map(([a, b, n, d]) => `${a}${b} ${n}/${d}`),
        { minLength: 1, maxLength: 2 },
      ),
    },
    ['action', 'flights'],
  );
}

const supplementary = fc.array(
  fc.stringMatching(/^[A-Z0-9](?:[A-Z0-9 .]{0,30}[A-Z0-9])?$/).map((s) => s.replace(/ +/g, ' ')),
  {
    minLength: 1,
    maxLength: 2,
  },
);

function schedule<T extends 'SSM' | 'ASM'>(type: T) {
  return rec(
    {
      type: fc.constant(type),
      timeMode: fc.constantFrom('UTC' as const, 'LT' as const),
      sequence: fc.tuple(date, fc.stringMatching(/^\d{5}[EC]\d{3}$/)).map(([d, s]) => `${d}${s}`),
      subMessages: fc.array(subMessage(type === 'ASM'), { minLength: 1, maxLength: 3 }),
      supplementary,
    },
    ['type', 'timeMode', 'subMessages'],
  );
}

export const ssm = schedule('SSM') as fc.Arbitrary<Ssm>;
export const asm = schedule('ASM') as fc.Arbitrary<Asm>;

const address = fc.stringMatching(/^[A-Z]{3}[A-Z0-9]{2}[A-Z0-9]{2}$/);
export const envelope: fc.Arbitrary<TypeBEnvelope> = rec(
  {
    priority: fc.constantFrom('QU', 'QK', 'QD', 'QP', 'QN'),
    addresses: fc.array(address, { minLength: 1, maxLength: 12 }),
    origin: address,
    identity: fc.stringMatching(/^\d{6}$/),
    doubleSignature: upper(2, 2),
    nnnn: fc.constant(true as const),
  },
  ['addresses', 'origin'],
);

export { MONTHS };
