/**
 * SSIM chapter 7 files: header (1), carrier (2), flight legs (3), segment data (4), trailer (5),
 * fixed 200-column records in blocks of five padded with zero-filled records.
 */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import {
  CARRIER_FIELDS,
  HEADER_FIELDS,
  LEG_FIELDS,
  RECORD_LENGTH,
  readFields,
  SEGMENT_FIELDS,
  serial,
  TRAILER_FIELDS,
  writeFields,
} from './records';

const IsoDate = z.iso.date('ISO date');
const Code = (n: number) => z.string().regex(new RegExp(`^[A-Z0-9]{1,${n}}$`));
const Str = (n: number) =>
  z
    .string()
    .min(1)
    .max(n)
    .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, 'printable, trimmed');
const Time = z.string().regex(/^([01]\d|2[0-3])[0-5]\d$|^2400$/, 'HHMM');
const Offset = z.string().regex(/^[+-]\d{4}$/, 'UTC variation +HHMM');

export const SsimSegmentSchema = z.object({
  legSequence: z.number().int().min(0).max(99),
  serviceType: Code(1),
  itineraryVariationOverflow: Code(1).optional(),
  boardPointIndicator: Code(1),
  offPointIndicator: Code(1),
  /** Data element identifier (DEI), e.g. 10 for code share, 50 for traffic restriction note. */
  dei: z.number().int().min(0).max(999),
  boardPoint: z.string().regex(/^[A-Z]{3}$/),
  offPoint: z.string().regex(/^[A-Z]{3}$/),
  data: Str(155).optional(),
});
export type SsimSegment = z.infer<typeof SsimSegmentSchema>;

export const SsimLegSchema = z.object({
  suffix: Code(1).optional(),
  airline: z.string().regex(/^[A-Z0-9]{2}[A-Z]?$/),
  flightNumber: z.number().int().min(1).max(9999),
  itineraryVariation: z.number().int().min(0).max(99),
  legSequence: z.number().int().min(0).max(99),
  serviceType: Code(1),
  periodFrom: IsoDate,
  /** null: open-ended period (00XXX00). */
  periodTo: IsoDate.nullable(),
  /** Days of operation, 1 = Monday. */
  daysOfOperation: z.array(z.number().int().min(1).max(7)).min(1),
  frequencyRate: z.number().int().min(1).max(9).optional(),
  departureStation: z.string().regex(/^[A-Z]{3}$/),
  passengerStd: Time,
  aircraftStd: Time,
  departureUtcOffset: Offset,
  departureTerminal: Str(2).optional(),
  arrivalStation: z.string().regex(/^[A-Z]{3}$/),
  aircraftSta: Time,
  passengerSta: Time,
  arrivalUtcOffset: Offset,
  arrivalTerminal: Str(2).optional(),
  aircraftType: z.string().regex(/^[A-Z0-9]{3}$/),
  prbd: Str(20).optional(),
  prbm: Str(5).optional(),
  mealServiceNote: Str(10).optional(),
  jointOperation: Str(9).optional(),
  mctStatus: Str(2).optional(),
  secureFlight: Code(1).optional(),
  itineraryVariationOverflow: Code(1).optional(),
  aircraftOwner: Str(3).optional(),
  cockpitCrewEmployer: Str(3).optional(),
  cabinCrewEmployer: Str(3).optional(),
  onwardAirline: Str(3).optional(),
  onwardFlightNumber: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  aircraftRotationLayover: Code(1).optional(),
  onwardSuffix: Code(1).optional(),
  flightTransitLayover: Code(1).optional(),
  operatingAirlineDisclosure: Code(1).optional(),
  trafficRestrictionCode: Str(11).optional(),
  trafficRestrictionOverflow: Code(1).optional(),
  aircraftConfiguration: Str(20).optional(),
  /** Days added to the period dates at departure and arrival (-1 written `A`). */
  dateVariation: z.object({ departure: z.number().int().min(-1).max(9), arrival: z.number().int().min(-1).max(9) }),
  /** Type 4 records that follow the leg. */
  segments: z.array(SsimSegmentSchema).min(1).optional(),
});
export type SsimLeg = z.infer<typeof SsimLegSchema>;

