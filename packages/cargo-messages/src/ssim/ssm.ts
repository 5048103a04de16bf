/**
 * SSM (standard schedules message) and ASM (ad hoc schedules message), SSIM chapters 4 and 5:
 * time mode, optional sequence reference, sub-messages separated by `//` (action, flights,
 * period/frequency, equipment, legs), then SI lines.
 *
 * SSM                      ASM
 * UTC                      UTC
 * NEW                      TIM
 * SU1234                   SU1234/15NOV24
 * 27OCT 29MAR 135          SVO0930 LED1100
 * F 77X
 * SVO0900 LED1030
 */
import { z } from 'zod';
import { readDayMonth } from '../calendar';
import { type Line, splitLines } from '../cimp/lines';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';

export const ACTION_CODES = [
  'NEW',
  'CNL',
  'RPL',
  'SKD',
  'ADM',
  'CON',
  'EQT',
  'TIM',
  'FLT',
  'REV',
  'RRT',
  'RIN',
  'RSD',
  'DIV',
  'ACK',
  'NAC',
] as const;

/** `DDMMM` or `DDMMMYY`, a day that exists (29FEB with a year only in leap years). */
const SsmDate = z.string().refine((v) => readDayMonth(v, v.length === 7) !== undefined, 'date DDMMM[YY]');
const Time = z.string().regex(/^([01]\d|2[0-3])[0-5]\d$|^2400$/);
const Token = z.string().regex(/^[A-Z0-9./-]+(?: [A-Z0-9./-]+)*$/, 'upper-case tokens separated by single blanks');

export const ScheduleLegSchema = z.object({
  departure: z.string().regex(/^[A-Z]{3}$/),
  std: Time,
  passengerStd: Time.optional(),
  /** Date variation of the departure (-1 written M1). */
  departureDateVariation: z.number().int().min(-1).max(9).optional(),
  arrival: z.string().regex(/^[A-Z]{3}$/),
  sta: Time,
  passengerSta: Time.optional(),
  arrivalDateVariation: z.number().int().min(-1).max(9).optional(),
  /** Further data on the line (DEIs such as `7/L`), verbatim. */
  extra: Token.optional(),
});
export type ScheduleLeg = z.infer<typeof ScheduleLegSchema>;

export const EquipmentSchema = z.object({
  serviceType: z.string().regex(/^[A-Z]$/),
  aircraftType: z.string().regex(/^[A-Z0-9]{3}$/),
  /** Passenger reservations booking designator, e.g. C12Y144. */
  bookingDesignator: z
    .string()
    .regex(/^[A-Z0-9]+$/)
    .optional(),
  /** Aircraft configuration/version after the `.`. */
  configuration: z
    .string()
    .regex(/^[A-Z0-9]+$/)
    .optional(),
  extra: Token.optional(),
});
export type Equipment = z.infer<typeof EquipmentSchema>;

export const PeriodSchema = z.object({
  from: SsmDate,
  to: SsmDate,
  days: z.array(z.number().int().min(1).max(7)).min(1),
  /** Frequency rate (/W2 = every second week). */
  frequencyRate: z.number().int().min(1).max(9).optional(),
});
export type Period = z.infer<typeof PeriodSchema>;

export const ScheduleFlightSchema = z.object({
  airline: z.string().regex(/^[A-Z0-9]{2}[A-Z]?$/),
  number: z.string().regex(/^\d{1,4}$/),
  suffix: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
  /** ASM: the date of the flight (DDMMM[YY]). */
  date: SsmDate.optional(),
  extra: Token.optional(),
});
export type ScheduleFlight = z.infer<typeof ScheduleFlightSchema>;

export const SubMessageSchema = z.object({
  action: z.string().regex(/^[A-Z]{3}$/),
  /** The rest of the action line: XASM, change reasons. */
  actionDetails: Token.optional(),
  flights: z.array(ScheduleFlightSchema).min(1),
  periods: z.array(PeriodSchema).min(1).optional(),
  equipment: EquipmentSchema.optional(),
  legs: z.array(ScheduleLegSchema).min(1).optional(),
  /** Segment information lines (`SVOLED 10/AF1234`), verbatim. */
  segments: z.array(Token).min(1).optional(),
});
export type SubMessage = z.infer<typeof SubMessageSchema>;

function scheduleSchema<T extends 'SSM' | 'ASM'>(type: T) {
  return z.object({
    type: z.literal(type),
    timeMode: z.enum(['UTC', 'LT']),
    /** Message sequence reference, e.g. 15MAR00001E001. */
    sequence: z
      .string()
      .regex(/^\d{2}[A-Z]{3}\d{5}[EC]\d{3}(\/\S+)?$/)
      .optional(),
    subMessages: z.array(SubMessageSchema).min(1),
    /** SI lines: supplementary information. */
    supplementary: z
      .array(z.string().regex(/^\S(.*\S)?$/))
      .min(1)
      .optional(),
    raw: z.array(z.string()).min(1).optional(),
  });
}

