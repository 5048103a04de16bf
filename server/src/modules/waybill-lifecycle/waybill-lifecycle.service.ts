import type { PaginationMeta } from '@aircargo/contract/common';
import type { MessageKey } from '@aircargo/contract/messages';
import { renderMessage } from '@aircargo/contract/messages';
import type {
  AwbAlert,
  DifferenceField,
  FieldDifference,
  VerificationMovementDifference,
  VoidPayment,
  VoidRequest,
  VoidRequestCreate,
  VoidRequestResolve,
  VoidRequestsQuery,
  WaybillLifecycleState,
  WaybillRef,
  WaybillVoid,
  WaybillVoidCancel,
  WaybillVoidPayment,
} from '@aircargo/contract/waybill-lifecycle';
import { DIFFERENCE_FIELDS } from '@aircargo/contract/waybill-lifecycle';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth';
import { type ChangeChannel, changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, forbidden, message, notFound } from '../../platform/errors';
import { offsetOf, pageMeta } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';
import { numberStatus, useNumber, voidNumber } from '../stocks/stocks.service';
import { produceTelegrams } from '../telegram-producers/telegram-producers.hooks';
import { alertCodes } from './waybill-lifecycle.alerts';
import { ALERT_MESSAGES, presentAlert, presentState, presentVoidRequest } from './waybill-lifecycle.presenter';
import * as repo from './waybill-lifecycle.repository';

/**
 * The air waybill lifecycle (seed 000 section 4; issue 12 item 3). Each transition locks the waybill row, refuses a
 * wrong state with a 422 naming it, sets the flags and their dates, bumps `row_version`, brings the alerts (and the
 * `warning` flag) up to date and writes the change log, all in one transaction.
 *
 * States: issue needs a waybill neither voided nor issued; cancel issue an issued one not yet delivered or verified;
 * verify and deliver an issued one; void anything not voided and not delivered; cancel void a voided one (the number
 * stays voided in the stock: no other waybill ever gets it). Void requests: one open (requested) request per waybill,
 * made by the waybill's forwarder, withdrawn by its requester while open, accepted (voiding the waybill) or declined by
 * the waybill's airline.
 */

const waybillNotFound = () => notFound(message('shipmentNotFound'));
const requestNotFound = () => notFound(message('voidRequestNotFound'));

/** A refusal of a transition from the waybill's current state. */
const wrongState = (key: MessageKey, params: Record<string, string> = {}) =>
  new AppError(422, 'ValidationFailed', message(key, params), { state: [message(key, params)] });

/** The fields a lifecycle change log row records. */
const LOGGED = [
  'issued',
  'verified',
  'delivered',
  'voided',
  'warning',
  'void_payment',
  'void_reason',
  'void_cancel_reason',
  'issued_at',
  'verified_at',
  'delivered_at',
  'voided_at',
  'issue_date',
] as const;

const REQUEST_LOGGED = ['status', 'reason', 'resolve_reason', 'payment_needed', 'air_waybill_id'] as const;

type Logged = Record<(typeof LOGGED)[number], unknown>;

function loggedOf(w: repo.WaybillRow): Logged {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    issued: w.issued,
    verified: w.verified,
    delivered: w.delivered,
    voided: w.voided,
    warning: w.warning,
    void_payment: w.void_payment,
    void_reason: w.void_reason,
    void_cancel_reason: w.void_cancel_reason,
    issued_at: iso(w.issued_at),
    verified_at: iso(w.verified_at),
    delivered_at: iso(w.delivered_at),
    voided_at: iso(w.voided_at),
    issue_date: w.issue_date,
  };
}

/** Numbers compared to the thousandth (weights numeric(12,3)); the difference rounded likewise. */
const thousandths = (n: number) => Math.round(n * 1000);

/**
 * Brings the waybill's alert rows up to what the rules say now: new warnings are raised, warnings that no longer
 * apply go (a dismissed one too, so it is raised again should it come back), dismissed ones that still apply stay
 * dismissed. Answers the warning flag: true iff an alert is not dismissed.
 */
