import { applyOrQueue, SsimTelegramsService, storeTelegram } from '../ssim-telegrams/ssim-telegrams.service';
import { failed, receiverAuth } from './telegram-processors.common';
import type { TelegramProcessor } from './telegram-processors.types';

const SOURCES = ['upload', 'http', 'email'] as const;

/**
 * SSM and ASM: handed to the schedule path of modules/ssim-telegrams exactly as an uploaded one (stored as an SSIM
 * telegram of the receiving company, then applied at once), so the schedule changes the same way and the telegram is
 * listed under /messaging/ssim-telegrams too. Its report decides the outcome: nothing created, changed or cancelled is
 * `ignored` (the same SSM again), sub-messages skipped are per-line errors, a failed one fails the telegram.
 */
export const processSchedule: TelegramProcessor = async (tx, ctx) => {
  const kind = ctx.telegram.message_type === 'ASM' ? 'asm' : 'ssm';
  const source = SOURCES.find((s) => s === ctx.telegram.source) ?? 'http';
  const id = await storeTelegram(tx, {
    kind,
    source,
    body: ctx.telegram.body,
    fileName: null,
    userId: ctx.userId,
    companyId: ctx.receiver.companyId,
    airlineId: ctx.telegram.airline_id,
  });
  await applyOrQueue(tx, id, { kind, body: ctx.telegram.body, source }, ctx.userId);
  const t = await new SsimTelegramsService(tx, ctx.clock).get(receiverAuth(ctx), id);
  const links = { ssim_telegram_id: id, airline_id: t.airline?.id ?? ctx.telegram.airline_id };
  const errors = t.errors.map((e) => ({ line: e.line, message: e.message }));
  if (t.processing_status === 'failed') throw failed(errors);
  const c = t.report.counts;
  const result = {
    ssim_telegram: id,
    kind,
    carriers: t.carriers,
    counts: c,
    sub_messages: t.report.sub_messages.map((s) => ({ action: s.action, flights: s.flights, status: s.status })),
  };
  const changed = c.created + c.changed + c.cancelled;
  if (changed === 0 && errors.length === 0) return { status: 'ignored', result, errors, links };
  if (changed === 0) throw failed(errors);
  return { status: errors.length ? 'partially_processed' : 'processed', result, errors, links };
};
