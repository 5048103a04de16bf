/**
 * Applies a stored schedule telegram to the schedule (issue 9 item 4, decision 017): an SSIM file carrier block by
 * carrier block, each block's period in chunks of `chunkDays` (one transaction per chunk: the stored legs of that
 * carrier and chunk are read, compared with the file by `diffSsim` and written by the flights service); an SSM or ASM in
 * one transaction. The telegram's report (counts, per-carrier and per-record outcomes, progress) is saved after every
 * chunk, so the screen follows a long import. Running it again changes nothing: every write is keyed by the dated leg.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseAsm, parseSsm } from '@aircargo/cargo-messages';
import { ssimDateToIso } from '@aircargo/cargo-messages/ssim/dates';
import { stripEnvelopes, unwrap } from '@aircargo/cargo-messages/typeb/envelope';
import type {
  SsimTelegramSummary,
  TelegramCarrier,
  TelegramReport,
  TelegramSubMessage,
} from '@aircargo/contract/ssim-telegrams';
import {
  addDays,
  applyScheduleMessage,
  type Counts,
  type DatedLeg,
  diffSsim,
  emptyCounts,
  flightDesignator,
  type LegChange,
  resolveSsmDate,
  type ScheduleDiff,
  type SsimRecordReport,
  ssimByCarrier,
} from '@aircargo/schedule';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/transactions';
import { applyScheduleDiff, loadDatedLegs } from '../flights/flights.service';
import { type CarrierRight, carrierRefusal, carrierRight } from './ssim-telegrams.policy';
import * as repo from './ssim-telegrams.repository';

type Processing = SsimTelegramSummary['processing_status'];
type RecordEntry = TelegramReport['records'][number];

/** Errors kept on a telegram (each skipped record is one); the report keeps every record. */
const MAX_ERRORS = 2000;

export function emptyReport(): TelegramReport {
  return {
    counts: { ...emptyCounts(), skipped: 0 },
    carriers: [],
    records: [],
    sub_messages: [],
    progress: { done: 0, total: 0 },
  };
}

/** SSIM records as lines: the file's lines (CR LF or LF), or 200-column slices of a file without line breaks. */
export function ssimLines(body: string): string[] {
  if (body.indexOf('\n') === -1 && body.length > 200) {
    const out: string[] = [];
    for (let i = 0; i < body.length; i += 200) out.push(body.slice(i, i + 200));
    return out;
  }
  const lines = body.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Flight-leg records (type 3) of an SSIM text: what decides between applying now and in a job. */
export function ssimRecordCount(body: string): number {
  let n = 0;
  for (const line of ssimLines(body)) if (line[0] === '3') n++;
  return n;
}

/** The SSM or ASM text without a Type B envelope. */
export function messageText(body: string): string {
  const un = unwrap(body);
  return un.envelope ? stripEnvelopes(un.body) : un.body;
}

export interface ProcessOptions {
  /** Days of a carrier's period applied per transaction; null: the whole period at once. */
  chunkDays: number | null;
  /** Who is applying (the change log's user); default the telegram's sender. */
  userId?: number | null;
  /**
   * A pause after each chunk. The embedded database runs in this thread and answers its queries as microtasks, so a
   * long import would hold the event loop and the database until it ends: the pause lets waiting requests through.
   */
  pauseMs?: number;
}

const zonesCache = new WeakMap<Db, Promise<Record<string, string>>>();

/** Airport zones from the reference table, read once per database handle (reference data does not change at run time). */
function zonesOf(db: Db): Promise<Record<string, string>> {
  let zones = zonesCache.get(db);
  if (!zones) {
    zones = repo.airportZones(db);
    zonesCache.set(db, zones);
    zones.catch(() => zonesCache.delete(db));
  }
  return zones;
}

/** Airport zones (IANA) of every known airport. */
export const airportZones = zonesOf;

function recordStatus(r: { counts: Counts; skipped: boolean }): RecordEntry['status'] {
  if (r.skipped) return 'skipped';
  const c = r.counts;
  if (c.created > 0 && c.changed === 0 && c.unchanged === 0) return 'created';
  if (c.changed > 0 || c.created > 0 || c.cancelled > 0) return 'changed';
  return 'unchanged';
}

function addCounts(into: Counts, from: Counts): void {
  into.created += from.created;
  into.changed += from.changed;
  into.unchanged += from.unchanged;
  into.cancelled += from.cancelled;
}

/** Date chunks of a period: [from, to] in pieces of `days` (one piece when days is null). */
export function chunksOf(from: string, to: string, days: number | null): { from: string; to: string }[] {
  if (days === null || days <= 0) return [{ from, to }];
  const out: { from: string; to: string }[] = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    out.push({ from: start, to: end < to ? end : to });
  }
  return out;
}

