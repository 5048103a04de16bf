/**
 * SSM and ASM (SSIM chapters 4 and 5) applied to stored legs. Sub-messages apply in order, each on the result of the
 * ones before: NEW and RPL define flights (RPL also cancels legs the replacement no longer has), CNL cancels, RIN
 * reinstates, TIM changes times, EQT and CON change equipment; ACK and NAC change nothing; the other actions the parser
 * knows (SKD, ADM, FLT, REV, RRT, RSD, DIV) are reported as skipped with the reason.
 */
import { type Asm, type Issue, parseAsm, parseSsm, type Ssm, type SubMessage } from '@aircargo/cargo-messages';
import { readDayMonth } from '@aircargo/cargo-messages/calendar';
import { localToUtc, TimeZoneError } from '@aircargo/domain/time';
import { dateToDay, dayToDate, hhmmToMinutes, instant } from './dates';
import { type Counts, classify, countChanges, type LegChange, type ScheduleDiff } from './diff';
import { operatingDates } from './expand';
import { type DatedLeg, flightKey, legKey, type Zones } from './types';

export interface MessageOptions {
  /** Resolves `DDMMM` dates without a year: the year that puts the date nearest to this date. */
  referenceDate: string;
  /** Airport zones, needed for LT (local time) messages. */
  zones?: Zones;
}

export interface SubMessageReport {
  /** 1-based position of the sub-message in the message. */
  index: number;
  action: string;
  flights: string[];
  status: 'applied' | 'skipped';
  reason?: string;
  counts: Counts;
}

export interface MessageImport {
  type: 'SSM' | 'ASM';
  diff: ScheduleDiff;
  subMessages: SubMessageReport[];
  issues: Issue[];
}

