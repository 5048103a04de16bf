import { type AnyMessage, parse, unwrap } from '@aircargo/cargo-messages';
import { type AwbRef, awbNumber } from '@aircargo/contract/air-waybills';
import { type MessageKey, type MessageParams, renderMessage } from '@aircargo/contract/messages';
import type { OutgoingMessageSummary } from '@aircargo/contract/outgoing-messages';
import type {
  CimpIssue,
  CimpSendBody,
  CimpSendResult,
  FwbListBody,
  FwbListResponse,
  FwbListResult,
  SendFhlBody,
  SendFwbBody,
  SentMessages,
  WaybillOutgoingQuery,
} from '@aircargo/contract/waybill-telegrams';
import {
  type CompanyType,
  canSendTelegram,
  OUTGOING_TELEGRAM_TYPES,
  type OutgoingTelegramType,
  SENDABLE_TELEGRAM_TYPES,
} from '@aircargo/domain';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, message, notFound, validation } from '../../platform/errors';
import type { JobHandlers, JobLogger } from '../../platform/jobs';
import { presentPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';
import { BookingsService } from '../bookings/bookings.service';
import { HouseWaybillsService } from '../house-waybills/house-waybills.service';
import {
  emitTelegram,
  type OutgoingTelegram,
  outgoingSummaries,
  waybillOutgoingMessages,
} from '../outgoing-messages/outgoing-messages.service';
import { dayMonth, fsuOf } from './telegram-producers.cimp';
import { TELEGRAM_PRODUCE_JOB, type TelegramEvent } from './telegram-producers.hooks';
import * as repo from './telegram-producers.repository';

/**
 * Telegrams produced by events and sent from waybills (issue 14 item 2; decision 035).
 *
 * Automatic: the writing modules queue a `telegram.produce` job in the transaction of their change
 * (telegram-producers.hooks.ts); its handler here builds the text (FFR of a new booking, FWB of a new or changed
 * waybill, FHL of a new or changed house, FSU of a new movement) and hands it to the outbox (`emitTelegram`) in one
 * transaction, where the message settings of the carrier decide the recipients (none: nothing is written). The sender
 * is the waybill's airline when it is an active airline company on the platform and airlines may send the type
 * (SENDABLE_TELEGRAM_TYPES), else the platform company; a booking's FFR is always the platform's. A text the data
 * cannot make (an FWB without shipper or consignee name, an FFR of a booking without a number, a status without a
 * valid FSU) produces nothing. The job marks itself produced in the same transaction, so a job run twice (a worker
 * dying between the commit and marking the job done) writes its messages once.
 *
 * Explicit: send_fwb, fwb_list, send_fhl and cimp_messages/send name their recipients; the caller's company type must
 * be allowed to send the type (403 `telegramNotSendable` otherwise: forwarders send nothing) and the waybill must be
 * visible to the caller (404 otherwise). The sender is the caller's company.
 */

/** The documents of flight operations that go out through `emitFlightDocument`. */
export const FLIGHT_DOCUMENT_TYPES = ['FBL', 'FFM', 'UWS', 'CSN', 'ACI', 'PLACI'] as const;
export type FlightDocumentType = (typeof FLIGHT_DOCUMENT_TYPES)[number];

const MESSAGE_OF_EVENT: Record<TelegramEvent, OutgoingTelegramType> = {
  booking_created: 'FFR',
  awb_created: 'FWB',
  awb_changed: 'FWB',
  hawb_changed: 'FHL',
  status_changed: 'FSU',
};

const shipmentNotFound = () => notFound(message('shipmentNotFound'));

/** 403 with the catalogue's message when the company type may not send the type. */
function refuseUnsendable(companyType: CompanyType, type: string): AppError {
  return new AppError(
    403,
    'Forbidden',
    message('telegramNotSendable', { company_type: companyType, message_type: type }),
  );
}

function checkSendable(auth: AuthContext, type: OutgoingTelegramType): void {
  if (!canSendTelegram(auth.companyType, type)) throw refuseUnsendable(auth.companyType, type);
}

/**
 * The reader the worker acts as when it builds texts with the other modules' services: a platform-wide view with no
 * company and no profile narrowing (the job already names one record; nobody's visibility is widened by it).
 */
function workerAuth(userId: number | null): AuthContext {
  return {
    userId: userId ?? 0,
    tokenId: 0,
    email: '',
    system: true,
    membershipId: null,
    companyId: null,
    companyType: 'platform',
    role: null,
    airlineCode: null,
    blocked: false,
    scope: '',
    createdAt: new Date(0),
    expiresIn: 0,
  };
}

/** `SU 1234/27NOV SVO-LED` of the first leg with a flight, else null. */
export function segmentOf(
  legs: readonly { origin: string; destination: string; carrier: string; flight: string | null; date: string | null }[],
): string | null {
  const leg = legs.find((l) => l.flight);
  if (!leg?.flight) return null;
  const m = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(leg.flight);
  const designator = m ? `${m[1]} ${m[2]}` : leg.flight;
  return `${designator}${leg.date ? `/${dayMonth(leg.date)}` : ''} ${leg.origin}-${leg.destination}`;
}

/** The sending company of an automatic telegram about `airlineId`'s traffic (see the file comment). */
async function senderFor(db: Db, airlineId: number | null, type: OutgoingTelegramType): Promise<number | null> {
  if (airlineId !== null && canSendTelegram('airline', type)) {
    const company = await repo.companyById(db, airlineId);
    if (company?.company_type === 'airline' && company.state === 'active') return company.id;
  }
  return repo.platformCompanyId(db);
}

/** The sender of an explicit send: the caller's company (the platform company for a platform user without one). */
async function callerCompany(db: Db, auth: AuthContext, type: OutgoingTelegramType): Promise<number> {
  const id = auth.companyId ?? (auth.companyType === 'platform' ? await repo.platformCompanyId(db) : null);
  if (id === null) throw refuseUnsendable(auth.companyType, type);
  return id;
}

/** A client error of a text builder (422/404): the text cannot be made from the data. */
const cannotBuild = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

/** What a waybill's telegram carries beside its text. */
function waybillTelegram(
  w: repo.WaybillRow,
): Pick<OutgoingTelegram, 'origin' | 'destination' | 'segment' | 'airWaybillId' | 'airlineId'> {
  return {
    origin: w.origin_iata,
    destination: w.destination_iata,
    segment: segmentOf(w.route_data),
    airWaybillId: w.id,
    airlineId: w.airline_id,
  };
}

/**
 * The sender when some enabled message setting of it listens to the airline's event and type, else null: the text is
 * built only then (most changes concern carriers without settings). `emitTelegram` matches the settings exactly.
 */
async function heard(
  db: Db,
  sender: number | null,
  airlineId: number,
  event: TelegramEvent,
  type: OutgoingTelegramType,
): Promise<number | null> {
  if (sender === null) return null;
  return (await repo.hasEnabledSetting(db, { companyId: sender, airlineId, event, messageType: type })) ? sender : null;
}

/** The text a job builds and the telegram around it; null when the data makes none or nobody listens. */
async function buildAutomatic(
  db: Db,
  event: TelegramEvent,
  recordId: number,
  userId: number | null,
): Promise<OutgoingTelegram | null> {
  const auth = workerAuth(userId);
  const type = MESSAGE_OF_EVENT[event];
  switch (event) {
    case 'booking_created': {
      const b = await repo.bookingById(db, recordId);
      if (!b?.mawb) return null;
      const sender = await heard(db, await repo.platformCompanyId(db), b.airline_id, event, type);
      if (sender === null) return null;
      const { text } = await new BookingsService(db).ffr(auth, recordId);
      const w = await repo.waybillByMawb(db, b.mawb);
      return {
        event,
        messageType: type,
        senderCompanyId: sender,
        airlineId: b.airline_id,
        body: text,
        subject: `FFR ${b.mawb}`,
        origin: b.origin,
        destination: b.destination,
        bookingId: b.id,
        airWaybillId: w?.id ?? null,
        sourceId: `booking:${b.id}`,
        userId,
      };
    }
    case 'awb_created':
    case 'awb_changed': {
      const w = await repo.waybillById(db, sql`true`, recordId);
      if (!w) return null;
      const sender = await heard(db, await senderFor(db, w.airline_id, type), w.airline_id, event, type);
      if (sender === null) return null;
      const body = await new HouseWaybillsService(db).fwb(auth, w.id);
      return {
        event,
        messageType: type,
        senderCompanyId: sender,
        body,
        subject: `FWB ${w.mawb}`,
        ...waybillTelegram(w),
        sourceId: `air_waybill:${w.id}`,
        userId,
      };
    }
    case 'hawb_changed': {
      const found = await repo.houseWithMaster(db, sql`true`, recordId);
      if (!found) return null;
      const { house, master } = found;
      const sender = await heard(db, await senderFor(db, master.airline_id, type), master.airline_id, event, type);
      if (sender === null) return null;
      const body = await new HouseWaybillsService(db).houseCimp(auth, master.id, house.id);
      return {
        event,
        messageType: type,
        senderCompanyId: sender,
        body,
        subject: `FHL ${master.mawb}/${house.serial_number}`,
        ...waybillTelegram(master),
        houseWaybillId: house.id,
        sourceId: `house_waybill:${house.id}`,
        userId,
      };
    }
    case 'status_changed': {
      const found = await repo.movementWithWaybill(db, recordId);
      if (!found) return null;
      const { movement, waybill } = found;
      const sender = await heard(db, await senderFor(db, waybill.airline_id, type), waybill.airline_id, event, type);
      if (sender === null) return null;
      const body = fsuOf(waybill, movement);
      if (body === null) return null;
      return {
        event,
        messageType: type,
        senderCompanyId: sender,
        body,
        subject: `FSU/${movement.status_code} ${waybill.mawb}`,
        ...waybillTelegram(waybill),
        sourceId: `awb_movement:${movement.id}`,
        userId,
      };
    }
  }
}

const EVENTS = new Set<string>(Object.keys(MESSAGE_OF_EVENT));

/**
 * Runs one `telegram.produce` job: builds the telegram and emits it through the message settings, marking the job
 * produced in the same transaction. Answers how many messages were written.
 */
export async function produceTelegram(
  db: Db,
  job: { id: number; payload: Record<string, unknown> },
  log?: JobLogger,
): Promise<number> {
  const { event, record_id: recordId, user_id: userId, produced } = job.payload;
  if (produced === true || typeof event !== 'string' || !EVENTS.has(event)) return 0;
  let telegram: OutgoingTelegram | null;
  try {
    telegram = await buildAutomatic(
      db,
      event as TelegramEvent,
      Number(recordId),
      userId === null || userId === undefined ? null : Number(userId),
    );
  } catch (error) {
    if (!cannotBuild(error)) throw error;
    log?.info({ job: job.id, event, record: recordId, reason: error.message }, 'no telegram: the data makes none');
    return 0;
  }
  if (!telegram) return 0;
  const t = telegram;
  return inTransaction(db, async (tx) => {
    if (!(await repo.markProduced(tx, job.id))) return 0;
    return (await emitTelegram(tx, t)).ids.length;
  });
}

export function telegramProducerJobs(deps: { db: Db }): JobHandlers {
  return {
    [TELEGRAM_PRODUCE_JOB]: async (payload, { job, log }) => {
      await produceTelegram(deps.db, { id: job.id, payload }, log);
    },
  };
}

/**
 * The seam for the documents of flight operations (FBL, FFM, UWS, CSN, ACI, PLACI): call it in the transaction that
 * finalises the document, with its text. It writes the outgoing messages of the flight's carrier's message settings for
 * event `flight_document` and the type (the outbox: delivered after the commit, nothing when the transaction rolls
 * back). The sender is the flight's airline when it is an active airline company and airlines may send the type, else
 * the platform company; a type no company type may send (SENDABLE_TELEGRAM_TYPES: today FBL, UWS, ACI and PLACI)
 * writes nothing. 404 for an unknown flight.
 */
export async function emitFlightDocument(
  tx: Db,
  doc: { type: FlightDocumentType; flightId: number; body: string; userId: number | null },
): Promise<{ ids: number[] }> {
  const flight = await repo.flightById(tx, doc.flightId);
  if (!flight) throw notFound(message('flightNotFound'));
  const sender = await senderFor(tx, flight.airline_id, doc.type);
  if (sender === null) return { ids: [] };
  const route = flight.origin && flight.destination ? ` ${flight.origin}-${flight.destination}` : '';
  return emitTelegram(tx, {
    event: 'flight_document',
    messageType: doc.type,
    senderCompanyId: sender,
    airlineId: flight.airline_id,
    body: doc.body,
    subject: `${doc.type} ${flight.carrier}${flight.number}/${dayMonth(flight.flight_date)}`,
    origin: flight.origin,
    destination: flight.destination,
    segment: `${flight.carrier} ${flight.number}/${dayMonth(flight.flight_date)}${route}`,
    flightId: flight.id,
    sourceId: `flight:${flight.id}`,
    userId: doc.userId,
  });
}

/** The AWB number a Cargo-IMP message is about, when it names one. */
function awbOf(m: AnyMessage | null): string | null {
  if (!m || typeof m !== 'object') return null;
  const any = m as { awb?: unknown; master?: { awb?: unknown }; consignment?: { awb?: unknown } };
  const awb = any.awb ?? any.master?.awb ?? any.consignment?.awb;
  return typeof awb === 'string' ? awb : null;
}

function issueOf(i: { line: number; column: number; code: string; severity: 'error' | 'warning'; text: string }) {
  return { line: i.line, column: i.column, code: i.code, severity: i.severity, text: i.text } satisfies CimpIssue;
}

export class TelegramProducersService {
  private readonly houses: HouseWaybillsService;

  constructor(private readonly db: Db) {
    this.houses = new HouseWaybillsService(db);
  }

  private async present(ids: readonly number[]): Promise<OutgoingMessageSummary[]> {
    return outgoingSummaries(this.db, ids);
  }

  private async visibleWaybill(auth: AuthContext, ref: AwbRef): Promise<repo.WaybillRow> {
    const w = await repo.waybillByRef(this.db, visibleWaybillsWhere(auth), ref);
    if (!w) throw shipmentNotFound();
    return w;
  }

  /** POST /air_waybills/:id/send_fwb. */
  async sendFwb(auth: AuthContext, ref: AwbRef, body: SendFwbBody): Promise<SentMessages> {
    checkSendable(auth, 'FWB');
    if (body.with_houses) checkSendable(auth, 'FHL');
    const w = await this.visibleWaybill(auth, ref);
    const fwb = await this.houses.fwb(auth, w.id);
    const houses = body.with_houses ? await repo.houseIdsOf(this.db, w.id) : [];
    const fhls: { id: number; text: string }[] = [];
    for (const id of houses) fhls.push({ id, text: await this.houses.houseCimp(auth, w.id, id) });
    const sender = await callerCompany(this.db, auth, 'FWB');
    const explicit = { channel: body.channel, addresses: body.addresses };
    const ids = await inTransaction(this.db, async (tx) => {
      const out: number[] = [];
      const sent = await emitTelegram(tx, {
        event: 'manual',
        messageType: 'FWB',
        senderCompanyId: sender,
        body: fwb,
        subject: `FWB ${w.mawb}`,
        ...waybillTelegram(w),
        sourceId: `air_waybill:${w.id}`,
        userId: auth.userId,
        explicit,
      });
      out.push(...sent.ids);
      for (const h of fhls) {
        const fhl = await emitTelegram(tx, {
          event: 'manual',
          messageType: 'FHL',
          senderCompanyId: sender,
          body: h.text,
          subject: `FHL ${w.mawb}`,
          ...waybillTelegram(w),
          houseWaybillId: h.id,
          sourceId: `house_waybill:${h.id}`,
          userId: auth.userId,
          explicit,
        });
        out.push(...fhl.ids);
      }
      return out;
    });
    return { data: await this.present(ids) };
  }

  /**
   * POST /air_waybills/fwb_list: each number answered on its own; the FWBs of the accepted numbers are written in one
   * transaction (all or, when the write fails, none).
   */
  async fwbList(auth: AuthContext, body: FwbListBody): Promise<FwbListResponse> {
    checkSendable(auth, 'FWB');
    const refuse = (mawb: string, key: MessageKey, params: MessageParams = {}, id: number | null = null) => {
      const m = { key, params };
      return {
        mawb,
        air_waybill_id: id,
        status: 'refused' as const,
        message_ids: [],
        error: renderMessage(m),
        error_key: m,
      };
    };
    const given = [...new Set(body.mawbs.filter((m) => m.length > 0))];
    const numbers = new Map<string, string>();
    for (const g of given) {
      const parsed = awbNumber.safeParse(g);
      if (parsed.success) numbers.set(g, parsed.data);
    }
    const rows = await repo.waybillsByMawb(this.db, visibleWaybillsWhere(auth), [...new Set(numbers.values())]);
    const results: FwbListResult[] = [];
    const pending: { index: number; w: repo.WaybillRow; text: string }[] = [];
    const seen = new Set<string>();
    for (const g of given) {
      const mawb = numbers.get(g);
      if (!mawb) {
        results.push(refuse(g, 'awbPattern'));
        continue;
      }
      // The same number written twice (with and without the dash) is answered once.
      if (seen.has(mawb)) continue;
      seen.add(mawb);
      const w = rows.get(mawb);
      if (!w) {
        results.push(refuse(g, 'shipmentNotFound'));
        continue;
      }
      try {
        const text = await this.houses.fwb(auth, w.id);
        pending.push({ index: results.length, w, text });
        results.push({
          mawb: g,
          air_waybill_id: w.id,
          status: 'queued',
          message_ids: [],
          error: null,
          error_key: null,
        });
      } catch (error) {
        if (!cannotBuild(error)) throw error;
        const key = error.messageKey;
        results.push(key ? refuse(g, key.key, key.params, w.id) : refuse(g, 'required', {}, w.id));
      }
    }
    if (pending.length > 0) {
      const sender = await callerCompany(this.db, auth, 'FWB');
      await inTransaction(this.db, async (tx) => {
        for (const p of pending) {
          const sent = await emitTelegram(tx, {
            event: 'manual',
            messageType: 'FWB',
            senderCompanyId: sender,
            body: p.text,
            subject: `FWB ${p.w.mawb}`,
            ...waybillTelegram(p.w),
            sourceId: `air_waybill:${p.w.id}`,
            userId: auth.userId,
            explicit: { channel: body.channel, addresses: body.addresses },
          });
          (results[p.index] as FwbListResult).message_ids = sent.ids;
        }
      });
    }
    return {
      results,
      queued: results.filter((r) => r.status === 'queued').length,
      refused: results.filter((r) => r.status === 'refused').length,
    };
  }

  /** POST /house_waybills/:id/send_fhl. */
  async sendFhl(auth: AuthContext, houseId: number, body: SendFhlBody): Promise<SentMessages> {
    checkSendable(auth, 'FHL');
    const found = await repo.houseWithMaster(this.db, visibleWaybillsWhere(auth), houseId);
    if (!found) throw notFound(message('houseWaybillNotFound'));
    const { house, master } = found;
    const text = await this.houses.houseCimp(auth, master.id, house.id);
    const sender = await callerCompany(this.db, auth, 'FHL');
    const { ids } = await inTransaction(this.db, (tx) =>
      emitTelegram(tx, {
        event: 'manual',
        messageType: 'FHL',
        senderCompanyId: sender,
        body: text,
        subject: `FHL ${master.mawb}/${house.serial_number}`,
        ...waybillTelegram(master),
        houseWaybillId: house.id,
        sourceId: `house_waybill:${house.id}`,
        userId: auth.userId,
        explicit: { channel: body.channel, addresses: body.addresses },
      }),
    );
    return { data: await this.present(ids) };
  }

  /** GET /air_waybills/:id/outgoing_messages: whoever sees the waybill sees its messages. */
  async outgoingMessages(auth: AuthContext, ref: AwbRef, query: WaybillOutgoingQuery) {
    const w = await this.visibleWaybill(auth, ref);
    return waybillOutgoingMessages(this.db, w.id, query);
  }

  /**
   * POST /cimp_messages/send: the text is parsed; any error refuses it (422 "CIMP has errors" with the findings per
   * line); a type that is not an outgoing telegram type is refused (422); a type the caller's company type may not send
   * is 403. The text goes out as given (without a Type B envelope it may have carried: the channel adds its own).
   */
  async sendCimp(auth: AuthContext, body: CimpSendBody): Promise<CimpSendResult> {
    const parsed = parse(body.body);
    const issues = parsed.issues.map(issueOf);
    if (parsed.type === null || issues.some((i) => i.severity === 'error')) {
      const m = message('cimpHasErrors');
      throw new AppError(422, 'ValidationFailed', m, { body: [m] }, { issues });
    }
    const type = parsed.type as string;
    if (!(OUTGOING_TELEGRAM_TYPES as readonly string[]).includes(type)) {
      const m = message('cimpTypeNotSendable', { types: SENDABLE_TELEGRAM_TYPES[auth.companyType].join(', ') });
      throw validation({ body: [m] }, m);
    }
    const messageType = type as OutgoingTelegramType;
    checkSendable(auth, messageType);
    const text = (parsed.envelope ? unwrap(body.body).body : body.body).trim();
    const awb = awbOf(parsed.message);
    const w = awb ? await repo.waybillsByMawb(this.db, visibleWaybillsWhere(auth), [awb]) : null;
    const waybill = awb ? (w?.get(awb) ?? null) : null;
    const airlineId = auth.companyType === 'airline' ? auth.companyId : (waybill?.airline_id ?? null);
    const sender = await callerCompany(this.db, auth, messageType);
    const { ids } = await inTransaction(this.db, (tx) =>
      emitTelegram(tx, {
        event: 'manual',
        messageType,
        senderCompanyId: sender,
        airlineId,
        body: text,
        subject: awb ? `${messageType} ${awb}` : messageType,
        origin: waybill?.origin_iata ?? null,
        destination: waybill?.destination_iata ?? null,
        segment: waybill ? segmentOf(waybill.route_data) : null,
        airWaybillId: waybill?.id ?? null,
        sourceId: waybill ? `air_waybill:${waybill.id}` : null,
        userId: auth.userId,
        explicit: { channel: body.channel, addresses: body.addresses },
      }),
    );
    return {
      message_type: messageType,
      version: parsed.version,
      issues,
      data: await this.present(ids),
    };
  }
}
