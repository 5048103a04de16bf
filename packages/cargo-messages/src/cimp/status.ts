/**
 * Status lines of FSU and FSA: the 21 status codes with their element layouts, the DIS
 * discrepancy codes, and the ULD lines that may follow a status.
 */
import { z } from 'zod';
import type { Issues } from '../issues';
import {
  checkAirport,
  checkDate,
  dateTime,
  flight,
  fmtFlight,
  fmtQuantity,
  fmtVolume,
  joinEls,
  quantity,
  volume,
} from './elements';
import { colAt, type Group, joined, type Line, parts, tail } from './lines';
import {
  AirportSchema,
  CarrierSchema,
  DateSchema,
  FlightSchema,
  OciSchema,
  QuantitySchema,
  TimeSchema,
  text,
  UldIdSchema,
  VolumeSchema,
} from './schemas';

export const STATUS_CODES = [
  'BKD',
  'RCS',
  'PRE',
  'MAN',
  'DEP',
  'TFD',
  'RCT',
  'RCF',
  'ARR',
  'TRM',
  'NFD',
  'AWD',
  'CCD',
  'TGC',
  'CRC',
  'FOH',
  'DLV',
  'DDL',
  'DIS',
  'AWR',
] as const;
export const StatusCodeSchema = z.enum(STATUS_CODES);
export type StatusCode = z.infer<typeof StatusCodeSchema>;

/** Cargo-IMP code list 1.8: discrepancy codes used in DIS lines. */
export const DISCREPANCY_CODES = {
  FDAW: 'Found air waybill',
  FDCA: 'Found cargo',
  MSAW: 'Missing air waybill',
  MSCA: 'Missing cargo',
  FDAV: 'Found mail document',
  FDMB: 'Found mailbag',
  MSAV: 'Missing mail document',
  MSMB: 'Missing mailbag',
  DFLD: 'Definitely loaded',
  OFLD: 'Offloaded',
  OVCD: 'Overcarried',
  SSPD: 'Shortshipped',
} as const;
export type DiscrepancyCode = keyof typeof DISCREPANCY_CODES;

export const STATUS_NAMES: Record<StatusCode, string> = {
  BKD: 'Booked',
  RCS: 'Received from shipper',
  PRE: 'Prepared for loading',
  MAN: 'Manifested',
  DEP: 'Departed',
  TFD: 'Transferred to another airline',
  RCT: 'Received from another airline',
  RCF: 'Received from flight',
  ARR: 'Arrived',
  TRM: 'To be transferred',
  NFD: 'Consignee notified',
  AWD: 'Documents delivered',
  CCD: 'Cleared by customs',
  TGC: 'Transferred to customs',
  CRC: 'Reported to customs',
  FOH: 'Freight on hand',
  DLV: 'Delivered',
  DDL: 'Delivered to door',
  DIS: 'Discrepancy',
  AWR: 'Arrival documents received',
};

export const TimeInfoSchema = z.object({
  /** S scheduled, E estimated, A actual. */
  kind: z.enum(['S', 'E', 'A']),
  time: TimeSchema,
  dayChange: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
});
export type TimeInfo = z.infer<typeof TimeInfoSchema>;

