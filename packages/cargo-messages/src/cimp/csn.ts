/** CSN — customs status notification (version 3). */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { readOci, writeOci } from './blocks';
import { awbOd, checkDate, flight, fmtFlight, int, isTime, joinEls } from './elements';
import { colAt, type Group, groupLines, joined, type Line, mergeParts, prepare } from './lines';
import {
  AirportSchema,
  AwbNumberSchema,
  cimpBase,
  DateSchema,
  FlightSchema,
  OciSchema,
  TimeSchema,
  text,
} from './schemas';
import { fitUnits, type GenerateOptions, render, sanitize, splitMethod2, type Unit } from './writer';

export const CSN_VERSIONS = [3] as const;

export const CsnNotificationSchema = z.object({
  /** CAN: customs status code, notification text and action code. */
  status: z.string().regex(/^[A-Z0-9]{2}$/),
  text: text(20).optional(),
  actionCode: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  /** DTN: date and time of the notification. */
  date: DateSchema.optional(),
  time: TimeSchema.optional(),
  /** CND: customs entry number (an MRN for EU customs) and pieces actioned. */
  entryNumber: text(35).optional(),
  pieces: z.number().int().min(0).max(9999).optional(),
  /** CCL: bonded premises of the cargo control location. */
  controlLocation: z
    .string()
    .regex(/^[A-Z0-9]{1,7}$/)
    .optional(),
  /** AGT: nominated agent or consignee. */
  agent: z
    .object({ name: text(35).optional(), participantId: text(3).optional(), participantCode: text(17).optional() })
    .optional(),
  oci: z.array(OciSchema).min(1).optional(),
});
export type CsnNotification = z.infer<typeof CsnNotificationSchema>;