async function syncAlerts(tx: Db, w: repo.WaybillRow): Promise<boolean> {
  const facts = await repo.alertFacts(tx, w);
  const wanted = new Set(
    alertCodes({
      issued: w.issued,
      voided: w.voided,
      weight: w.weight,
      shcs: w.shcs,
      forwarderAccount: w.forwarder_account,
      ...facts,
    }),
  );
  const current = await repo.alertsOf(tx, w.id);
  const have = new Set(current.map((a) => a.code));
  await repo.deleteAlerts(
    tx,
    current.filter((a) => !wanted.has(a.code as never)).map((a) => a.id),
  );
  await repo.insertAlerts(
    tx,
    [...wanted]
      .filter((code) => !have.has(code))
      .map((code) => ({
        air_waybill_id: w.id,
        code,
        text: renderMessage({ key: ALERT_MESSAGES[code], params: {} }),
      })),
  );
  return [...wanted].some((code) => !current.some((a) => a.code === code && a.dismissed_at !== null));
}

/**
 * Brings a waybill's alerts and its warning flag up to date inside the caller's transaction, after a change another
 * module made to what the alert rules read (its weight, SHCs, agent account, bookings, legs or segments). The caller has
 * checked the waybill is the caller's to change. A changed flag is a change of the waybill: new row version and a
 * change log row.
 */
export async function refreshWaybillAlerts(
  tx: Db,
  v: { waybillId: number; userId: number | null; now: Date; channel?: ChangeChannel; created?: boolean },
): Promise<boolean> {
  const w = await repo.findWaybill(tx, sql`true`, v.waybillId, true);
  if (!w) throw waybillNotFound();
  const warning = await syncAlerts(tx, w);
  // In the transaction that created the waybill the flag belongs to its first version (its change log row is written).
  if (v.created) {
    if (warning !== w.warning) await repo.setNewWaybillWarning(tx, w.id, warning);
  } else if (warning !== w.warning) {
    const after = await repo.updateWaybill(tx, w.id, { warning }, v.now);
    await writeChangeLogs(tx, [
      {
        record_type: 'air_waybill',
        record_id: w.id,
        channel: v.channel ?? 'web',
        user_id: v.userId,
        change_set: changeSetOf<Record<string, unknown>>(loggedOf(w), loggedOf(after), LOGGED),
      },
    ]);
  }
  return warning;
}