/**
 * Legs whose station is not a known airport cannot be stored: the records of that flight designator are skipped with the
 * reason, and none of the designator's legs is written (nor cancelled).
 */
function dropUnknownAirports(
  diff: ScheduleDiff,
  zones: Record<string, string>,
): { diff: ScheduleDiff; refused: Map<string, string> } {
  const refused = new Map<string, string>();
  for (const c of diff.changes) {
    for (const station of [c.after.origin, c.after.destination]) {
      if (zones[station] === undefined) refused.set(flightDesignator(c.after), `unknown airport ${station}`);
    }
  }
  if (refused.size === 0) return { diff, refused };
  const changes: LegChange[] = diff.changes.filter((c) => !refused.has(flightDesignator(c.after)));
  const counts = emptyCounts();
  for (const c of changes) counts[c.action]++;
  return { diff: { changes, counts }, refused };
}

class TelegramRun {
  readonly report: TelegramReport = emptyReport();
  readonly errors: { line: number | null; message: string }[] = [];
  private readonly records = new Map<number, { entry: RecordEntry; counts: Counts; skipped: boolean }>();
  private readonly errorLines = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly id: number,
  ) {}

  error(line: number | null, message: string): void {
    const key = `${line}|${message}`;
    if (this.errorLines.has(key) || this.errors.length >= MAX_ERRORS) return;
    this.errorLines.add(key);
    this.errors.push({ line, message });
  }

  /** Adds one chunk's outcome of an SSIM record (lines already in file numbering). */
  record(r: SsimRecordReport, reason: string | undefined): void {
    const skipped = r.status === 'skipped' || reason !== undefined;
    const why = reason ?? r.reason;
    let slot = this.records.get(r.line);
    if (!slot) {
      slot = {
        entry: {
          line: r.line,
          segment_lines: r.segmentLines,
          flight: r.flight,
          itinerary_variation: r.itineraryVariation,
          leg_sequence: r.legSequence,
          status: 'unchanged',
          counts: emptyCounts(),
        },
        counts: emptyCounts(),
        skipped: false,
      };
      this.records.set(r.line, slot);
    }
    if (skipped) {
      if (!slot.skipped && why) {
        slot.entry.reason = why;
        this.error(r.line, `${r.flight}: ${why}`);
      }
      slot.skipped = true;
    } else addCounts(slot.counts, r.counts);
    if (r.warnings) slot.entry.warnings = [...new Set([...(slot.entry.warnings ?? []), ...r.warnings])];
  }

  private finishRecords(): void {
    const records: RecordEntry[] = [];
    let skipped = 0;
    for (const slot of [...this.records.values()].sort((a, b) => a.entry.line - b.entry.line)) {
      slot.entry.counts = slot.skipped ? emptyCounts() : slot.counts;
      slot.entry.status = recordStatus(slot);
      if (slot.skipped) skipped++;
      records.push(slot.entry);
    }
    this.report.records = records;
    this.report.counts.skipped = skipped + this.report.sub_messages.filter((s) => s.status === 'skipped').length;
  }

  async save(
    statuses: { parsing?: 'pending' | 'parsed' | 'failed'; processing: Processing },
    airlineId?: number | null,
  ): Promise<void> {
    this.finishRecords();
    const done = statuses.processing !== 'processing' && statuses.processing !== 'pending';
    await repo.updateTelegram(this.db, this.id, {
      ...(statuses.parsing ? { parsing_status: statuses.parsing } : {}),
      processing_status: statuses.processing,
      report: this.report as unknown as Record<string, unknown>,
      errors: this.errors,
      ...(airlineId !== undefined ? { airline_id: airlineId } : {}),
      ...(done ? { processed_at: new Date() } : {}),
    });
  }
}

