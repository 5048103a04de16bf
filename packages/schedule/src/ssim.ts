/**
 * An SSIM chapter 7 file to dated legs, record by record: each flight-leg record (type 3, with its type 4 segment
 * records) expands on its own, so a broken record is skipped with its line number while the good ones import.
 */
import { type Issue, parseSsim, type SsimLeg } from '@aircargo/cargo-messages';
import { utcOffsetMinutes } from '@aircargo/domain/time';
import { type DateWindow, expandSsimLeg } from './expand';
import { type DatedLeg, legKey, type Zones } from './types';

export interface SsimRecordResult {
  /** Line (record) number of the flight-leg record in the file. */
  line: number;
  /** Lines of the type 4 records that follow it. */
  segmentLines: number[];
  flight: string;
  itineraryVariation: number;
  legSequence: number;
  legs: DatedLeg[];
  /** Why the record was not imported (its legs are then empty). */
  skipped?: string;
  /** Imported, but worth a look: a UTC variation that differs from the station's zone on some dates. */
  warnings?: string[];
}

export interface SsimCarrierPeriod {
  carrier: string;
  line: number;
  periodFrom: string;
  periodTo: string | null;
  timeMode: 'U' | 'L';
}

export interface SsimExpansion {
  carriers: SsimCarrierPeriod[];
  records: SsimRecordResult[];
  /** Every issue of the parser (errors make their record skipped; warnings are informative). */
  issues: Issue[];
  /** Errors on lines that belong to no flight-leg record (header, carrier, trailer). */
  fileErrors: Issue[];
}

/** Record boundaries as the parser sees them: lines, or 200-column slices of a file without line breaks. */
function recordTypes(text: string): string[] {
  if (text.indexOf('\n') === -1 && text.length > 200) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += 200) out.push(text[i] ?? '');
    return out;
  }
  const out: string[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    out.push(end > start ? (text[start] as string) : '');
    if (nl === -1) break;
    start = nl + 1;
  }
  return out;
}

export interface SsimExpandOptions {
  /** Only flight dates in this window (inclusive). */
  window?: DateWindow;
  /** Only these carriers; other carriers' records are skipped and reported. */
  carriers?: readonly string[];
  /**
   * Airport zones: in a local-time file, each record's UTC variations are checked against the station's zone on the
   * dates it flies (a period that runs over a DST change without being split). The record's variation still decides
   * the UTC times, as SSIM says; the difference is reported in `warnings`.
   */
  zones?: Zones;
}

