import { randomBytes } from 'node:crypto';
import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  MessageChannel,
  OutgoingMessage,
  OutgoingMessageSummary,
  OutgoingMessagesQuery,
  SitaMessageCreate,
} from '@aircargo/contract/outgoing-messages';
import { canSendTelegram, OUTGOING_TELEGRAM_TYPES, type OutgoingTelegramType } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, forbidden, message, notFound } from '../../platform/errors';
import { enqueue, type JobHandlers } from '../../platform/jobs';
import { createMailTransport, type DebugLogger, type MailTransport } from '../../platform/mail';
import { presentPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import { deliver } from './outgoing-messages.channels';
import { outgoingScope } from './outgoing-messages.policy';
import { presentOutgoingMessage, presentOutgoingSummary } from './outgoing-messages.presenter';
import * as repo from './outgoing-messages.repository';

/** The job that delivers one outgoing message: payload `{id}`. */
export const DELIVER_JOB = 'outgoing.deliver';

export interface OutgoingTelegram {
  event:
    | 'booking_created'
    | 'awb_created'
    | 'awb_changed'
    | 'hawb_changed'
    | 'status_changed'
    | 'flight_document'
    | 'manual';
  messageType: OutgoingTelegramType; // from @aircargo/domain
  senderCompanyId: number; // the company that sends (platform or airline)
  airlineId: number | null; // the carrier it concerns (message settings are per airline)
  body: string; // telegram text without envelope; the channel wraps it
  subject?: string | null;
  origin?: string | null;
  destination?: string | null;
  segment?: string | null; // e.g. 'SU 1234/27NOV SVO-LED'
  airWaybillId?: number | null;
  houseWaybillId?: number | null;
  bookingId?: number | null;
  flightId?: number | null;
  sourceId?: string | null; // e.g. 'air_waybill:12'
  userId?: number | null;
  /** Explicit recipients (send_fwb, fwb_list, sita): message settings are not consulted. */
  explicit?: { channel: 'email' | 'sita' | 'webhook'; addresses: string[] } | null;
}

/** The domain of Message-IDs when the sender has neither a mailbox nor a mail domain. */
const DEFAULT_MESSAGE_DOMAIN = 'aircargo.localhost';

function newMessageId(id: number, domain: string): string {
  return `<om-${id}.${randomBytes(6).toString('hex')}@${domain}>`;
}

/**
 * In the caller's transaction: one outgoing_messages row per enabled matching message setting (or the explicit
 * recipients) plus its delivery job (the outbox). Throws AppError (403 telegramNotSendable) when the sender's company
 * type may not send the type and `explicit` is set; without `explicit` an unsendable type emits nothing.
 */
export async function emitTelegram(tx: Db, t: OutgoingTelegram): Promise<{ ids: number[] }> {
  const sender = await repo.companyOf(tx, t.senderCompanyId);
  if (!sender) throw notFound(message('companyUnknown'));
  if (!canSendTelegram(sender.company_type, t.messageType)) {
    if (t.explicit) {
      throw forbidden(
        message('telegramNotSendable', { company_type: sender.company_type, message_type: t.messageType }),
      );
    }
    return { ids: [] };
  }
  const own = await repo.messagingSettingsOf(tx, sender.id);
  const base = {
    company_id: sender.id,
    airline_id: t.airlineId,
    event: t.event,
    message_type: t.messageType,
    segment: t.segment ?? null,
    subject: t.subject ?? null,
    body: t.body,
    origin: t.origin ?? null,
    destination: t.destination ?? null,
    source_id: t.sourceId ?? null,
    air_waybill_id: t.airWaybillId ?? null,
    house_waybill_id: t.houseWaybillId ?? null,
    booking_id: t.bookingId ?? null,
    flight_id: t.flightId ?? null,
    user_id: t.userId ?? null,
  };
  const fromFor = (channel: MessageChannel) =>
    channel === 'sita'
      ? (own?.type_b_address ?? sender.cimp_sita ?? null)
      : channel === 'email'
        ? (own?.mailbox_address ?? null)
        : null;
  let rows: repo.OutgoingInsert[];
  if (t.explicit) {
    const { channel, addresses } = t.explicit;
    rows = [
      {
        ...base,
        channel,
        to_addresses: channel === 'webhook' ? [] : addresses,
        request_url: channel === 'webhook' ? (addresses[0] ?? null) : null,
        request_method: channel === 'webhook' ? 'POST' : null,
        from_address: fromFor(channel),
        message_id: placeholder(),
      },
    ];
  } else {
    if (t.airlineId === null) return { ids: [] };
    const settings = await repo.matchingSettings(tx, {
      companyId: sender.id,
      airlineId: t.airlineId,
      event: t.event,
      messageType: t.messageType,
      origin: t.origin ?? null,
      destination: t.destination ?? null,
    });
    rows = settings.map((s) => ({
      ...base,
      message_setting_id: s.id,
      channel: s.channel,
      to_addresses: s.channel === 'webhook' ? [] : s.addresses,
      cc: s.channel === 'email' ? s.cc : [],
      bcc: s.channel === 'email' ? s.bcc : [],
      request_url: s.channel === 'webhook' ? s.webhook_url : null,
      request_method: s.channel === 'webhook' ? 'POST' : null,
      from_address: fromFor(s.channel),
      message_id: placeholder(),
    }));
  }
  return { ids: await queueMessages(tx, sender, own, rows) };
}

/** Inserts the rows, gives each its Message-ID and queues its delivery job, all with the caller's handle. */
async function queueMessages(
  tx: Db,
  sender: { maildomain: string | null },
  own: repo.MessagingSettingsData | null,
  rows: repo.OutgoingInsert[],
): Promise<number[]> {
  const ids = await repo.insertMessages(tx, rows);
  const domain =
    (own?.mailbox_address ? own.mailbox_address.split('@')[1] : null) || sender.maildomain || DEFAULT_MESSAGE_DOMAIN;
  for (const id of ids) {
    await repo.setMessageId(tx, id, newMessageId(id, domain));
    await enqueue(tx, DELIVER_JOB, { id });
  }
  return ids;
}

/** A placeholder Message-ID: the insert needs a unique one before the row's id is known; queueMessages replaces it. */
const placeholder = () => `<pending.${randomBytes(12).toString('hex')}>`;

/** Log summaries of messages by id, in the order of the ids (e.g. the rows `emitTelegram` has just written). */
export async function outgoingSummaries(db: Db, ids: readonly number[]): Promise<OutgoingMessageSummary[]> {
  return (await repo.messagesByIds(db, ids)).map(presentOutgoingSummary);
}

/** The outgoing messages of one waybill; the waybill's visibility is the caller's check. */
export async function waybillOutgoingMessages(
  db: Db,
  waybillId: number,
  query: Pick<OutgoingMessagesQuery, 'page' | 'per_page' | 'sort' | 'message_type'>,
): Promise<{ data: OutgoingMessageSummary[]; meta: PaginationMeta }> {
  const page = await repo.listMessages(db, { kind: 'all' }, { ...query, air_waybill_id: waybillId });
  return presentPage(page, presentOutgoingSummary);
}

export class OutgoingMessagesService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    query: OutgoingMessagesQuery,
  ): Promise<{ data: OutgoingMessageSummary[]; meta: PaginationMeta }> {
    const scope = outgoingScope(auth);
    if (scope.kind === 'none') throw forbidden();
    return presentPage(await repo.listMessages(this.db, scope, query), presentOutgoingSummary);
  }

  async get(auth: AuthContext, id: number): Promise<OutgoingMessage> {
    const scope = outgoingScope(auth);
    if (scope.kind === 'none') throw forbidden();
    const row = await repo.findMessage(this.db, scope, id);
    if (!row) throw notFound(message('outgoingMessageNotFound'));
    return presentOutgoingMessage(row);
  }

  /** A failed or dead message goes back to the queue with a new delivery job. */
  async restart(auth: AuthContext, id: number): Promise<OutgoingMessage> {
    const scope = outgoingScope(auth);
    if (scope.kind === 'none') throw forbidden();
    await inTransaction(this.db, async (tx) => {
      const row = await repo.findMessage(tx, scope, id);
      if (!row) throw notFound(message('outgoingMessageNotFound'));
      if (!(await repo.resetForRestart(tx, id))) {
        throw new AppError(422, 'ValidationFailed', message('outgoingMessageNotRestartable'));
      }
      // A failed row still has its retry job waiting: bring it forward rather than add a second one.
      if (!(await repo.hurryPendingJob(tx, DELIVER_JOB, id))) await enqueue(tx, DELIVER_JOB, { id });
    });
    return this.get(auth, id);
  }

  /** POST /sita_messages: one Type B message from the sign to the addresses, through the caller's gateway. */
  async sendSita(auth: AuthContext, input: SitaMessageCreate): Promise<OutgoingMessage> {
    if (auth.companyId === null) throw forbidden();
    const companyId = auth.companyId;
    const [id] = await inTransaction(this.db, async (tx) => {
      const sender = await repo.companyOf(tx, companyId);
      if (!sender) throw notFound(message('companyUnknown'));
      const own = await repo.messagingSettingsOf(tx, companyId);
      return queueMessages(tx, sender, own, [
        {
          company_id: companyId,
          event: 'manual',
          message_type: typeOf(input.body),
          channel: 'sita',
          subject: input.subject ?? null,
          body: input.body,
          to_addresses: input.addresses,
          from_address: input.sign,
          source_id: 'sita_message',
          user_id: auth.userId,
          message_id: placeholder(),
        },
      ]);
    });
    return this.get(auth, id!);
  }
}