/** Applies a stored telegram and records the outcome on it (a failure too: the telegram says what stopped it). */
export async function processTelegram(db: Db, id: number, options: ProcessOptions): Promise<void> {
  const telegram = await repo.loadTelegram(db, id);
  if (!telegram) return;
  const right = carrierRight({ companyType: telegram.company_type, airlineCode: telegram.company_airline_code });
  const userId = options.userId === undefined ? telegram.user_id : options.userId;
  const run = new TelegramRun(db, id);
  await run.save({ processing: 'processing' });
  try {
    if (telegram.kind === 'ssim') {
      await processSsim(db, run, telegram.body, right, userId, options.chunkDays, options.pauseMs ?? 0);
    } else
      await processMessage(db, run, telegram, right, userId, telegram.kind === 'asm' ? 'asm' : 'ssm', telegram.body);
  } catch (error) {
    // Recorded on the telegram (a restart tries again); nothing of the failed transaction was written.
    run.error(null, `processing stopped: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`);
    await run.save({ processing: 'failed' });
  }
}

function periodOf(text: string): { from: string | undefined; to: string | undefined; open: boolean } {
  const carrierLine = text.split('\n').find((l) => l[0] === '2') ?? '';
  const rawTo = carrierLine.slice(21, 28);
  return {
    from: ssimDateToIso(carrierLine.slice(14, 21)),
    to: ssimDateToIso(rawTo),
    open: rawTo.trim() === '' || rawTo === '00XXX00',
  };
}

async function processSsim(
  db: Db,
  run: TelegramRun,
  body: string,
  right: CarrierRight,
  userId: number | null,
  chunkDays: number | null,
  pauseMs: number,
): Promise<void> {
  const parts = [...ssimByCarrier(ssimLines(body))];
  if (parts.length === 0) {
    run.error(null, 'No carrier record (type 2): not an SSIM chapter 7 file');
    await run.save({ parsing: 'failed', processing: 'failed' });
    return;
  }
  const zones = await zonesOf(db);
  const airlines = await repo.airlinesByCode(db, [...new Set(parts.map((p) => p.carrier))]);
  const headerLines = ssimLines(parts[0]!.text).findIndex((l) => l[0] === '2');
  const fileLine = (line: number, offset: number) => (line <= headerLines ? line : line + offset);
  const plans = parts.map((p) => {
    const airlineId = airlines.get(p.carrier);
    const refusal = carrierRefusal(right, p.carrier, airlineId);
    const period = periodOf(p.text);
    const chunks =
      refusal || !period.from
        ? []
        : period.open || !period.to
          ? [{ from: period.from, to: '9999-12-31' }]
          : chunksOf(period.from, period.to, chunkDays);
    const carrier: TelegramCarrier = {
      carrier: p.carrier,
      airline_id: airlineId ?? null,
      period_from: period.from ?? null,
      period_to: period.open ? null : (period.to ?? null),
      status: 'pending',
      counts: emptyCounts(),
    };
    return { part: p, airlineId, refusal, chunks, carrier };
  });
  run.report.carriers = plans.map((p) => p.carrier);
  run.report.progress = { done: 0, total: plans.reduce((n, p) => n + Math.max(1, p.chunks.length), 0) };
  const own = new Set(plans.filter((p) => !p.refusal).map((p) => p.airlineId));
  const airlineId = own.size === 1 ? ([...own][0] ?? null) : null;
  await run.save({ parsing: 'parsed', processing: 'processing' }, airlineId ?? undefined);

  const addRecords = (records: SsimRecordReport[], offset: number, reason?: (flight: string) => string | undefined) => {
    for (const r of records) {
      run.record(
        {
          ...r,
          line: fileLine(r.line, offset),
          segmentLines: r.segmentLines.map((l) => fileLine(l, offset)),
        },
        reason?.(r.flight),
      );
    }
  };

  for (const plan of plans) {
    const { part, carrier } = plan;
    if (plan.refusal || plan.chunks.length === 0) {
      // Reported record by record (nothing is read or written for this carrier).
      const imp = diffSsim([], part.text, { carriers: plan.refusal ? [] : [part.carrier], zones });
      for (const e of imp.expansion.fileErrors) run.error(fileLine(e.line, part.offset), e.text);
      addRecords(imp.records, part.offset, () => plan.refusal ?? undefined);
      carrier.status = plan.refusal ? 'skipped' : 'failed';
      carrier.reason = plan.refusal ?? 'the carrier record has no readable period';
      if (plan.refusal) run.error(fileLine(headerLines + 1, part.offset), `${part.carrier}: ${plan.refusal}`);
      run.report.progress.done++;
      await run.save({ processing: 'processing' });
      continue;
    }
    carrier.status = 'processing';
    try {
      for (const chunk of plan.chunks) {
        const window = plan.chunks.length > 1 ? chunk : undefined;
        const outcome = await inTransaction(db, async (tx) => {
          const stored = await loadDatedLegs(tx, {
            airlineId: plan.airlineId as number,
            carrier: part.carrier,
            from: chunk.from,
            to: chunk.to,
          });
          const imp = diffSsim(stored, part.text, { carriers: [part.carrier], zones, ...(window ? { window } : {}) });
          const { diff, refused } = dropUnknownAirports(imp.diff, zones);
          if (diff.changes.some((c) => c.action !== 'unchanged')) {
            await applyScheduleDiff(tx, {
              airlineId: plan.airlineId as number,
              diff,
              channel: 'ssim',
              userId,
              scheduleId: null,
            });
          }
          return { imp, diff, refused };
        });
        for (const e of outcome.imp.expansion.fileErrors) run.error(fileLine(e.line, part.offset), e.text);
        addRecords(outcome.imp.records, part.offset, (flight) => outcome.refused.get(flight));
        addCounts(carrier.counts, outcome.diff.counts);
        addCounts(run.report.counts, outcome.diff.counts);
        run.report.progress.done++;
        await run.save({ processing: 'processing' });
        if (pauseMs > 0) await sleep(pauseMs);
      }
      carrier.status = 'imported';
    } catch (error) {
      carrier.status = 'failed';
      carrier.reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      run.error(null, `${part.carrier}: ${carrier.reason}`);
      run.report.progress.done = Math.min(run.report.progress.total, run.report.progress.done + 1);
    }
  }
  const applied = run.report.carriers.some((c) => c.status === 'imported');
  const problems = run.errors.length > 0 || run.report.carriers.some((c) => c.status !== 'imported');
  await run.save({ processing: !applied ? 'failed' : problems ? 'partially_processed' : 'processed' });
}