export const SsimCarrierSchema = z.object({
  /** U: times are UTC; L: times are local. */
  timeMode: z.enum(['U', 'L']),
  airline: z.string().regex(/^[A-Z0-9]{2}[A-Z]?$/),
  season: Str(3).optional(),
  periodFrom: IsoDate,
  periodTo: IsoDate.nullable(),
  creationDate: IsoDate,
  title: Str(29).optional(),
  releaseDate: IsoDate.optional(),
  scheduleStatus: Code(1).optional(),
  creatorReference: Str(35).optional(),
  duplicateMarker: Code(1).optional(),
  generalInfo: Str(60).optional(),
  secureFlight: Code(1).optional(),
  inflightServiceInfo: Str(19).optional(),
  eticketing: Str(2).optional(),
  creationTime: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  legs: z.array(SsimLegSchema),
});
export type SsimCarrier = z.infer<typeof SsimCarrierSchema>;

export const SsimSchema = z.object({
  type: z.literal('SSIM'),
  title: Str(34),
  seasons: z.number().int().min(0).max(9).optional(),
  dataSetSerial: Str(3).optional(),
  carriers: z.array(SsimCarrierSchema).min(1),
  /**
   * Flight legs of a fragment that has no carrier record (type 2) before them: their time mode and
   * the carrier's period are unknown. Only present on such a fragment, which is reported with a
   * MISSING_HEADER error.
   */
  fragmentLegs: z.array(SsimLegSchema).min(1).optional(),
});
export type Ssim = z.infer<typeof SsimSchema>;

export const SSIM_TITLE = 'AIRLINE STANDARD SCHEDULE DATA SET';

/** Splits into records: by line, or by 200 characters when the file has no line breaks. */
function records(text: string): string[] {
  if (text.indexOf('\n') === -1 && text.length > RECORD_LENGTH) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += RECORD_LENGTH) out.push(text.slice(i, i + RECORD_LENGTH));
    return out;
  }
  return text.split('\n');
}

const isZeroRecord = (r: string): boolean => r.charCodeAt(0) === 48 && /^0+$/.test(r);