export const StatusEventSchema = z.object({
  code: StatusCodeSchema,
  /** RCT: transferring carrier; TFD, TRM: receiving carrier. */
  carrier: CarrierSchema.optional(),
  flight: FlightSchema.optional(),
  date: DateSchema.optional(),
  time: TimeSchema.optional(),
  /** Day change indicator after the time (RCF, ARR, AWR). */
  dayChange: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
  /** Airport of the event (all codes except BKD, MAN, DEP, PRE). */
  airport: AirportSchema.optional(),
  /** Departure and arrival airports of the flight (BKD, MAN, DEP, PRE). */
  origin: AirportSchema.optional(),
  destination: AirportSchema.optional(),
  discrepancy: z
    .string()
    .regex(/^[A-Z]{4}$/)
    .optional(),
  quantity: QuantitySchema.optional(),
  departureTime: TimeInfoSchema.optional(),
  arrivalTime: TimeInfoSchema.optional(),
  volume: VolumeSchema.optional(),
  densityGroup: z.number().int().min(0).max(99).optional(),
  /** Received from / notified / delivered to. */
  name: text(35).optional(),
  /** RCT: receiving carrier; TFD: transferring carrier (second line). */
  partnerCarrier: CarrierSchema.optional(),
  transferManifest: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  /** CRC: flight reported to customs. */
  customsFlight: z
    .object({ flight: FlightSchema, date: DateSchema, origin: AirportSchema, destination: AirportSchema })
    .optional(),
  ulds: z
    .array(
      z.object({
        id: UldIdSchema,
        loadingIndicator: z
          .string()
          .regex(/^[A-Z]$/)
          .optional(),
      }),
    )
    .min(1)
    .optional(),
  oci: z.array(OciSchema).min(1).optional(),
});
export type StatusEvent = z.infer<typeof StatusEventSchema>;

type Kind =
  | 'flight'
  | 'carrier'
  | 'dt'
  | 'date'
  | 'airport'
  | 'pair'
  | 'qty'
  | 'name'
  | 'dep'
  | 'arr'
  | 'vol'
  | 'dis'
  | 'manifest'
  | 'crc';

const FLIGHT_MOVE: Kind[] = ['flight', 'date', 'pair', 'qty', 'dep', 'arr'];
const AT_AIRPORT: Kind[] = ['dt', 'airport', 'qty', 'name'];
const ARRIVAL: Kind[] = ['flight', 'dt', 'airport', 'qty', 'dep', 'arr'];

/** Element layout of each status line (after `CODE/`). */
export const LAYOUTS: Record<StatusCode, Kind[]> = {
  BKD: [...FLIGHT_MOVE, 'vol'],
  RCS: AT_AIRPORT,
  PRE: FLIGHT_MOVE,
  MAN: FLIGHT_MOVE,
  DEP: FLIGHT_MOVE,
  TFD: ['carrier', 'dt', 'airport', 'qty', 'manifest'],
  RCT: ['carrier', 'dt', 'airport', 'qty'],
  RCF: ARRIVAL,
  ARR: ARRIVAL,
  TRM: ['carrier', 'airport', 'qty'],
  NFD: AT_AIRPORT,
  AWD: AT_AIRPORT,
  CCD: ['dt', 'airport', 'qty'],
  TGC: ['dt', 'airport', 'qty'],
  CRC: ['dt', 'airport', 'qty', 'crc'],
  FOH: AT_AIRPORT,
  DLV: AT_AIRPORT,
  DDL: AT_AIRPORT,
  DIS: ['flight', 'dt', 'airport', 'dis', 'qty'],
  AWR: ARRIVAL,
};

/** Codes whose second line carries volume (RCS, FOH) or the partner carrier and name (RCT, TFD). */
const VOLUME_LINE = new Set<StatusCode>(['RCS', 'FOH']);
const PARTNER_LINE = new Set<StatusCode>(['RCT', 'TFD']);

const TIME_INFO_RE = /^([SEA])(\d{4})(?:-([A-Z]))?$/;

export function isStatusCode(s: string): s is StatusCode {
  return (STATUS_CODES as readonly string[]).includes(s);
}

function timeInfo(s: string, line: Line, col: number, issues: Issues): TimeInfo | undefined {
  const m = TIME_INFO_RE.exec(s);
  if (!m) {
    issues.error(line.no, col, 'BAD_TIME', `Time information not understood (S|E|A + HHMM): ${s}`);
    return undefined;
  }
  const t: TimeInfo = { kind: m[1] as TimeInfo['kind'], time: m[2] ?? '' };
  if (m[3] !== undefined) t.dayChange = m[3];
  return t;
}

const fmtTimeInfo = (t: TimeInfo | undefined): string =>
  t ? `${t.kind}${t.time}${t.dayChange ? `-${t.dayChange}` : ''}` : '';

