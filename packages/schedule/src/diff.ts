/**
 * What an imported schedule does to the stored one, per dated leg (keyed by designator, flight date and leg sequence,
 * decision 017): created, changed (with the fields), unchanged or cancelled. Applying the result and importing the same
 * schedule again gives only `unchanged`: the import is idempotent.
 */
import { expandSsim, type SsimExpandOptions, type SsimExpansion } from './ssim';
import { COMPARED_FIELDS, type DatedLeg, flightDesignator, legKey } from './types';

export type LegAction = 'created' | 'changed' | 'unchanged' | 'cancelled';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface LegChange {
  key: string;
  action: LegAction;
  /** The stored leg (absent when created). */
  before?: DatedLeg;
  /** The leg as it is after the import (cancelled legs: `canceled: true`). */
  after: DatedLeg;
  changes: FieldChange[];
}

export interface Counts {
  created: number;
  changed: number;
  unchanged: number;
  cancelled: number;
}

export interface ScheduleDiff {
  changes: LegChange[];
  counts: Counts;
}

export const emptyCounts = (): Counts => ({ created: 0, changed: 0, unchanged: 0, cancelled: 0 });

/** Field changes between two versions of a leg (the compared fields and the cancelled flag). */
export function legChanges(before: DatedLeg, after: DatedLeg): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of COMPARED_FIELDS) {
    if (before[f] !== after[f]) out.push({ field: f, before: before[f], after: after[f] });
  }
  if (Boolean(before.canceled) !== Boolean(after.canceled)) {
    out.push({ field: 'canceled', before: Boolean(before.canceled), after: Boolean(after.canceled) });
  }
  return out;
}

/** Classifies one leg: `after` undefined means the import cancels the stored leg. */
export function classify(
  key: string,
  before: DatedLeg | undefined,
  after: DatedLeg | undefined,
): LegChange | undefined {
  if (!after) {
    if (!before) return undefined;
    if (before.canceled) return { key, action: 'unchanged', before, after: before, changes: [] };
    const next = { ...before, canceled: true };
    return { key, action: 'cancelled', before, after: next, changes: legChanges(before, next) };
  }
  if (!before) return { key, action: 'created', after, changes: [] };
  const changes = legChanges(before, after);
  const action = changes.length === 0 ? 'unchanged' : after.canceled && !before.canceled ? 'cancelled' : 'changed';
  return { key, action, before, after, changes };
}

export function countChanges(changes: readonly LegChange[]): Counts {
  const c = emptyCounts();
  for (const x of changes) c[x.action]++;
  return c;
}

/** The stored legs after applying a diff (what the flights module writes, in memory). */
export function applyDiff(current: readonly DatedLeg[], diff: ScheduleDiff): DatedLeg[] {
  const map = new Map(current.map((l) => [legKey(l), l]));
  for (const c of diff.changes) if (c.action !== 'unchanged') map.set(c.key, c.after);
  return [...map.values()];
}

export interface SsimRecordReport {
  line: number;
  segmentLines: number[];
  flight: string;
  itineraryVariation: number;
  legSequence: number;
  status: 'imported' | 'skipped';
  reason?: string;
  warnings?: string[];
  counts: Counts;
}

export interface SsimImport {
  diff: ScheduleDiff;
  records: SsimRecordReport[];
  /** Stored legs the file cancels (in a carrier's period, absent from the file): no record line of their own. */
  cancelled: number;
  /** Stored legs kept although absent, because the record that would define their flight was skipped. */
  keptBecauseSkipped: string[];
  expansion: Pick<SsimExpansion, 'carriers' | 'issues' | 'fileErrors'>;
}

/**
 * Compares stored legs of the file's carriers with an SSIM file. The file is the whole schedule of each carrier for
 * the carrier record's period (clipped to `window`): stored legs of that carrier and period absent from the file are
 * cancelled, except legs of a flight designator whose record was skipped (a broken record never cancels a flight).
 */
export function diffSsim(current: readonly DatedLeg[], text: string, options: SsimExpandOptions = {}): SsimImport {
  const exp = expandSsim(text, options);
  const stored = new Map<string, DatedLeg>();
  for (const l of current) stored.set(legKey(l), l);
  const changes: LegChange[] = [];
  const records: SsimRecordReport[] = [];
  const imported = new Set<string>();
  const skippedFlights = new Set<string>();
  for (const r of exp.records) {
    const counts = emptyCounts();
    if (r.skipped) skippedFlights.add(r.flight);
    for (const leg of r.legs) {
      const key = legKey(leg);
      imported.add(key);
      const c = classify(key, stored.get(key), leg) as LegChange;
      counts[c.action]++;
      changes.push(c);
    }
    records.push({
      line: r.line,
      segmentLines: r.segmentLines,
      flight: r.flight,
      itineraryVariation: r.itineraryVariation,
      legSequence: r.legSequence,
      status: r.skipped ? 'skipped' : 'imported',
      ...(r.skipped ? { reason: r.skipped } : {}),
      ...(r.warnings ? { warnings: r.warnings } : {}),
      counts,
    });
  }
  let cancelled = 0;
  const kept: string[] = [];
  const brokenCarrier = new Set(
    exp.records.filter((r) => r.skipped?.startsWith('carrier record')).map((r) => r.flight),
  );
  for (const c of exp.carriers) {
    if (options.carriers && !options.carriers.includes(c.carrier)) continue;
    if (exp.fileErrors.some((e) => e.line === c.line)) continue;
    const from = options.window && options.window.from > c.periodFrom ? options.window.from : c.periodFrom;
    let to = c.periodTo ?? options.window?.to ?? '9999-12-31';
    if (options.window && options.window.to < to) to = options.window.to;
    for (const [key, leg] of stored) {
      if (leg.carrier !== c.carrier || leg.date < from || leg.date > to || imported.has(key) || leg.canceled) continue;
      const flight = flightDesignator(leg);
      if (skippedFlights.has(flight) || brokenCarrier.has(flight)) {
        kept.push(key);
        continue;
      }
      changes.push(classify(key, leg, undefined) as LegChange);
      imported.add(key);
      cancelled++;
    }
  }
  return {
    diff: { changes, counts: countChanges(changes) },
    records,
    cancelled,
    keptBecauseSkipped: kept,
    expansion: { carriers: exp.carriers, issues: exp.issues, fileErrors: exp.fileErrors },
  };
}