export const SsmSchema = scheduleSchema('SSM');
export const AsmSchema = scheduleSchema('ASM');
export type Ssm = z.infer<typeof SsmSchema>;
export type Asm = z.infer<typeof AsmSchema>;
type Schedule = Ssm | Asm;

const SEQ_RE = /^\d{2}[A-Z]{3}\d{5}[EC]\d{3}(\/\S+)?$/;
const ACTION_RE = /^([A-Z]{3})(?: (.+))?$/;
const LEG_RE = /^([A-Z]{3}\d{4}(?:\/[0-9M]\d*)*) ([A-Z]{3}\d{4}(?:\/[0-9M]\d*)*)(?: (.+))?$/;
const PERIOD_RE = /^(\d{2}[A-Z]{3}(?:\d{2})?) (\d{2}[A-Z]{3}(?:\d{2})?) ([1-7]{1,7})(?:\/W(\d))?$/;
const EQUIPMENT_RE = /^([A-Z]) ([A-Z0-9]{3})(?: (\S+))?(?: (.+))?$/;
const FLIGHT_RE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4})([A-Z])?(?:\/(\d{2}[A-Z]{3}(?:\d{2})?))?(?: (.+))?$/;
const SEGMENT_RE = /^[A-Z]{6} \d{1,3}\//;

function stationTime(token: string): {
  station: string;
  time: string;
  passenger?: string;
  dv?: number;
} {
  const [head = '', ...more] = token.split('/');
  const r: { station: string; time: string; passenger?: string; dv?: number } = {
    station: head.slice(0, 3),
    time: head.slice(3, 7),
  };
  for (const m of more) {
    if (/^\d{4}$/.test(m)) r.passenger = m;
    else if (m === 'M1') r.dv = -1;
    else if (/^\d$/.test(m)) r.dv = Number(m);
  }
  return r;
}

function fmtStationTime(station: string, time: string, passenger?: string, dv?: number): string {
  let s = `${station}${time}`;
  if (passenger !== undefined) s += `/${passenger}`;
  if (dv !== undefined) s += `/${dv === -1 ? 'M1' : dv}`;
  return s;
}

function parseSchedule(type: 'SSM' | 'ASM', text: string, options: ParseOptions): ParseResult<Schedule> {
  const issues = new Issues(options);
  const msg: Schedule = { type, timeMode: 'UTC', subMessages: [] };
  const lines = splitLines(text.toUpperCase()).map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ') }));
  const first = lines[0];
  if (!first) {
    issues.error(1, 1, 'EMPTY', 'The message is empty');
    return { message: msg, issues: issues.sorted() };
  }
  if (first.text !== type) issues.error(first.no, first.col, 'BAD_HEADER', `First line must be ${type}`);
  let i = first.text === type ? 1 : 0;
  const mode = lines[i];
  if (mode && (mode.text === 'UTC' || mode.text === 'LT')) {
    msg.timeMode = mode.text;
    i++;
  } else {
    issues.error(mode?.no ?? first.no, 1, 'MISSING_LINE', 'Time mode line (UTC or LT) missing');
  }
  const seq = lines[i];
  if (seq && SEQ_RE.test(seq.text)) {
    msg.sequence = seq.text;
    i++;
  }
  let sub: SubMessage | undefined;
  let si = false;
  const raw = (l: Line, why: string) => {
    issues.warn(l.no, l.col, 'UNKNOWN_LINE', why);
    append(msg, 'raw', l.text);
  };
  for (; i < lines.length; i++) {
    const l = lines[i] as Line;
    const t = l.text;
    if (si) {
      append(msg, 'supplementary', t);
      continue;
    }
    if (t === 'SI' || t.startsWith('SI ')) {
      si = true;
      const s = t.slice(2).trim();
      if (s) append(msg, 'supplementary', s);
      continue;
    }
    if (t === '//') {
      sub = undefined;
      continue;
    }
    if (!sub) {
      const m = ACTION_RE.exec(t);
      if (!m) {
        raw(l, `Action identifier expected: ${t.slice(0, 20)}`);
        continue;
      }
      if (!(ACTION_CODES as readonly string[]).includes(m[1] ?? '')) {
        issues.warn(l.no, l.col, 'BAD_CODE', `Unknown action identifier: ${m[1]}`);
      }
      sub = { action: m[1] ?? '', flights: [] };
      if (m[2]) sub.actionDetails = m[2];
      msg.subMessages.push(sub);
      continue;
    }
    let m = LEG_RE.exec(t);
    if (m) {
      const a = stationTime(m[1] ?? '');
      const b = stationTime(m[2] ?? '');
      const leg: ScheduleLeg = { departure: a.station, std: a.time, arrival: b.station, sta: b.time };
      if (a.passenger !== undefined) leg.passengerStd = a.passenger;
      if (a.dv !== undefined) leg.departureDateVariation = a.dv;
      if (b.passenger !== undefined) leg.passengerSta = b.passenger;
      if (b.dv !== undefined) leg.arrivalDateVariation = b.dv;
      if (m[3]) leg.extra = m[3];
      append(sub, 'legs', leg);
      continue;
    }
    m = PERIOD_RE.exec(t);
    if (m) {
      const p: Period = { from: m[1] ?? '', to: m[2] ?? '', days: [...(m[3] ?? '')].map(Number) };
      checkSsmDate(p.from, l, issues);
      checkSsmDate(p.to, l, issues);
      if (m[4] !== undefined) p.frequencyRate = Number(m[4]);
      append(sub, 'periods', p);
      continue;
    }
    if (SEGMENT_RE.test(t)) {
      append(sub, 'segments', t);
      continue;
    }
    m = EQUIPMENT_RE.exec(t);
    if (m) {
      const e: Equipment = { serviceType: m[1] ?? '', aircraftType: m[2] ?? '' };
      if (m[3]) {
        const [prbd = '', config] = m[3].split('.');
        if (prbd) e.bookingDesignator = prbd;
        if (config) e.configuration = config;
      }
      if (m[4]) e.extra = m[4];
      sub.equipment = e;
      continue;
    }
    m = FLIGHT_RE.exec(t);
    if (m) {
      const f: ScheduleFlight = { airline: m[1] ?? '', number: m[2] ?? '' };
      if (m[3]) f.suffix = m[3];
      if (m[4]) {
        f.date = m[4];
        checkSsmDate(m[4], l, issues);
      }
      if (m[5]) f.extra = m[5];
      if (type === 'ASM' && f.date === undefined)
        issues.warn(l.no, l.col, 'MISSING_ELEMENT', 'ASM flight without date');
      sub.flights.push(f);
      continue;
    }
    raw(l, `Line not understood in ${type}: ${t.slice(0, 20)}`);
  }
  if (msg.subMessages.length === 0)
    issues.error(first.no, 1, 'MISSING_LINE', 'No action identifier (NEW, CNL, RPL, TIM, EQT, ...)');
  for (const s of msg.subMessages) {
    if (s.flights.length === 0) issues.error(first.no, 1, 'MISSING_LINE', `${s.action} sub-message without flight`);
  }
  return { message: msg, issues: issues.sorted() };
}

