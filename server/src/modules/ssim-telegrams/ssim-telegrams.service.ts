import { createHash } from 'node:crypto';
import { detectText } from '@aircargo/cargo-messages';
import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  ScheduleExportQuery,
  SsimTelegram,
  SsimTelegramSummary,
  SsimTelegramsQuery,
  SsimTelegramUpload,
} from '@aircargo/contract/ssim-telegrams';
import { ExportError, exportSsim } from '@aircargo/schedule';
import type { AuthContext } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, message, notFound, validation } from '../../platform/errors';
import { enqueue, type JobHandlers } from '../../platform/jobs';
import { presentPage } from '../../platform/pagination';
import { loadDatedLegs } from '../flights/flights.service';
import { airportZones, emptyReport, messageText, processTelegram, ssimRecordCount } from './ssim-telegrams.apply';
import { telegramScope } from './ssim-telegrams.policy';
import { presentSummary, presentTelegram } from './ssim-telegrams.presenter';
import * as repo from './ssim-telegrams.repository';

/** The job that applies a large telegram (decision 007). */
export const SSIM_TELEGRAM_JOB = 'ssim_telegram.process';
/**
 * SSIM files of at most this many flight-leg records (a carrier's season of a few dozen flights) are applied during the
 * upload request, which answers with the finished report; larger files, and every demo load, are applied by a job in
 * period chunks and the answer carries `processing_status: pending` and the progress to poll. SSM and ASM are small
 * and always applied at once.
 */
export const INLINE_SSIM_RECORDS = 300;
/** Days of a carrier's period a job applies per transaction (and per progress step). */
export const JOB_CHUNK_DAYS = 14;
/** The job's pause between chunks, for the requests waiting on an embedded database (see ProcessOptions.pauseMs). */
export const JOB_PAUSE_MS = 50;

export type TelegramKind = 'ssim' | 'ssm' | 'asm';

/** The kind of a telegram by its content: an SSIM chapter 7 file, an SSM or an ASM (also in a Type B envelope). */
export function detectKind(body: string): TelegramKind | null {
  const d = detectText(body);
  if (d.type === 'SSIM') return 'ssim';
  const inner = detectText(messageText(body));
  if (inner.type === 'SSM') return 'ssm';
  if (inner.type === 'ASM') return 'asm';
  if (inner.type === 'SSIM') return 'ssim';
  return null;
}

export interface NewTelegram {
  kind: TelegramKind;
  source: 'upload' | 'http' | 'email' | 'demo';
  body: string;
  fileName: string | null;
  userId: number | null;
  companyId: number | null;
  airlineId: number | null;
}

/** Stores a telegram as received (the body and its sha256); its statuses start pending. */
export function storeTelegram(db: Db, t: NewTelegram): Promise<number> {
  return repo.insertTelegram(db, {
    kind: t.kind,
    source: t.source,
    body: t.body,
    body_hash: createHash('sha256').update(t.body).digest('hex'),
    file_name: t.fileName,
    user_id: t.userId,
    company_id: t.companyId,
    airline_id: t.airlineId,
    report: emptyReport() as unknown as Record<string, unknown>,
  });
}

/** Applies a stored telegram now, or queues the job that applies it; answers whether it is done. */
export async function applyOrQueue(
  db: Db,
  id: number,
  t: { kind: TelegramKind; body: string; source: string },
  userId: number | null,
): Promise<'done' | 'queued'> {
  if (t.kind !== 'ssim' || (t.source !== 'demo' && ssimRecordCount(t.body) <= INLINE_SSIM_RECORDS)) {
    await processTelegram(db, id, { chunkDays: null, userId });
    return 'done';
  }
  await enqueue(db, SSIM_TELEGRAM_JOB, { telegram_id: id, user_id: userId });
  return 'queued';
}

