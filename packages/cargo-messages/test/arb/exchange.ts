/** fast-check arbitraries for FSU, FSA, FFR, FFA, CSN, FMA, FNA and UWS models. */
import fc from 'fast-check';
import {
  type BookedUlds,
  type Csn,
  DISCREPANCY_CODES,
  type Ffa,
  type Ffr,
  type Fma,
  type Fna,
  type Fsa,
  type Fsu,
  LAYOUTS,
  STATUS_CODES,
  type StatusEvent,
  type Uws,
} from '../../src/index';
import {
  agent,
  airport,
  alnum,
  awb,
  base,
  bookedUlds,
  carrier,
  consignmentBase,
  date,
  dimension,
  flight,
  flightNumber,
  freeLine,
  ociList,
  party,
  quantity,
  rec,
  reference,
  shipmentReference,
  time,
  txt,
  uldId,
  upper,
  volume,
  weight,
} from './common';

const timeInfo = rec(
  { kind: fc.constantFrom('S' as const, 'E' as const, 'A' as const), time, dayChange: upper(1, 1) },
  ['kind', 'time'],
);

const statusQuantity = rec(
  { code: fc.constantFrom('T' as const, 'P' as const), pieces: fc.integer({ min: 0, max: 9999 }), weight },
  ['code', 'pieces'],
);

/** A status event carrying only the elements its code's layout can hold. */
function statusEventFor(code: (typeof STATUS_CODES)[number]): fc.Arbitrary<StatusEvent> {
  const layout = LAYOUTS[code];
  const has = (k: string) => (layout as readonly string[]).includes(k);
  const required: string[] = ['code'];
  const parts: Record<string, fc.Arbitrary<unknown>> = { code: fc.constant(code) };
  if (has('flight')) parts.flight = flight;
  if (has('carrier')) parts.carrier = carrier;
  if (has('dt') || has('date')) {
    parts.date = date;
    required.push('date');
  }
  if (has('dt')) {
    parts.time = time;
    parts.dayChange = upper(1, 1);
  }
  if (has('airport')) {
    parts.airport = airport;
    required.push('airport');
  }
  if (has('pair')) {
    parts.origin = airport;
    parts.destination = airport;
    required.push('origin', 'destination');
  }
  if (has('qty')) parts.quantity = statusQuantity;
  if (has('dep')) parts.departureTime = timeInfo;
  if (has('arr')) parts.arrivalTime = timeInfo;
  if (has('dis')) {
    parts.discrepancy = fc.constantFrom(...Object.keys(DISCREPANCY_CODES));
    required.push('discrepancy');
  }
  if (has('manifest')) parts.transferManifest = fc.stringMatching(/^\d{6}$/);
  if (has('crc')) parts.customsFlight = fc.record({ flight, date, origin: airport, destination: airport });
  if (has('name') || code === 'RCT' || code === 'TFD') parts.name = txt(35);
  if (code === 'RCT' || code === 'TFD') parts.partnerCarrier = carrier;
  if (has('vol') || code === 'RCS' || code === 'FOH') {
    parts.volume = volume;
    parts.densityGroup = fc.integer({ min: 0, max: 99 });
  }
  parts.ulds = fc.array(rec({ id: uldId, loadingIndicator: upper(1, 1) }, ['id']), { minLength: 1, maxLength: 6 });
  parts.oci = ociList;
  return fc.record(parts, { requiredKeys: required }) as fc.Arbitrary<StatusEvent>;
}

const statusEvent: fc.Arbitrary<StatusEvent> = fc.oneof(...STATUS_CODES.map(statusEventFor));

const statusConsignment = fc
  .tuple(
    rec({ awb, quantity: quantity(['T', 'P']) }, ['awb']),
    fc.option(fc.tuple(airport, airport), { nil: undefined }),
  )
  .map(([c, od]) => (od ? { ...c, origin: od[0], destination: od[1] } : c));
const entry = rec(
  { consignment: statusConsignment, events: fc.array(statusEvent, { minLength: 1, maxLength: 4 }), oci: ociList },
  ['consignment', 'events'],
);

function statusMessage<T extends 'FSU' | 'FSA'>(type: T) {
  return entry.chain((e) =>
    rec(
      {
        ...base,
        type: fc.constant(type),
        version: fc.constantFrom(12, 13, 14, 15),
        additional: fc.array(entry, { minLength: 1, maxLength: 2 }),
        osi: fc.array(freeLine(), { minLength: 1, maxLength: 2 }),
      },
      ['type', 'version'],
    ).map((m) => ({ ...e, ...m })),
  );
}

export const fsu = statusMessage('FSU') as fc.Arbitrary<Fsu>;
export const fsa = statusMessage('FSA') as fc.Arbitrary<Fsa>;