export class WaybillLifecycleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  // Transitions.

  async issue(auth: AuthContext, ref: WaybillRef): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (tx, w, now) => {
      if (w.voided) throw wrongState('waybillVoided');
      if (w.issued) throw wrongState('waybillAlreadyIssued');
      // The number counts as used once its waybill is issued; a restored (void-cancelled) waybill's number stays voided.
      if ((await numberStatus(tx, w.prefix, w.serial)) !== 'voided') {
        await useNumber(tx, {
          airlineId: w.airline_id,
          prefix: w.prefix,
          serial: w.serial,
          forwarderId: w.forwarder_id,
        });
      }
      await produceTelegrams(tx, 'awb_changed', w.id, auth.userId);
      return { issued: true, issued_at: now, issue_date: w.issue_date ?? now.toISOString().slice(0, 10) };
    });
  }

  async cancelIssue(auth: AuthContext, ref: WaybillRef): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w) => {
      if (w.voided) throw wrongState('waybillVoided');
      if (!w.issued) throw wrongState('waybillNotIssued');
      if (w.delivered || w.verified) throw wrongState('waybillIssueLocked');
      return { issued: false, issued_at: null };
    });
  }

  async verify(auth: AuthContext, ref: WaybillRef): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w, now) => {
      if (w.voided) throw wrongState('waybillVoided');
      if (!w.issued) throw wrongState('waybillNotIssued');
      if (w.verified) throw wrongState('waybillAlreadyVerified');
      return { verified: true, verified_at: now };
    });
  }

  async cancelVerify(auth: AuthContext, ref: WaybillRef): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w) => {
      if (w.voided) throw wrongState('waybillVoided');
      if (!w.verified) throw wrongState('waybillNotVerified');
      return { verified: false, verified_at: null };
    });
  }

  async deliver(auth: AuthContext, ref: WaybillRef): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w, now) => {
      if (w.voided) throw wrongState('waybillVoided');
      if (!w.issued) throw wrongState('waybillNotIssued');
      if (w.delivered) throw wrongState('waybillAlreadyDelivered');
      return { delivered: true, delivered_at: now };
    });
  }

  /**
   * Void: the waybill is voided and its number blocked for good in the stock. A void request still open on it is
   * answered by the void (accepted, with the void's reason and payment).
   */
  async void(auth: AuthContext, ref: WaybillRef, input: WaybillVoid): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (tx, w, now) => {
      await this.voidInside(tx, w);
      const open = await repo.openRequestOf(tx, w.id);
      if (open) {
        await this.resolveInside(tx, auth, open.id, {
          status: 'accepted',
          resolve_reason: input.reason,
          payment_needed: input.void_payment === 'required',
          now,
        });
      }
      return this.voidPatch(input.void_payment, input.reason, now);
    });
  }

  async voidPayment(auth: AuthContext, ref: WaybillRef, input: WaybillVoidPayment): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w) => {
      if (!w.voided) throw wrongState('waybillNotVoided');
      return { void_payment: input.void_payment };
    });
  }

  /** Cancel void: the waybill is restored; its number stays voided in the stock, so no other waybill can take it. */
  async cancelVoid(auth: AuthContext, ref: WaybillRef, input: WaybillVoidCancel): Promise<WaybillLifecycleState> {
    return this.transition(auth, ref, async (_tx, w) => {
      if (!w.voided) throw wrongState('waybillNotVoided');
      return { voided: false, void_payment: null, voided_at: null, void_cancel_reason: input.cancel_reason };
    });
  }

  /** Refuses a waybill that cannot be voided, else blocks its number in the stock for good. */
  private async voidInside(tx: Db, w: repo.WaybillRow): Promise<void> {
    if (w.voided) throw wrongState('waybillAlreadyVoided');
    if (w.delivered) throw wrongState('waybillDeliveredNoVoid');
    await voidNumber(tx, { airlineId: w.airline_id, prefix: w.prefix, serial: w.serial });
  }

  private voidPatch(payment: VoidPayment, reason: string, now: Date): repo.WaybillPatch {
    return { voided: true, void_payment: payment, void_reason: reason, voided_at: now, void_cancel_reason: null };
  }

  /**
   * One transition: lock the waybill within the caller's scope (another company's is not found), let `change` refuse
   * or answer the patch, then write it with a new row version, the alerts and the change log.
   */
  private async transition(
    auth: AuthContext,
    ref: WaybillRef,
    change: (tx: Db, w: repo.WaybillRow, now: Date) => Promise<repo.WaybillPatch>,
    channel: ChangeChannel = 'web',
  ): Promise<WaybillLifecycleState> {
    return inTransaction(this.db, async (tx) => {
      const w = await repo.findWaybill(tx, visibleWaybillsWhere(auth), ref, true);
      if (!w) throw waybillNotFound();
      const now = this.clock.now();
      const patch = await change(tx, w, now);
      const after = await this.write(tx, auth, w, patch, now, channel);
      return presentState(after);
    });
  }

  /** Writes a patch with its alerts and warning flag, and the change log row. */
  private async write(
    tx: Db,
    auth: AuthContext,
    w: repo.WaybillRow,
    patch: repo.WaybillPatch,
    now: Date,
    channel: ChangeChannel,
  ): Promise<repo.WaybillRow> {
    const warning = await syncAlerts(tx, { ...w, ...patch } as repo.WaybillRow);
    const after = await repo.updateWaybill(tx, w.id, { ...patch, warning }, now);
    await writeChangeLogs(tx, [
      {
        record_type: 'air_waybill',
        record_id: w.id,
        channel,
        user_id: auth.userId,
        change_set: changeSetOf<Record<string, unknown>>(loggedOf(w), loggedOf(after), LOGGED),
      },
    ]);
    return after;
  }

  // Verification against the movements.

  async verificationDifference(auth: AuthContext, ref: WaybillRef): Promise<VerificationMovementDifference> {
    const w = await repo.findWaybill(this.db, visibleWaybillsWhere(auth), ref);
    if (!w) throw waybillNotFound();
    const own: Record<DifferenceField, number> = {
      pieces: w.pieces,
      weight: Number(w.weight),
      volume: Number(w.volume),
    };
    const fields: FieldDifference[] = [];
    for (const field of DIFFERENCE_FIELDS) {
      const report = await repo.latestMovementReporting(this.db, w.id, field);
      const moved = report && report.value !== null ? Number(report.value) : null;
      const difference = moved === null ? null : (thousandths(moved) - thousandths(own[field])) / 1000;
      fields.push({
        field,
        air_waybill: own[field],
        movement: moved,
        difference,
        differs: difference !== null && difference !== 0,
        movement_id: report?.id ?? null,
        status_code: report?.status_code ?? null,
        location_iata: report?.location_iata ?? null,
        time_utc: report ? report.time_utc.toISOString() : null,
      });
    }
    return { air_waybill_id: w.id, mawb: w.mawb, fields, differs: fields.some((f) => f.differs) };
  }

  // Alerts.

  async alerts(auth: AuthContext, ref: WaybillRef): Promise<{ data: AwbAlert[] }> {
    const w = await repo.findWaybill(this.db, visibleWaybillsWhere(auth), ref);
    if (!w) throw waybillNotFound();
    const rows = await repo.alertsOf(this.db, w.id);
    return { data: rows.filter((a) => a.dismissed_at === null).map(presentAlert) };
  }

  /** Dismisses an alert; the warning flag goes down with the last one (the rules are judged afresh meanwhile). */
  async dismissAlert(auth: AuthContext, ref: WaybillRef, alertId: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const w = await repo.findWaybill(tx, visibleWaybillsWhere(auth), ref, true);
      if (!w) throw waybillNotFound();
      const now = this.clock.now();
      const dismissed = await repo.dismissAlert(tx, w.id, alertId, now);
      if (!dismissed) throw notFound(message('alertNotFound'));
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_alert',
          record_id: alertId,
          channel: 'web',
          user_id: auth.userId,
          change_set: { dismissed_at: [null, now.toISOString()] },
        },
      ]);
      await refreshWaybillAlerts(tx, { waybillId: w.id, userId: auth.userId, now });
    });
  }

  // Void requests.

  async listRequests(
    auth: AuthContext,
    query: VoidRequestsQuery,
  ): Promise<{ data: VoidRequest[]; meta: PaginationMeta }> {
    const { rows, total } = await repo.listRequests(this.db, visibleWaybillsWhere(auth), query, {
      limit: query.per_page,
      offset: offsetOf(query),
    });
    return { data: rows.map(presentVoidRequest), meta: pageMeta(query, total) };
  }

  async requestsOf(auth: AuthContext, ref: WaybillRef): Promise<{ data: VoidRequest[] }> {
    const w = await repo.findWaybill(this.db, visibleWaybillsWhere(auth), ref);
    if (!w) throw waybillNotFound();
    return { data: (await repo.requestsOfWaybill(this.db, w.id)).map(presentVoidRequest) };
  }

  private async request(db: Db, auth: AuthContext, id: number): Promise<VoidRequest> {
    const row = await repo.findRequest(db, visibleWaybillsWhere(auth), id);
    if (!row) throw requestNotFound();
    return presentVoidRequest(row);
  }

  /** A forwarder asks the airline to void its waybill: one open request at a time, never for a voided waybill. */
  async createRequest(auth: AuthContext, ref: WaybillRef, input: VoidRequestCreate): Promise<VoidRequest> {
    const id = await inTransaction(this.db, async (tx) => {
      const w = await repo.findWaybill(tx, visibleWaybillsWhere(auth), ref, true);
      if (!w) throw waybillNotFound();
      if (auth.companyType !== 'forwarder' && auth.companyType !== 'platform') {
        throw forbidden(message('voidRequestByForwarder'));
      }
      if (w.voided) throw wrongState('waybillAlreadyVoided');
      if (w.delivered) throw wrongState('waybillDeliveredNoVoid');
      if (await repo.openRequestOf(tx, w.id)) throw exists(message('voidRequestOpen'), 'air_waybill_id');
      const newId = await repo.insertRequest(tx, {
        air_waybill_id: w.id,
        requested_by_company_id: auth.companyId ?? w.forwarder_id,
        requested_by_user_id: auth.userId,
        reason: input.reason,
      });
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_void_request',
          record_id: newId,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf<Record<string, unknown>>(
            null,
            {
              status: 'requested',
              reason: input.reason,
              air_waybill_id: w.id,
              resolve_reason: null,
              payment_needed: null,
            },
            REQUEST_LOGGED,
          ),
        },
      ]);
      return newId;
    });
    return this.request(this.db, auth, id);
  }

  /** The requester withdraws its request while it is open; the request is gone (the change log keeps it). */
  async cancelRequest(auth: AuthContext, id: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.findRequest(tx, visibleWaybillsWhere(auth), id);
      if (!row) throw requestNotFound();
      if (auth.companyType !== 'platform' && row.requested_by_company_id !== auth.companyId) {
        throw forbidden(message('voidRequestByForwarder'));
      }
      const locked = await repo.lockRequest(tx, id);
      if (!locked) throw requestNotFound();
      if (locked.status !== 'requested') throw wrongState('voidRequestNotRequested', { status: locked.status });
      await repo.deleteRequest(tx, id);
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_void_request',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf<Record<string, unknown>>(
            {
              status: row.status,
              reason: row.reason,
              resolve_reason: row.resolve_reason,
              payment_needed: row.payment_needed,
              air_waybill_id: row.air_waybill_id,
            },
            { status: null, reason: null, resolve_reason: null, payment_needed: null, air_waybill_id: null },
            REQUEST_LOGGED,
          ),
        },
      ]);
    });
  }

  /**
   * The airline resolves a request: accept voids the waybill (void_payment required when payment is needed, else
   * not_required; its number blocked for good), decline leaves it as it is. Either way with a reason.
   */
  async resolveRequest(auth: AuthContext, id: number, input: VoidRequestResolve): Promise<VoidRequest> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.findRequest(tx, visibleWaybillsWhere(auth), id);
      if (!row) throw requestNotFound();
      // The waybill first, then the request: the order every transition takes its locks in.
      const w = await repo.findWaybill(tx, visibleWaybillsWhere(auth), row.air_waybill_id, true);
      if (!w) throw requestNotFound();
      const locked = await repo.lockRequest(tx, id);
      if (!locked) throw requestNotFound();
      if (locked.status !== 'requested') throw wrongState('voidRequestNotRequested', { status: locked.status });
      const now = this.clock.now();
      if (input.decision === 'accept') {
        const payment: VoidPayment = input.payment_needed ? 'required' : 'not_required';
        await this.voidInside(tx, w);
        await this.resolveInside(tx, auth, id, {
          status: 'accepted',
          resolve_reason: input.reason,
          payment_needed: input.payment_needed,
          now,
        });
        await this.write(tx, auth, w, this.voidPatch(payment, input.reason, now), now, 'web');
      } else {
        await this.resolveInside(tx, auth, id, {
          status: 'declined',
          resolve_reason: input.reason,
          payment_needed: null,
          now,
        });
      }
    });
    return this.request(this.db, auth, id);
  }

  private async resolveInside(
    tx: Db,
    auth: AuthContext,
    id: number,
    v: { status: 'accepted' | 'declined'; resolve_reason: string; payment_needed: boolean | null; now: Date },
  ): Promise<void> {
    await repo.resolveRequest(tx, id, { ...v, resolved_by: auth.userId });
    await writeChangeLogs(tx, [
      {
        record_type: 'awb_void_request',
        record_id: id,
        channel: 'web',
        user_id: auth.userId,
        change_set: changeSetOf<Record<string, unknown>>(
          { status: 'requested', resolve_reason: null, payment_needed: null },
          { status: v.status, resolve_reason: v.resolve_reason, payment_needed: v.payment_needed },
          ['status', 'resolve_reason', 'payment_needed'],
        ),
      },
    ]);
  }
}