function volumeInto(ev: StatusEvent, s: string, line: Line, col: number, issues: Issues): void {
  const m = /^(?:(MC|CF|CI|CC)(\d+(?:\.\d*)?|\.\d+))?(?:DG(\d{1,2}))?$/.exec(s);
  const v = m?.[1] ? volume(`${m[1]}${m[2]}`) : undefined;
  if (!m || (!v && m[3] === undefined)) {
    issues.error(line.no, col, 'BAD_ELEMENT', `Volume not understood: ${s}`);
    return;
  }
  if (v) ev.volume = v;
  if (m[3] !== undefined) ev.densityGroup = Number(m[3]);
}

/** Parses one status line group (the line and its continuation lines). */
export function readStatus(group: Group, issues: Issues): StatusEvent {
  const head = group.lines[0] as Line;
  const code = group.id as StatusCode;
  const ev: StatusEvent = { code };
  const special = VOLUME_LINE.has(code) || PARTNER_LINE.has(code);
  // A line continued only because of its length reads as one line.
  const els = special ? parts(head).map((e) => e.trim()) : [code, ...joined(group).map((e) => e.trim())];
  const layout = LAYOUTS[code];
  for (let k = 0; k < layout.length; k++) {
    const s = els[k + 1] ?? '';
    const col = colAt(head, k + 1);
    if (s === '') continue;
    switch (layout[k]) {
      case 'flight': {
        const f = flight(s);
        if (f) ev.flight = f;
        else issues.error(head.no, col, 'BAD_ELEMENT', `Flight not understood: ${s}`);
        break;
      }
      case 'carrier':
        if (!/^[A-Z0-9]{2}[A-Z]?$/.test(s)) issues.error(head.no, col, 'BAD_CODE', `Carrier code not understood: ${s}`);
        ev.carrier = s;
        break;
      case 'dt': {
        const d = dateTime(s, head, col, issues);
        if (d) {
          ev.date = d.date;
          if (d.time !== undefined) ev.time = d.time;
          if (d.dayChange !== undefined) ev.dayChange = d.dayChange;
        }
        break;
      }
      case 'date':
        checkDate(s, head, col, issues);
        ev.date = s;
        break;
      case 'airport':
        checkAirport(s, head, col, issues);
        ev.airport = s;
        break;
      case 'pair':
        if (!/^[A-Z]{6}$/.test(s))
          issues.error(head.no, col, 'BAD_CODE', `Departure and arrival airports expected: ${s}`);
        ev.origin = s.slice(0, 3);
        ev.destination = s.slice(3, 6);
        break;
      case 'qty': {
        const q = quantity(s, head, col, issues);
        if (q) ev.quantity = q;
        break;
      }
      case 'name':
        ev.name = s;
        break;
      case 'dep':
      case 'arr': {
        const t = timeInfo(s, head, col, issues);
        if (t) ev[layout[k] === 'dep' ? 'departureTime' : 'arrivalTime'] = t;
        break;
      }
      case 'vol':
        volumeInto(ev, s, head, col, issues);
        break;
      case 'dis':
        if (!(s in DISCREPANCY_CODES)) issues.warn(head.no, col, 'BAD_CODE', `Unknown discrepancy code: ${s}`);
        ev.discrepancy = s;
        break;
      case 'manifest':
        ev.transferManifest = s;
        break;
      case 'crc': {
        const f = flight(s);
        const date = els[k + 2] ?? '';
        const pair = els[k + 3] ?? '';
        if (!f || !/^[A-Z]{6}$/.test(pair)) {
          issues.error(head.no, col, 'BAD_ELEMENT', 'Customs movement needs flight, date and airports');
          break;
        }
        checkDate(date, head, colAt(head, k + 2), issues);
        ev.customsFlight = { flight: f, date, origin: pair.slice(0, 3), destination: pair.slice(3) };
        break;
      }
    }
  }
  const used = layout[layout.length - 1] === 'crc' ? layout.length + 2 : layout.length;
  if (els.length - 1 > used)
    issues.warn(head.no, colAt(head, used + 1), 'EXTRA_ELEMENT', `Extra elements in ${code} line`);
  const where = layout.includes('pair') ? ev.origin : ev.airport;
  if (where === undefined && code !== 'PRE') {
    issues.error(head.no, head.col, 'MISSING_ELEMENT', `${code} line without airport`);
  }
  for (const l of special ? group.lines.slice(1) : []) {
    const t = tail(l).map((e) => e.trim());
    if (VOLUME_LINE.has(code)) {
      volumeInto(ev, t.join(''), l, l.col + 1, issues);
    } else {
      if (t[0]) ev.partnerCarrier = t[0];
      if (t[1]) ev.name = t[1];
    }
  }
  return ev;
}