const bookingFlight = rec(
  {
    flight,
    date,
    origin: airport,
    destination: airport,
    status: fc.constantFrom('NN', 'NA', 'XX', 'SS', 'CA', 'HK', 'HN', 'KK', 'UU', 'UN', 'LL', 'HL'),
    allotment: alnum(1, 14),
  },
  ['flight', 'date', 'origin', 'destination', 'status'],
);
const bookingConsignment = rec(consignmentBase, ['awb', 'origin', 'destination', 'quantity']);
const textLines = fc.array(freeLine(), { maxLength: 2 });

export const ffr: fc.Arbitrary<Ffr> = rec(
  {
    ...base,
    type: fc.constant('FFR' as const),
    version: fc.constant(8),
    consignment: bookingConsignment,
    flights: fc.array(bookingFlight, { minLength: 1, maxLength: 3 }),
    ulds: fc.oneof(bookedUlds, fc.constant<BookedUlds>({ count: 0, ulds: [] })),
    ssr: textLines,
    osi: textLines,
    reference,
    dims: fc.array(dimension, { maxLength: 2 }),
    shipper: party,
    consignee: party,
    customer: agent,
    shipmentReference,
  },
  ['type', 'version', 'consignment', 'flights'],
);

export const ffa: fc.Arbitrary<Ffa> = rec(
  {
    ...base,
    type: fc.constant('FFA' as const),
    version: fc.constant(4),
    consignment: bookingConsignment,
    flights: fc.array(bookingFlight, { minLength: 1, maxLength: 3 }),
    ssr: textLines,
    osi: textLines,
    reference,
    shipmentReference,
  },
  ['type', 'version', 'consignment', 'flights'],
);

export const csn: fc.Arbitrary<Csn> = rec(
  {
    ...base,
    type: fc.constant('CSN' as const),
    version: fc.constant(3),
    waybill: rec({ awb, master: fc.constant(true as const), hawb: alnum(1, 12) }, ['awb']),
    flight: rec(
      {
        flight: fc.record({ carrier: fc.stringMatching(/^[A-Z][A-Z0-9][A-Z]?$/), number: flightNumber }),
        origin: airport,
        destination: airport,
        date,
        entryPoint: airport,
      },
      ['flight', 'origin', 'destination', 'date'],
    ),
    notifications: fc.array(
      rec(
        {
          status: alnum(2, 2),
          text: txt(20),
          actionCode: fc.stringMatching(/^\d{3}$/),
          date,
          time,
          entryNumber: alnum(1, 35),
          pieces: fc.integer({ min: 0, max: 9999 }),
          controlLocation: alnum(1, 7),
          agent: rec({ name: txt(35), participantId: upper(3, 3), participantCode: alnum(1, 17) }),
          oci: ociList,
        },
        ['status'],
      ),
      { minLength: 1, maxLength: 3 },
    ),
  },
  ['type', 'version', 'waybill', 'notifications'],
);

const received = fc
  .tuple(
    fc.constantFrom('FWB/17', 'FFR/8', 'FSU/15'),
    fc.array(fc.stringMatching(/^[A-Z0-9][A-Z0-9 ./-]{0,40}[A-Z0-9]$/), { maxLength: 3 }),
  )
  .map(([smi, rest]) => [smi, ...rest].join('\n'));

function ack<T extends 'FMA' | 'FNA'>(type: T) {
  return rec(
    {
      possibleDuplicate: fc.constant(true as const),
      type: fc.constant(type),
      version: fc.integer({ min: 1, max: 9 }),
      reasons: fc.array(freeLine(), { minLength: 1, maxLength: 3 }),
      received,
    },
    ['type', 'reasons'],
  );
}

export const fma = ack('FMA') as fc.Arbitrary<Fma>;
export const fna = ack('FNA') as fc.Arbitrary<Fna>;

const uwsItem = {
  destination: airport,
  weight: fc.integer({ min: 0, max: 99999 }),
  category: fc.stringMatching(/^[A-Z][A-Z0-9]{0,2}$/),
  remarks: fc.array(txt(20), { minLength: 1, maxLength: 2 }),
};

export const uws: fc.Arbitrary<Uws> = rec(
  {
    type: fc.constant('UWS' as const),
    flight,
    date,
    station: airport,
    ulds: fc.array(rec({ id: uldId, ...uwsItem }, ['id', 'destination', 'weight', 'category']), { maxLength: 4 }),
    bulk: fc.array(rec(uwsItem, ['destination', 'weight', 'category']), { maxLength: 3 }),
    si: fc.array(freeLine(), { minLength: 1, maxLength: 2 }),
  },
  ['type', 'flight', 'date', 'station', 'ulds', 'bulk'],
);