export const CsnSchema = z.object({
  type: z.literal('CSN'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  /** WBI: AWB, master indicator, house waybill. */
  waybill: z.object({
    awb: AwbNumberSchema,
    master: z.literal(true).optional(),
    hawb: z
      .string()
      .regex(/^[A-Z0-9]{1,12}$/)
      .optional(),
  }),
  /** FLT: flight (ICAO or IATA carrier), loading and unloading airports, arrival date, entry point. */
  flight: z
    .object({
      flight: FlightSchema,
      origin: AirportSchema,
      destination: AirportSchema,
      date: DateSchema,
      entryPoint: AirportSchema.optional(),
    })
    .optional(),
  notifications: z.array(CsnNotificationSchema).min(1),
});
export type Csn = z.infer<typeof CsnSchema>;

const MRN_RE = /^\d{2}[A-Z]{2}[A-Z0-9]{13}\d$/;

/** EU Movement Reference Number: 18 characters (2-digit year, country, 13 characters, check). */
export function isMrn(value: string): boolean {
  return MRN_RE.test(value);
}

export function parseCsn(text: string, options: ParseOptions = {}): ParseResult<Csn> {
  const issues = new Issues(options);
  const msg: Csn = { type: 'CSN', version: 3, waybill: { awb: '' }, notifications: [] };
  const prep = prepare(text, ['CSN'], issues, CSN_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 3;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', 'CSN version missing; 3 assumed');
  const groups = groupLines(mergeParts(prep.body, 'CSN', issues), issues);
  let sawWbi = false;
  let current: CsnNotification | undefined;
  const need = (g: Group): CsnNotification => {
    if (!current) {
      const head = g.lines[0] as Line;
      issues.error(head.no, head.col, 'MISSING_LINE', `${g.id} before any CAN line`);
      current = { status: '' };
      msg.notifications.push(current);
    }
    return current;
  };
  for (const g of groups) {
    const head = g.lines[0] as Line;
    const els = joined(g).map((e) => e.trim());
    switch (g.id) {
      case 'WBI': {
        sawWbi = true;
        const od = awbOd(els[0] ?? '', head, colAt(head, 1), issues);
        if (od) msg.waybill.awb = od.awb;
        if (els[1] === 'M') msg.waybill.master = true;
        else if (els[1]) issues.warn(head.no, colAt(head, 2), 'BAD_CODE', `Master indicator must be M: ${els[1]}`);
        if (els[2]) msg.waybill.hawb = els[2];
        break;
      }
      case 'FLT': {
        const f = flight(els[0] ?? '');
        const pair = els[1] ?? '';
        if (!f || !/^[A-Z]{6}$/.test(pair)) {
          issues.error(head.no, colAt(head, 1), 'BAD_ELEMENT', 'FLT needs flight and loading/unloading airports');
          break;
        }
        const date = els[2] ?? '';
        checkDate(date, head, colAt(head, 3), issues);
        msg.flight = { flight: f, origin: pair.slice(0, 3), destination: pair.slice(3), date };
        if (els[3]) msg.flight.entryPoint = els[3];
        break;
      }
      case 'CAN': {
        current = { status: els[0] ?? '' };
        if (!/^[A-Z0-9]{2}$/.test(current.status)) {
          issues.error(head.no, colAt(head, 1), 'BAD_CODE', `Customs status code not understood: ${current.status}`);
        }
        if (els[1]) current.text = els[1];
        if (els[2]) current.actionCode = els[2];
        msg.notifications.push(current);
        break;
      }
      case 'DTN': {
        const n = need(g);
        if (els[0]) {
          checkDate(els[0], head, colAt(head, 1), issues);
          n.date = els[0];
        }
        if (els[1]) {
          if (!isTime(els[1])) issues.error(head.no, colAt(head, 2), 'BAD_TIME', `Time not understood: ${els[1]}`);
          n.time = els[1];
        }
        break;
      }
      case 'CND': {
        const n = need(g);
        if (els[0]) n.entryNumber = els[0];
        if (els[1]) {
          const p = int(els[1]);
          if (p === undefined) issues.error(head.no, colAt(head, 2), 'BAD_NUMBER', `Pieces not a number: ${els[1]}`);
          else n.pieces = p;
        }
        break;
      }
      case 'CCL': {
        const n = need(g);
        if (els[0]) n.controlLocation = els[0];
        break;
      }
      case 'AGT': {
        const n = need(g);
        const a: NonNullable<CsnNotification['agent']> = {};
        if (els[0]) a.name = els[0];
        if (els[1]) a.participantId = els[1];
        if (els[2]) a.participantCode = els[2];
        n.agent = a;
        break;
      }
      case 'OCI': {
        const n = need(g);
        const o = readOci(g, issues);
        if (o.length > 0) append(n, 'oci', ...o);
        break;
      }
      default:
        issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of CSN kept as raw: ${head.text.slice(0, 20)}`);
        append(msg, 'raw', ...g.lines.map((l) => l.text));
    }
  }
  if (!sawWbi) issues.error(prep.smiLine.no, 1, 'MISSING_LINE', 'Mandatory WBI line (waybill identification) missing');
  if (msg.notifications.length === 0) issues.error(prep.smiLine.no, 1, 'MISSING_LINE', 'Mandatory CAN line missing');
  return { message: msg, issues: issues.sorted() };
}

export function csnUnits(m: Csn): Unit[] {
  const u: Unit[] = [[joinEls('WBI', [m.waybill.awb, m.waybill.master ? 'M' : '', m.waybill.hawb])]];
  if (m.flight) {
    const f = m.flight;
    u.push([joinEls('FLT', [fmtFlight(f.flight), `${f.origin}${f.destination}`, f.date, f.entryPoint])]);
  }
  for (const n of m.notifications) {
    const lines = [joinEls('CAN', [n.status, n.text, n.actionCode])];
    if (n.date !== undefined || n.time !== undefined) lines.push(joinEls('DTN', [n.date ?? '', n.time]));
    if (n.entryNumber !== undefined || n.pieces !== undefined) {
      lines.push(joinEls('CND', [n.entryNumber ?? '', n.pieces === undefined ? undefined : String(n.pieces)]));
    }
    if (n.controlLocation !== undefined) lines.push(`CCL/${n.controlLocation}`);
    if (n.agent) lines.push(joinEls('AGT', [n.agent.name ?? '', n.agent.participantId, n.agent.participantCode]));
    if (n.oci) lines.push(...writeOci(n.oci));
    u.push(lines);
  }
  if (m.raw) u.push(m.raw);
  return u;
}

export function generateCsnParts(model: Csn, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const head = m.possibleDuplicate ? ['PDM'] : [];
  return splitMethod2(`CSN/${m.version}`, fitUnits(csnUnits(m)), options.maxLength).map((p, k) =>
    k === 0 ? [...head, ...p] : p,
  );
}

export function generateCsn(m: Csn, options: GenerateOptions = {}): string {
  return render(generateCsnParts(m, options), options);
}