/** The outgoing telegram type a hand-written message starts with (FWB/16 ...), null for free text. */
function typeOf(body: string): OutgoingTelegramType | null {
  const first = body.trim().split(/\s+/)[0]?.split('/')[0]?.toUpperCase() ?? '';
  return (OUTGOING_TELEGRAM_TYPES as readonly string[]).includes(first) ? (first as OutgoingTelegramType) : null;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * The delivery job: load the row; if it is already sent do nothing (idempotent); send it by its channel; mark it sent.
 * A failure marks it failed (dead on the job's last attempt) and rethrows, so the job backs off and retries.
 */
export function outgoingMessageJobs(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  log: DebugLogger;
  mail?: MailTransport;
}): JobHandlers {
  const mail = deps.mail ?? createMailTransport(deps.config, deps.log);
  return {
    [DELIVER_JOB]: async (payload, { db, job }) => {
      const id = Number((payload as { id?: unknown }).id);
      const row = await repo.beginAttempt(db, id, job.locked_by ?? 'worker');
      if (!row) return;
      const own = await repo.messagingSettingsOf(db, row.company_id);
      const setting = row.message_setting_id ? await repo.messageSettingById(db, row.message_setting_id) : null;
      try {
        const delivery = await deliver(row, own, setting?.webhook_secret ?? null, {
          mail,
          mailFrom: deps.config.mailFrom,
          httpTimeoutMs: deps.config.webhookTimeoutMs,
          now: () => deps.clock.now(),
        });
        await repo.markSent(db, id, delivery);
      } catch (error) {
        await repo.markFailed(db, id, job.attempts >= job.max_attempts ? 'dead' : 'failed', describe(error));
        throw error;
      }
    },
  };
}