/** Parses and expands an SSIM file; see `SsimExpansion`. */
export function expandSsim(text: string, options: SsimExpandOptions = {}): SsimExpansion {
  const { message, issues } = parseSsim(text);
  const types = recordTypes(text);
  // The parser pushes every type 3 record after a carrier record; type 4 records attach to the leg before them.
  const legLines: { line: number; segmentLines: number[]; carrierLine: number }[] = [];
  const carrierLines: number[] = [];
  let inCarrier = false;
  let current: { line: number; segmentLines: number[]; carrierLine: number } | undefined;
  for (let i = 0; i < types.length; i++) {
    const t = types[i];
    if (t === '2') {
      inCarrier = true;
      carrierLines.push(i + 1);
      current = undefined;
    } else if (t === '3' && inCarrier) {
      current = { line: i + 1, segmentLines: [], carrierLine: carrierLines[carrierLines.length - 1] as number };
      legLines.push(current);
    } else if (t === '4' && current) current.segmentLines.push(i + 1);
    else if (t === '5') current = undefined;
  }
  const errorsByLine = new Map<number, Issue[]>();
  for (const is of issues) {
    if (is.severity !== 'error') continue;
    const list = errorsByLine.get(is.line);
    if (list) list.push(is);
    else errorsByLine.set(is.line, [is]);
  }
  const recordLineSet = new Set<number>();
  for (const l of legLines) {
    recordLineSet.add(l.line);
    for (const s of l.segmentLines) recordLineSet.add(s);
  }
  const carrierErrors = new Set<number>(carrierLines.filter((l) => errorsByLine.has(l)));
  const out: SsimExpansion = {
    carriers: [],
    records: [],
    issues,
    fileErrors: issues.filter((i) => i.severity === 'error' && !recordLineSet.has(i.line)),
  };
  const seen = new Map<string, number>();
  let k = 0;
  message.carriers.forEach((c, ci) => {
    const carrierLine = carrierLines[ci] ?? 0;
    out.carriers.push({
      carrier: c.airline,
      line: carrierLine,
      periodFrom: c.periodFrom,
      periodTo: c.periodTo,
      timeMode: c.timeMode,
    });
    for (const leg of c.legs) {
      const pos = legLines[k++] ?? { line: 0, segmentLines: [], carrierLine };
      const r: SsimRecordResult = {
        line: pos.line,
        segmentLines: pos.segmentLines,
        flight: `${leg.airline}${leg.flightNumber}${leg.suffix ?? ''}`,
        itineraryVariation: leg.itineraryVariation,
        legSequence: leg.legSequence,
        legs: [],
      };
      out.records.push(r);
      const errs = [pos.line, ...pos.segmentLines].flatMap((l) => errorsByLine.get(l) ?? []);
      if (carrierErrors.has(carrierLine)) {
        r.skipped = `carrier record (line ${carrierLine}) is broken: ${errorsByLine.get(carrierLine)?.[0]?.text}`;
      } else if (errs.length > 0) {
        r.skipped = errs.map((e) => `line ${e.line} column ${e.column}: ${e.text}`).join('; ');
      } else if (options.carriers && !options.carriers.includes(leg.airline)) {
        r.skipped = `carrier ${leg.airline} is not imported here`;
      } else if (leg.airline !== c.airline) {
        r.skipped = `flight of ${leg.airline} inside the ${c.airline} carrier block`;
      } else if (leg.periodTo !== null && leg.periodTo < leg.periodFrom) {
        r.skipped = `period ends (${leg.periodTo}) before it starts (${leg.periodFrom})`;
      } else {
        r.skipped = checkLeg(leg);
      }
      if (r.skipped) continue;
      const legs = expandSsimLeg(leg, c.timeMode, options.window, c.periodTo);
      const dup: string[] = [];
      for (const d of legs) {
        const key = legKey(d);
        const before = seen.get(key);
        if (before !== undefined) dup.push(`${key} (line ${before})`);
      }
      if (dup.length > 0) {
        r.skipped = `${dup.length} dated legs already defined by an earlier record: ${dup.slice(0, 3).join(', ')}${dup.length > 3 ? ', ...' : ''}`;
        continue;
      }
      for (const d of legs) seen.set(legKey(d), r.line);
      r.legs = legs;
      if (options.zones && c.timeMode === 'L') {
        const w = variationWarnings(leg, legs, options.zones);
        if (w.length > 0) r.warnings = w;
      }
    }
  });
  return out;
}

/** Rules the parser leaves to the schedule: a leg goes somewhere. */
function checkLeg(leg: SsimLeg): string | undefined {
  if (leg.departureStation === leg.arrivalStation) return `leg departs from and arrives at ${leg.arrivalStation}`;
  if (leg.legSequence < 1) return 'leg sequence number must be 1 or more';
  return undefined;
}

function offsetMinutes(text: string): number {
  const m = Number(text.slice(1, 3)) * 60 + Number(text.slice(3, 5));
  return text.startsWith('-') ? -m : m;
}

function offsetText(m: number): string {
  const a = Math.abs(m);
  return `${m < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/** Dates on which the record's UTC variation is not the station zone's, one line per station and variation. */
function variationWarnings(leg: SsimLeg, legs: readonly DatedLeg[], zones: Zones): string[] {
  const out: string[] = [];
  const points = [
    { station: leg.departureStation, variation: leg.departureUtcOffset, at: (d: DatedLeg) => d.std },
    { station: leg.arrivalStation, variation: leg.arrivalUtcOffset, at: (d: DatedLeg) => d.sta },
  ];
  for (const p of points) {
    const zone = zones[p.station];
    if (!zone) continue;
    const expected = offsetMinutes(p.variation);
    const wrong = new Map<number, string[]>();
    for (const d of legs) {
      const actual = utcOffsetMinutes(p.at(d), zone);
      if (actual === expected) continue;
      const list = wrong.get(actual);
      if (list) list.push(d.date);
      else wrong.set(actual, [d.date]);
    }
    for (const [actual, dates] of wrong) {
      out.push(
        `${p.station} UTC variation ${p.variation} differs from ${zone} (${offsetText(actual)}) on ${dates.length} date(s) from ${dates[0]} to ${dates[dates.length - 1]}`,
      );
    }
  }
  return out;
}