export function writeStatus(ev: StatusEvent): string[] {
  const layout = LAYOUTS[ev.code];
  const els: string[] = [];
  for (const kind of layout) {
    switch (kind) {
      case 'flight':
        els.push(ev.flight ? fmtFlight(ev.flight) : '');
        break;
      case 'carrier':
        els.push(ev.carrier ?? '');
        break;
      case 'dt':
        els.push(ev.date === undefined ? '' : `${ev.date}${ev.time ?? ''}${ev.dayChange ? `-${ev.dayChange}` : ''}`);
        break;
      case 'date':
        els.push(ev.date ?? '');
        break;
      case 'airport':
        els.push(ev.airport ?? '');
        break;
      case 'pair':
        els.push(`${ev.origin ?? ''}${ev.destination ?? ''}`);
        break;
      case 'qty':
        els.push(ev.quantity ? fmtQuantity(ev.quantity) : '');
        break;
      case 'name':
        els.push(ev.name ?? '');
        break;
      case 'dep':
        els.push(fmtTimeInfo(ev.departureTime));
        break;
      case 'arr':
        els.push(fmtTimeInfo(ev.arrivalTime));
        break;
      case 'vol':
        els.push(
          `${ev.volume ? fmtVolume(ev.volume) : ''}${ev.densityGroup !== undefined ? `DG${ev.densityGroup}` : ''}`,
        );
        break;
      case 'dis':
        els.push(ev.discrepancy ?? '');
        break;
      case 'manifest':
        els.push(ev.transferManifest ?? '');
        break;
      case 'crc':
        if (ev.customsFlight) {
          const c = ev.customsFlight;
          els.push(fmtFlight(c.flight), c.date, `${c.origin}${c.destination}`);
        }
        break;
    }
  }
  const out = [joinEls(ev.code, els)];
  if (VOLUME_LINE.has(ev.code) && (ev.volume || ev.densityGroup !== undefined)) {
    out.push(`/${ev.volume ? fmtVolume(ev.volume) : ''}${ev.densityGroup !== undefined ? `DG${ev.densityGroup}` : ''}`);
  }
  if (PARTNER_LINE.has(ev.code) && (ev.partnerCarrier !== undefined || ev.name !== undefined)) {
    out.push(joinEls('', [ev.partnerCarrier ?? '', ev.name]));
  }
  if (ev.ulds) {
    const items = ev.ulds.map((u) => (u.loadingIndicator ? `${u.id}-${u.loadingIndicator}` : u.id));
    for (let k = 0; k < items.length; k += 5) out.push(`${k === 0 ? 'ULD' : ''}/${items.slice(k, k + 5).join('/')}`);
  }
  return out;
}

const ULD_RE = /^([A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2})(?:-([A-Z]))?$/;

/** ULD/<id>[-ind]/... (up to five per line) following a status line. */
export function readStatusUlds(group: Group, issues: Issues): NonNullable<StatusEvent['ulds']> {
  const out: NonNullable<StatusEvent['ulds']> = [];
  const head = group.lines[0] as Line;
  for (const e of joined(group)) {
    const s = e.trim();
    if (s === '') continue;
    const m = ULD_RE.exec(s);
    if (!m) {
      issues.warn(head.no, head.col, 'BAD_ELEMENT', `ULD identification not understood: ${s}`);
      continue;
    }
    out.push(m[2] !== undefined ? { id: m[1] ?? '', loadingIndicator: m[2] } : { id: m[1] ?? '' });
  }
  return out;
}