/** `15NOV` or `15NOV26` to an ISO date; a missing year is the one nearest to the reference date. */
export function resolveSsmDate(s: string, referenceDate: string): string | undefined {
  const d = readDayMonth(s, s.length === 7);
  if (!d) return undefined;
  const iso = (y: number) => `${y}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  if (d.year !== undefined) return iso(d.year);
  const ref = dateToDay(referenceDate);
  const y = Number(referenceDate.slice(0, 4));
  let best: string | undefined;
  for (const c of [y - 1, y, y + 1]) {
    const day = d.month === 2 && d.day === 29 && !isLeap(c) ? undefined : iso(c);
    if (day && (!best || Math.abs(dateToDay(day) - ref) < Math.abs(dateToDay(best) - ref))) best = day;
  }
  return best;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

class Skip extends Error {}

/** Parses an SSM or ASM text (by its first line) and applies it to the stored legs. */
export function applyScheduleMessage(
  current: readonly DatedLeg[],
  text: string,
  options: MessageOptions,
): MessageImport {
  const type = /^\s*ASM\b/i.test(text) ? 'ASM' : 'SSM';
  const { message, issues } = type === 'ASM' ? parseAsm(text) : parseSsm(text);
  const stored = new Map<string, DatedLeg>();
  const byFlight = new Map<string, Set<string>>();
  const index = (l: DatedLeg) => {
    const k = legKey(l);
    stored.set(k, l);
    const f = flightKey(l);
    const s = byFlight.get(f);
    if (s) s.add(k);
    else byFlight.set(f, new Set([k]));
  };
  for (const l of current) index(l);
  const original = new Map(stored);
  const reports: SubMessageReport[] = [];
  const touched = new Set<string>();
  const fatal = issues.some((i) => i.severity === 'error');
  message.subMessages.forEach((sub, i) => {
    const report: SubMessageReport = {
      index: i + 1,
      action: sub.action,
      flights: sub.flights.map((f) => `${f.airline}${f.number}${f.suffix ?? ''}${f.date ? `/${f.date}` : ''}`),
      status: 'applied',
      counts: { created: 0, changed: 0, unchanged: 0, cancelled: 0 },
    };
    reports.push(report);
    if (fatal) {
      report.status = 'skipped';
      report.reason = `the message has errors: ${issues.find((x) => x.severity === 'error')?.text}`;
      return;
    }
    try {
      const next = applySub(sub, type, message, stored, byFlight, options);
      const local: LegChange[] = [];
      for (const [key, after] of next) {
        const c = classify(key, stored.get(key), after ?? undefined);
        if (!c) continue;
        local.push(c);
        touched.add(key);
        if (c.action !== 'unchanged') index(c.after);
      }
      report.counts = countChanges(local);
    } catch (e) {
      if (!(e instanceof Skip)) throw e;
      report.status = 'skipped';
      report.reason = e.message;
    }
  });
  const changes: LegChange[] = [];
  for (const key of touched) {
    const c = classify(key, original.get(key), stored.get(key));
    if (c) changes.push(c);
  }
  return { type, diff: { changes, counts: countChanges(changes) }, subMessages: reports, issues };
}

/** New versions of legs (null: cancel) keyed by leg key. */
function applySub(
  sub: SubMessage,
  type: 'SSM' | 'ASM',
  message: Ssm | Asm,
  stored: Map<string, DatedLeg>,
  byFlight: Map<string, Set<string>>,
  options: MessageOptions,
): Map<string, DatedLeg | null> {
  const out = new Map<string, DatedLeg | null>();
  const flightDates = (): { carrier: string; number: number; suffix: string; date: string }[] => {
    const list: { carrier: string; number: number; suffix: string; date: string }[] = [];
    for (const f of sub.flights) {
      const base = { carrier: f.airline, number: Number(f.number), suffix: f.suffix ?? '' };
      if (type === 'ASM' || f.date) {
        if (!f.date) throw new Skip(`flight ${f.airline}${f.number} has no date`);
        const d = resolveSsmDate(f.date, options.referenceDate);
        if (!d) throw new Skip(`not a date: ${f.date}`);
        list.push({ ...base, date: d });
        continue;
      }
      if (!sub.periods) throw new Skip(`${sub.action} without a period`);
      for (const p of sub.periods) {
        const from = resolveSsmDate(p.from, options.referenceDate);
        let to = resolveSsmDate(p.to, options.referenceDate);
        if (!from || !to) throw new Skip(`not a period: ${p.from} ${p.to}`);
        if (to < from && p.to.length === 5) to = `${Number(to.slice(0, 4)) + 1}${to.slice(4)}`;
        if (to < from) throw new Skip(`period ends before it starts: ${p.from} ${p.to}`);
        for (const date of operatingDates(from, to, p.days, p.frequencyRate)) list.push({ ...base, date });
      }
    }
    return list;
  };
  const legsOf = (fd: { carrier: string; number: number; suffix: string; date: string }) =>
    [...(byFlight.get(flightKey(fd)) ?? [])].map((k) => stored.get(k) as DatedLeg);
  switch (sub.action) {
    case 'NEW':
    case 'RPL': {
      if (!sub.legs || !sub.equipment) throw new Skip(`${sub.action} needs equipment and leg lines`);
      const eq = sub.equipment;
      for (const fd of flightDates()) {
        const legs = sub.legs.map((l, i): DatedLeg => {
          const day = dateToDay(fd.date);
          const dDv = l.departureDateVariation ?? 0;
          const aDv = l.arrivalDateVariation ?? (hhmmToMinutes(l.sta) < hhmmToMinutes(l.std) ? dDv + 1 : dDv);
          return {
            ...fd,
            legSequence: i + 1,
            origin: l.departure,
            destination: l.arrival,
            std: time(message.timeMode, day + dDv, l.std, l.departure, options),
            sta: time(message.timeMode, day + aDv, l.sta, l.arrival, options),
            aircraftType: eq.aircraftType,
            serviceType: eq.serviceType,
            dateVariation: { departure: dDv, arrival: aDv },
          };
        });
        for (const l of legs) out.set(legKey(l), l);
        if (sub.action === 'RPL') for (const old of legsOf(fd)) if (!out.has(legKey(old))) out.set(legKey(old), null);
      }
      return out;
    }
    case 'CNL':
      for (const fd of flightDates()) for (const l of legsOf(fd)) out.set(legKey(l), null);
      return out;
    case 'RIN':
      for (const fd of flightDates()) for (const l of legsOf(fd)) out.set(legKey(l), { ...l, canceled: false });
      return out;
    case 'TIM': {
      if (!sub.legs) throw new Skip('TIM needs leg lines');
      for (const fd of flightDates()) {
        const legs = legsOf(fd);
        for (const l of sub.legs) {
          const target = legs.find((x) => x.origin === l.departure && x.destination === l.arrival);
          if (!target) throw new Skip(`${flightKey(fd)} has no leg ${l.departure}-${l.arrival}`);
          const day = dateToDay(fd.date);
          const dDv = l.departureDateVariation ?? target.dateVariation.departure;
          const aDv = l.arrivalDateVariation ?? (hhmmToMinutes(l.sta) < hhmmToMinutes(l.std) ? dDv + 1 : dDv);
          out.set(legKey(target), {
            ...target,
            std: time(message.timeMode, day + dDv, l.std, l.departure, options),
            sta: time(message.timeMode, day + aDv, l.sta, l.arrival, options),
            dateVariation: { departure: dDv, arrival: aDv },
          });
        }
      }
      return out;
    }
    case 'EQT':
    case 'CON': {
      const eq = sub.equipment;
      if (!eq) throw new Skip(`${sub.action} needs an equipment line`);
      for (const fd of flightDates())
        for (const l of legsOf(fd))
          out.set(legKey(l), { ...l, aircraftType: eq.aircraftType, serviceType: eq.serviceType });
      return out;
    }
    case 'ACK':
    case 'NAC':
      throw new Skip(`${sub.action} acknowledges a message; it changes no flight`);
    default:
      throw new Skip(`${sub.action} is not applied to the schedule; the flights are left as they are`);
  }
}

function time(mode: 'UTC' | 'LT', day: number, hhmm: string, airport: string, options: MessageOptions): string {
  if (mode === 'UTC') return instant(day, hhmmToMinutes(hhmm));
  const zone = options.zones?.[airport];
  if (!zone) throw new Skip(`no time zone known for ${airport} (local-time message)`);
  try {
    const iso = localToUtc(`${dayToDate(day)}T${hhmm.slice(0, 2)}:${hhmm.slice(2)}`, zone);
    return `${iso.slice(0, 16)}:00Z`;
  } catch (e) {
    if (e instanceof TimeZoneError) throw new Skip(e.message);
    throw e;
  }
}