export function parseSsim(text: string, options: ParseOptions = {}): ParseResult<Ssim> {
  const issues = new Issues(options);
  const msg: Ssim = { type: 'SSIM', title: '', carriers: [] };
  const recs = records(text);
  let carrier: SsimCarrier | undefined;
  let leg: SsimLeg | undefined;
  let expectedSerial = 0;
  let serialReported = false;
  let sawHeader = false;
  let sawTrailer = true;
  let lastSerial = 0;
  for (let i = 0; i < recs.length; i++) {
    let rec = recs[i] as string;
    if (rec.charCodeAt(rec.length - 1) === 13) rec = rec.slice(0, -1);
    const line = i + 1;
    if (rec.length === 0 || (rec.charCodeAt(0) === 48 && isZeroRecord(rec))) continue;
    if (rec.length > RECORD_LENGTH) {
      issues.warn(line, RECORD_LENGTH + 1, 'RECORD_LENGTH', `Record has ${rec.length} characters (200 expected)`);
      rec = rec.slice(0, RECORD_LENGTH);
    } else if (rec.length < RECORD_LENGTH) {
      rec = rec.padEnd(RECORD_LENGTH);
    }
    const sn = rec.slice(194, 200);
    const n = /^\d{6}$/.test(sn) ? Number(sn) : Number.NaN;
    if (expectedSerial > 0 && n !== expectedSerial && !serialReported) {
      issues.warn(line, 195, 'RECORD_SERIAL', `Record serial ${sn} where ${serial(expectedSerial)} was expected`);
      serialReported = true;
    }
    expectedSerial = (Number.isNaN(n) ? expectedSerial : n) + 1;
    const type = rec[0];
    if (type === '1') {
      sawHeader = true;
      const h = readFields(rec, HEADER_FIELDS, line, issues);
      msg.title = String(h.title ?? '');
      if (h.seasons !== undefined) msg.seasons = h.seasons as number;
      if (h.dataSetSerial !== undefined) msg.dataSetSerial = h.dataSetSerial as string;
    } else if (type === '2') {
      if (!sawTrailer)
        issues.warn(line, 1, 'MISSING_LINE', 'Carrier record before the trailer of the previous carrier');
      carrier = { ...(readFields(rec, CARRIER_FIELDS, line, issues) as Omit<SsimCarrier, 'legs'>), legs: [] };
      if (carrier.timeMode !== 'U' && carrier.timeMode !== 'L') {
        issues.error(line, 2, 'BAD_CODE', `Time mode must be U (UTC) or L (local): ${carrier.timeMode}`);
      }
      msg.carriers.push(carrier);
      leg = undefined;
      sawTrailer = false;
      lastSerial = n;
    } else if (type === '3') {
      if (!carrier && !/^3[ A-Z][A-Z0-9]{2}/.test(rec)) {
        issues.error(line, 1, 'MISSING_LINE', 'Flight leg record before any carrier record');
        continue;
      }
      leg = readFields(rec, LEG_FIELDS, line, issues) as SsimLeg;
      if (!carrier) {
        if (!msg.fragmentLegs)
          issues.error(
            line,
            1,
            'MISSING_HEADER',
            'Flight leg records without header and carrier records (types 1 and 2): time mode unknown',
          );
        append(msg, 'fragmentLegs', leg);
      } else {
        carrier.legs.push(leg);
      }
      lastSerial = n;
    } else if (type === '4') {
      if (!leg) {
        issues.error(line, 1, 'MISSING_LINE', 'Segment data record before any flight leg record');
        continue;
      }
      const s = readFields(rec, SEGMENT_FIELDS, line, issues);
      if (
        s.airline !== leg.airline ||
        s.flightNumber !== leg.flightNumber ||
        s.itineraryVariation !== leg.itineraryVariation
      ) {
        issues.warn(line, 3, 'BAD_RECORD', 'Segment data record does not match the flight leg before it');
      }
      const { suffix: _s, airline: _a, flightNumber: _f, itineraryVariation: _i, ...seg } = s;
      append(leg, 'segments', seg as SsimSegment);
      lastSerial = n;
    } else if (type === '5') {
      const t = readFields(rec, TRAILER_FIELDS, line, issues);
      if (!carrier) issues.warn(line, 1, 'MISSING_LINE', 'Trailer record without carrier record');
      else if (t.airline !== undefined && t.airline !== carrier.airline) {
        issues.warn(line, 3, 'BAD_RECORD', `Trailer airline ${String(t.airline)} differs from ${carrier.airline}`);
      }
      if (t.serialCheckReference !== undefined && lastSerial > 0 && t.serialCheckReference !== lastSerial) {
        issues.warn(line, 188, 'RECORD_SERIAL', 'Serial number check reference does not match the last leg record');
      }
      sawTrailer = true;
      leg = undefined;
    } else {
      issues.error(line, 1, 'BAD_RECORD', `Unknown record type: ${JSON.stringify(rec[0])}`);
    }
  }
  if (msg.fragmentLegs) {
    if (sawHeader && msg.carriers.length === 0) issues.error(1, 1, 'MISSING_LINE', 'Carrier record (type 2) missing');
  } else {
    if (!sawHeader) issues.error(1, 1, 'MISSING_LINE', 'Header record (type 1) missing');
    if (msg.carriers.length === 0) issues.error(1, 1, 'MISSING_LINE', 'Carrier record (type 2) missing');
  }
  if (!sawTrailer && !msg.fragmentLegs) issues.warn(recs.length, 1, 'MISSING_LINE', 'Trailer record (type 5) missing');
  return { message: msg, issues: issues.sorted() };
}

export interface SsimGenerateOptions {
  newline?: '\n' | '\r\n';
}

const ZERO = '0'.repeat(RECORD_LENGTH);

export function generateSsim(m: Ssim, options: SsimGenerateOptions = {}): string {
  const out: string[] = [];
  let n = 0;
  const push = (rec: string) => {
    n++;
    out.push(rec + serial(n));
  };
  const pad = () => {
    while (out.length % 5 !== 0) out.push(ZERO);
  };
  push(writeFields('1', m as unknown as Record<string, unknown>, HEADER_FIELDS));
  pad();
  m.carriers.forEach((c, k) => {
    push(writeFields('2', c as unknown as Record<string, unknown>, CARRIER_FIELDS));
    pad();
    for (const leg of c.legs) {
      push(writeFields('3', leg as unknown as Record<string, unknown>, LEG_FIELDS));
      for (const s of leg.segments ?? []) {
        const rec = {
          suffix: leg.suffix,
          airline: leg.airline,
          flightNumber: leg.flightNumber,
          itineraryVariation: leg.itineraryVariation,
          ...s,
        };
        push(writeFields('4', rec, SEGMENT_FIELDS));
      }
    }
    const end = k === m.carriers.length - 1 ? 'E' : 'C';
    push(writeFields('5', { airline: c.airline, serialCheckReference: n, endCode: end }, TRAILER_FIELDS));
    pad();
  });
  const nl = options.newline ?? '\n';
  return out.join(nl) + nl;
}