/** Reports a `DDMMM[YY]` date of a period or flight line naming a day that does not exist (`31APR`, `29FEB23`). */
function checkSsmDate(date: string, l: Line, issues: Issues): void {
  if (readDayMonth(date, date.length === 7) === undefined) {
    issues.error(l.no, l.col + l.text.indexOf(date), 'BAD_DATE', `Not a date (DDMMM[YY]): ${date}`);
  }
}

export function parseSsm(text: string, options: ParseOptions = {}): ParseResult<Ssm> {
  return parseSchedule('SSM', text, options) as ParseResult<Ssm>;
}

export function parseAsm(text: string, options: ParseOptions = {}): ParseResult<Asm> {
  return parseSchedule('ASM', text, options) as ParseResult<Asm>;
}

export function scheduleLines(m: Schedule): string[] {
  const out: string[] = [m.type, m.timeMode];
  if (m.sequence !== undefined) out.push(m.sequence);
  m.subMessages.forEach((s, k) => {
    if (k > 0) out.push('//');
    out.push(s.actionDetails ? `${s.action} ${s.actionDetails}` : s.action);
    for (const f of s.flights) {
      let t = `${f.airline}${f.number}${f.suffix ?? ''}`;
      if (f.date !== undefined) t += `/${f.date}`;
      if (f.extra !== undefined) t += ` ${f.extra}`;
      out.push(t);
    }
    for (const p of s.periods ?? []) {
      out.push(`${p.from} ${p.to} ${p.days.join('')}${p.frequencyRate !== undefined ? `/W${p.frequencyRate}` : ''}`);
    }
    if (s.equipment) {
      const e = s.equipment;
      let t = `${e.serviceType} ${e.aircraftType}`;
      if (e.bookingDesignator !== undefined || e.configuration !== undefined) {
        t += ` ${e.bookingDesignator ?? ''}${e.configuration !== undefined ? `.${e.configuration}` : ''}`;
      }
      if (e.extra !== undefined) t += ` ${e.extra}`;
      out.push(t);
    }
    for (const l of s.legs ?? []) {
      let t = `${fmtStationTime(l.departure, l.std, l.passengerStd, l.departureDateVariation)} ${fmtStationTime(l.arrival, l.sta, l.passengerSta, l.arrivalDateVariation)}`;
      if (l.extra !== undefined) t += ` ${l.extra}`;
      out.push(t);
    }
    out.push(...(s.segments ?? []));
  });
  if (m.raw) out.push(...m.raw);
  if (m.supplementary) out.push(...m.supplementary.map((s, k) => (k === 0 ? `SI ${s}` : s)));
  return out;
}

export function generateSsm(m: Ssm, options: { newline?: '\n' | '\r\n' } = {}): string {
  const nl = options.newline ?? '\n';
  return scheduleLines(m).join(nl) + nl;
}

export function generateAsm(m: Asm, options: { newline?: '\n' | '\r\n' } = {}): string {
  const nl = options.newline ?? '\n';
  return scheduleLines(m).join(nl) + nl;
}