/** The job handlers of the module (server/src/job-handlers.ts). */
export function ssimTelegramJobs(deps: { db: Db }): JobHandlers {
  return {
    [SSIM_TELEGRAM_JOB]: async (payload) => {
      const id = Number(payload.telegram_id);
      const userId = payload.user_id === null || payload.user_id === undefined ? null : Number(payload.user_id);
      await processTelegram(deps.db, id, { chunkDays: JOB_CHUNK_DAYS, userId, pauseMs: JOB_PAUSE_MS });
    },
  };
}

const telegramNotFound = () => notFound(message('telegramNotFound'));

export class SsimTelegramsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(
    auth: AuthContext,
    query: SsimTelegramsQuery,
  ): Promise<{ data: SsimTelegramSummary[]; meta: PaginationMeta }> {
    return presentPage(await repo.listTelegrams(this.db, telegramScope(auth), query), presentSummary);
  }

  /** A telegram the caller reaches (an airline: sent by it or changing its schedule); anything else is 404. */
  async get(auth: AuthContext, id: number): Promise<SsimTelegram> {
    const row = await repo.findTelegram(this.db, telegramScope(auth), id);
    if (!row) throw telegramNotFound();
    return presentTelegram(row);
  }

  /**
   * Stores the telegram as received, then applies it: at once when small, else in a job (see INLINE_SSIM_RECORDS).
   * Carriers other than an airline's own are skipped and reported; the platform imports any carrier with an airline.
   */
  async upload(auth: AuthContext, input: SsimTelegramUpload): Promise<SsimTelegram> {
    const kind = detectKind(input.body);
    if (!kind) throw validation({ body: [message('telegramKindUnknown')] }, message('telegramKindUnknown'));
    const id = await storeTelegram(this.db, {
      kind,
      source: 'upload',
      body: input.body,
      fileName: input.file_name ?? null,
      userId: auth.userId,
      companyId: auth.companyId,
      airlineId: auth.companyType === 'airline' ? auth.companyId : null,
    });
    await applyOrQueue(this.db, id, { kind, body: input.body, source: 'upload' }, auth.userId);
    return this.get(auth, id);
  }

  /** Applies a telegram again (refused while it is being applied). */
  async restart(auth: AuthContext, id: number): Promise<SsimTelegram> {
    const row = await repo.findTelegram(this.db, telegramScope(auth), id);
    if (!row) throw telegramNotFound();
    if (!(await repo.claimForRestart(this.db, id, auth.userId))) {
      throw new AppError(409, 'Exists', message('telegramBusy'));
    }
    await applyOrQueue(
      this.db,
      id,
      { kind: row.kind as TelegramKind, body: row.body, source: row.source },
      auth.userId,
    );
    return this.get(auth, id);
  }

  /**
   * A carrier's schedule for the flight dates `from`..`to` as an SSIM file: local time with each station's UTC
   * variation (or UTC). An airline exports its own carrier; the platform any carrier with an airline company.
   */
  async exportSchedule(auth: AuthContext, query: ScheduleExportQuery): Promise<{ fileName: string; text: string }> {
    const airlines = await repo.airlinesByCode(this.db, [query.carrier]);
    const airlineId = airlines.get(query.carrier);
    const own = auth.companyType === 'platform' || (auth.companyType === 'airline' && auth.companyId === airlineId);
    if (airlineId === undefined || !own) throw notFound(message('airlineNotFound'));
    const legs = await loadDatedLegs(this.db, { airlineId, carrier: query.carrier, from: query.from, to: query.to });
    const zones = query.time_mode === 'local' ? await airportZones(this.db) : undefined;
    try {
      const text = exportSsim(legs, {
        carrier: query.carrier,
        from: query.from,
        to: query.to,
        ...(zones ? { zones } : {}),
        creationDate: this.clock.now().toISOString().slice(0, 10),
      });
      return { fileName: `${query.carrier}_${query.from}_${query.to}.ssim`, text };
    } catch (error) {
      if (error instanceof ExportError) throw validation({ carrier: [error.message] }, error.message);
      throw error;
    }
  }
}
