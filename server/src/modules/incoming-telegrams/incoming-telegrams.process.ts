import { parse } from '@aircargo/cargo-messages';
import type { IncomingProcessingStatus } from '@aircargo/contract/incoming-telegrams';
import { type CompanyType, isTelegramProcessed } from '@aircargo/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { JobHandlers } from '../../platform/jobs';
import { inTransaction } from '../../platform/transactions';
import { TELEGRAM_PROCESSORS } from '../telegram-processors/telegram-processors.service';
import type { TelegramProcessor } from '../telegram-processors/telegram-processors.types';
import { analyse, TELEGRAM_PROCESS_JOB } from './incoming-telegrams.intake';
import { INCOMING_PROCESSORS } from './incoming-telegrams.processors';
import * as repo from './incoming-telegrams.repository';

/** The same content is a duplicate of a telegram applied within this window before it. */
export const DUPLICATE_WINDOW_MS = 7 * 86_400_000;

/** A telegram 'processing' this long was left by a worker that died (the job system retries its job). */
export const STALE_PROCESSING_MS = 5 * 60_000;

export type ProcessorRegistry = Partial<Record<string, TelegramProcessor>>;

/** Every processor by message type: this module's (FWB, FHL, FSU, FSA) and the telegram-processors module's. */
export function processorRegistry(): ProcessorRegistry {
  return { ...TELEGRAM_PROCESSORS, ...INCOMING_PROCESSORS };
}