/** First and last flight date an SSM or ASM names (periods and dated flights), to read the stored legs it may touch. */
function messageRange(
  subs: { flights: { date?: string | undefined }[]; periods?: { from: string; to: string }[] | undefined }[],
  referenceDate: string,
): { from: string; to: string } {
  const dates: string[] = [];
  for (const s of subs) {
    for (const f of s.flights) {
      const d = f.date ? resolveSsmDate(f.date, referenceDate) : undefined;
      if (d) dates.push(d);
    }
    for (const p of s.periods ?? []) {
      const from = resolveSsmDate(p.from, referenceDate);
      let to = resolveSsmDate(p.to, referenceDate);
      if (from) dates.push(from);
      if (from && to && to < from && p.to.length === 5) to = `${Number(to.slice(0, 4)) + 1}${to.slice(4)}`;
      if (to) dates.push(to);
    }
  }
  if (dates.length === 0) return { from: referenceDate, to: referenceDate };
  dates.sort();
  return { from: dates[0] as string, to: dates[dates.length - 1] as string };
}

async function processMessage(
  db: Db,
  run: TelegramRun,
  telegram: repo.StoredTelegram,
  right: CarrierRight,
  userId: number | null,
  channel: 'ssm' | 'asm',
  body: string,
): Promise<void> {
  const text = messageText(body);
  const referenceDate = telegram.received_at.toISOString().slice(0, 10);
  const zones = await zonesOf(db);
  const parsed = channel === 'asm' ? parseAsm(text) : parseSsm(text);
  const parseErrors = parsed.issues.filter((i) => i.severity === 'error');
  for (const e of parseErrors) run.error(e.line, e.text);
  const subs = parsed.message.subMessages ?? [];
  const carriers = [...new Set(subs.flatMap((s) => s.flights.map((f) => f.airline)))];
  const airlines = await repo.airlinesByCode(db, carriers);
  const refusals = carriers
    .map((c) => ({ carrier: c, reason: carrierRefusal(right, c, airlines.get(c)) }))
    .filter((r): r is { carrier: string; reason: string } => r.reason !== null);
  run.report.carriers = carriers.map((c) => ({
    carrier: c,
    airline_id: airlines.get(c) ?? null,
    period_from: null,
    period_to: null,
    status: refusals.some((r) => r.carrier === c) ? 'skipped' : 'pending',
    ...(refusals.find((r) => r.carrier === c) ? { reason: refusals.find((r) => r.carrier === c)?.reason } : {}),
    counts: emptyCounts(),
  }));
  run.report.progress = { done: 0, total: 1 };
  const own = [...new Set(carriers.map((c) => airlines.get(c)).filter((id): id is number => id !== undefined))];
  const airlineId = own.length === 1 ? own[0] : undefined;

  const skippedAll = (reason: string): TelegramSubMessage[] =>
    subs.map((s, i) => ({
      index: i + 1,
      action: s.action,
      flights: s.flights.map((f) => `${f.airline}${f.number}${f.suffix ?? ''}${f.date ? `/${f.date}` : ''}`),
      status: 'skipped',
      reason,
      counts: emptyCounts(),
    }));
  if (parseErrors.length > 0 || subs.length === 0 || refusals.length > 0) {
    const reason =
      refusals.length > 0
        ? refusals.map((r) => `${r.carrier}: ${r.reason}`).join('; ')
        : `the message has errors: ${parseErrors[0]?.text ?? 'no sub-message'}`;
    for (const r of refusals) run.error(null, `${r.carrier}: ${r.reason}`);
    run.report.sub_messages = skippedAll(reason);
    run.report.progress.done = 1;
    await run.save({ parsing: parseErrors.length > 0 ? 'failed' : 'parsed', processing: 'failed' }, airlineId);
    return;
  }
  const range = messageRange(subs, referenceDate);
  const imp = await inTransaction(db, async (tx) => {
    const stored: DatedLeg[] = [];
    for (const c of carriers) {
      stored.push(
        ...(await loadDatedLegs(tx, {
          airlineId: airlines.get(c) as number,
          carrier: c,
          from: addDays(range.from, -1),
          to: addDays(range.to, 1),
        })),
      );
    }
    const result = applyScheduleMessage(stored, text, { referenceDate, zones });
    const { diff, refused } = dropUnknownAirports(result.diff, zones);
    for (const [flight, reason] of refused) run.error(null, `${flight}: ${reason}`);
    for (const c of carriers) {
      const changes = diff.changes.filter((x) => x.after.carrier === c);
      if (!changes.some((x) => x.action !== 'unchanged')) continue;
      const counts = emptyCounts();
      for (const x of changes) counts[x.action]++;
      await applyScheduleDiff(tx, {
        airlineId: airlines.get(c) as number,
        diff: { changes, counts },
        channel,
        userId,
        scheduleId: null,
      });
    }
    return { ...result, diff, refused };
  });
  run.report.sub_messages = imp.subMessages.map((s) => ({
    index: s.index,
    action: s.action,
    flights: s.flights,
    status: s.status,
    ...(s.reason ? { reason: s.reason } : {}),
    counts: s.counts,
  }));
  for (const s of run.report.sub_messages) {
    if (s.status === 'skipped') run.error(null, `${s.action} ${s.flights.join(' ')}: ${s.reason}`);
  }
  for (const c of run.report.carriers) {
    if (c.status === 'skipped') continue;
    c.status = 'imported';
    for (const x of imp.diff.changes) if (x.after.carrier === c.carrier) c.counts[x.action]++;
  }
  addCounts(run.report.counts, imp.diff.counts);
  run.report.progress.done = 1;
  const applied = run.report.sub_messages.filter((s) => s.status === 'applied').length;
  const processing: Processing =
    applied === 0
      ? 'failed'
      : applied < run.report.sub_messages.length || imp.refused.size > 0
        ? 'partially_processed'
        : 'processed';
  await run.save({ parsing: 'parsed', processing }, airlineId);
}