/** The text of a failure for the telegram's errors: the message, and per field what was refused. */
export function failureText(error: unknown): string {
  if (error instanceof AppError) {
    const fields = Object.entries(error.fieldErrors)
      .map(([f, list]) => `${f}: ${list.join(', ')}`)
      .join('; ');
    return fields && !error.message.includes(fields) ? `${error.message} (${fields})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The errors a failed telegram keeps: a processor's per-line errors (`extra.errors`) when it gave them, else its text. */
export function failureErrors(error: unknown): { line: number | null; message: string }[] {
  const listed = error instanceof AppError ? error.extra.errors : undefined;
  if (Array.isArray(listed)) {
    const errors = listed.flatMap((e) =>
      e && typeof e === 'object' && typeof e.message === 'string'
        ? [{ line: typeof e.line === 'number' ? e.line : null, message: e.message as string }]
        : [],
    );
    if (errors.length) return errors;
  }
  return [{ line: null, message: failureText(error) }];
}

/**
 * Parses and processes one stored telegram (the `telegram.process` job). Parse errors fail it with the issues per line;
 * a type the receiving company's type does not process is stored and parsed only (not_processed); a repeat of an
 * applied telegram (same Type B identity, or same content within DUPLICATE_WINDOW_MS) is marked duplicate; anything
 * else is applied by its processor in one transaction, which a thrown error rolls back (the telegram then fails with
 * the error's message). Safe to run twice: a telegram no longer pending or processing is left alone.
 */
export async function processIncomingTelegram(
  db: Db,
  id: number,
  deps: { clock: Clock; processors: ProcessorRegistry },
): Promise<IncomingProcessingStatus | null> {
  if (!(await repo.claimForProcessing(db, id, STALE_PROCESSING_MS))) return null;
  try {
    return await processClaimed(db, id, deps);
  } catch (error) {
    // Not the processor's refusal (that fails the telegram) but the database or the parser: the job retries it.
    await repo.updateTelegram(db, id, { processing_status: 'pending' });
    throw error;
  }
}

async function processClaimed(
  db: Db,
  id: number,
  deps: { clock: Clock; processors: ProcessorRegistry },
): Promise<IncomingProcessingStatus | null> {
  const loaded = await repo.loadTelegram(db, id);
  if (!loaded) return null;
  const t = loaded.telegram;
  const now = () => deps.clock.now();
  const parsed = parse(t.body);
  const a = analyse(t.body, t.received_at, parsed);
  const airlineId = a.mawb
    ? await repo.airlineOfPrefix(db, a.mawb.slice(0, 3))
    : a.carrier
      ? await repo.airlineOfCode(db, a.carrier)
      : null;
  const read = {
    family: a.family,
    message_type: a.message_type,
    version: a.version,
    envelope: a.envelope,
    typeb_identity: a.typeb_identity,
    sent_at: a.sent_at,
    mawb: a.mawb,
    station: a.station,
    body_hash: a.body_hash,
    airline_id: airlineId ?? t.airline_id,
    duplicate_of_id: null,
  };
  const errors = parsed.issues
    .filter((i) => i.severity === 'error')
    .map((i) => ({ line: i.line, message: `${i.code}: ${i.text}` }));
  const warnings = parsed.issues
    .filter((i) => i.severity === 'warning')
    .map((i) => ({ line: i.line, message: `${i.code}: ${i.text}` }));
  const finish = async (
    tx: Db,
    status: IncomingProcessingStatus,
    values: Partial<repo.IncomingTelegramChange> = {},
  ): Promise<IncomingProcessingStatus> => {
    await repo.updateTelegram(tx, id, {
      ...read,
      parsing_status: parsed.type !== null && errors.length === 0 ? 'parsed' : 'failed',
      processing_status: status,
      processed_at: now(),
      ...values,
    });
    return status;
  };
  if (parsed.type === null || parsed.message === null || errors.length > 0) {
    return finish(db, 'failed', { errors, result: { warnings } });
  }
  const type = parsed.type as string;
  const receiverType = loaded.receiver_type as CompanyType | null;
  const processor = deps.processors[type];
  if (receiverType === null || t.company_id === null || !isTelegramProcessed(receiverType, type) || !processor) {
    const reason = processor
      ? `${type} is not processed for a receiving ${receiverType ?? 'unknown'} company`
      : `${type} has no processor`;
    return finish(db, 'not_processed', { errors: [], result: { reason, warnings } });
  }
  try {
    return await inTransaction(db, async (tx) => {
      await repo.lockContent(tx, [a.body_hash, ...(a.typeb_identity ? [a.typeb_identity] : [])]);
      const duplicate = await repo.findDuplicate(
        tx,
        {
          id,
          company_id: t.company_id,
          typeb_identity: a.typeb_identity,
          body_hash: a.body_hash,
          received_at: t.received_at,
        },
        DUPLICATE_WINDOW_MS,
      );
      if (duplicate !== null) {
        return finish(tx, 'duplicate', { duplicate_of_id: duplicate, errors: [], result: { duplicate_of: duplicate } });
      }
      const outcome = await processor(tx, {
        telegram: {
          id,
          family: a.family,
          message_type: type,
          version: parsed.version,
          source: t.source,
          body: t.body,
          company_id: t.company_id,
          airline_id: read.airline_id,
        },
        receiver: { companyId: t.company_id as number, companyType: receiverType },
        parsed,
        userId: t.user_id,
        clock: deps.clock,
      });
      const links = outcome.links;
      return finish(tx, outcome.status, {
        errors: outcome.errors,
        result: { ...outcome.result, ...(warnings.length ? { warnings } : {}) },
        ...(links.airline_id ? { airline_id: links.airline_id } : {}),
        air_waybill_id: links.air_waybill_id ?? null,
        house_waybill_ids: links.house_waybill_ids ?? [],
        booking_id: links.booking_id ?? null,
        flight_id: links.flight_id ?? null,
        ssim_telegram_id: links.ssim_telegram_id ?? null,
      });
    });
  } catch (error) {
    return finish(db, 'failed', { errors: failureErrors(error), result: { warnings } });
  }
}

/** The job handlers of the module (server/src/job-handlers.ts). */
export function incomingTelegramJobs(deps: { db: Db; clock: Clock }): JobHandlers {
  const processors = processorRegistry();
  return {
    [TELEGRAM_PROCESS_JOB]: async (payload) => {
      await processIncomingTelegram(deps.db, Number(payload.id), { clock: deps.clock, processors });
    },
  };
}
