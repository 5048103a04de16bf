import type { AwbRef } from '@aircargo/contract/air-waybills';
import type { Movement, MovementCreate, MovementList, Tracking } from '@aircargo/contract/movements';
import { localToUtc, TimeZoneError } from '@aircargo/domain/time';
import type { AuthContext } from '../../platform/auth';
import { type ChangeLogRow, type ChangeSet, changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { forbidden, message, notFound, validation } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { waybillScope } from '../air-waybills/air-waybills.policy';
import { produceTelegrams } from '../telegram-producers/telegram-producers.hooks';
import { refreshWaybillAlerts } from '../waybill-lifecycle/waybill-lifecycle.service';
import { presentMovement, presentTracking } from './movements.presenter';
import * as repo from './movements.repository';

/**
 * Movements of an air waybill (issue 12 item 5): FSU status events at an airport, entered in the airport's local time
 * and stored with the UTC instant of its IANA zone. Only the airline owning the waybill and the platform record or
 * deactivate them (a forwarder is refused, 403); every reader of the waybill reads them. DELETE deactivates: the row
 * stays as history. The waybill's flags follow the events (DEP departed and departed_at, the first departure; DLV
 * delivered and delivered_at) and are taken back when the last active event that set them is deactivated. An active
 * DIS event is an alert of the waybill (dis_status), so the warning flag follows the alerts (waybill-lifecycle's
 * refreshWaybillAlerts, called after every change). Every change is in the change log, with the waybill's flags.
 */

const shipmentNotFound = () => notFound(message('shipmentNotFound'));

const FLAGS = ['departed', 'departed_at', 'delivered', 'delivered_at', 'warning'] as const;
const MOVEMENT_LOGGED = [
  'location_iata',
  'status_code',
  'time_local',
  'time_utc',
  'pieces',
  'weight',
  'volume',
  'uld',
  'deactivated',
] as const;

type Flags = repo.WaybillFlags;

const flagsOf = (w: Flags): Flags => ({
  departed: w.departed,
  departed_at: w.departed_at,
  delivered: w.delivered,
  delivered_at: w.delivered_at,
  warning: w.warning,
});

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

function loggedFlags(f: Flags): Record<(typeof FLAGS)[number], unknown> {
  return {
    departed: f.departed,
    departed_at: f.departed_at?.toISOString() ?? null,
    delivered: f.delivered,
    delivered_at: f.delivered_at?.toISOString() ?? null,
    warning: f.warning,
  };
}

function loggedMovement(m: repo.MovementRow): Record<(typeof MOVEMENT_LOGGED)[number], unknown> {
  return {
    location_iata: m.location_iata,
    status_code: m.status_code,
    time_local: m.time_local,
    time_utc: m.time_utc.toISOString(),
    pieces: m.pieces,
    weight: m.weight === null ? null : Number(m.weight),
    volume: m.volume === null ? null : Number(m.volume),
    uld: m.uld,
    deactivated: m.deactivated,
  };
}

/** The flags after a new active event. */
export function flagsAfterEvent(f: Flags, code: string, at: Date): Flags {
  const next = { ...f };
  if (code === 'DEP') {
    next.departed = true;
    if (!next.departed_at || at < next.departed_at) next.departed_at = at;
  } else if (code === 'DLV') {
    next.delivered = true;
    next.delivered_at ??= at;
  }
  return next;
}

/**
 * The flags after the event `gone` is deactivated, given the events still active: a flag the event set (its time is
 * the flag's time) moves to the next remaining event of its code, or is taken back when none remains.
 */
export function flagsAfterDeactivation(
  f: Flags,
  gone: { status_code: string; time_utc: Date },
  active: readonly { status_code: string; time_utc: Date }[],
): Flags {
  const next = { ...f };
  const times = (code: string) => active.filter((m) => m.status_code === code).map((m) => m.time_utc);
  if (gone.status_code === 'DEP' && sameTime(f.departed_at, gone.time_utc)) {
    const left = times('DEP').sort((a, b) => a.getTime() - b.getTime());
    next.departed = left.length > 0;
    next.departed_at = left[0] ?? null;
  } else if (gone.status_code === 'DLV' && sameTime(f.delivered_at, gone.time_utc)) {
    const left = times('DLV').sort((a, b) => a.getTime() - b.getTime());
    next.delivered = left.length > 0;
    next.delivered_at = left[0] ?? null;
  }
  return next;
}

export class MovementsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(auth: AuthContext, ref: AwbRef): Promise<MovementList> {
    const w = await repo.findVisibleWaybill(this.db, auth, ref);
    if (!w) throw shipmentNotFound();
    return { data: (await repo.listMovements(this.db, w.id)).map(presentMovement) };
  }

  /** Only the airline side and the platform record movements. */
  private checkRecorder(auth: AuthContext): void {
    const scope = waybillScope(auth);
    if (scope.kind !== 'all' && scope.kind !== 'airline') throw forbidden(message('movementAirlineOnly'));
  }

  /** The waybill a movement is recorded on: visible to the caller (else 404), the caller on the airline side (403). */
  private async lockedWaybill(tx: Db, auth: AuthContext, ref: AwbRef): Promise<repo.WaybillRow> {
    const w = await repo.findVisibleWaybill(tx, auth, ref, { lock: true });
    if (!w) throw shipmentNotFound();
    this.checkRecorder(auth);
    if (w.voided) throw validation({}, message('shipmentVoided'));
    return w;
  }

  async create(auth: AuthContext, ref: AwbRef, input: MovementCreate): Promise<Movement> {
    return inTransaction(this.db, async (tx) => {
      const w = await this.lockedWaybill(tx, auth, ref);
      const zone = await repo.airportZone(tx, input.location_iata);
      if (!zone) throw validation({ location_iata: [message('airportNotFound')] }, message('airportNotFound'));
      const local = input.time_local.slice(0, 16);
      const utc = toUtc(local, zone);
      const row = await repo.insertMovement(tx, {
        air_waybill_id: w.id,
        location_iata: input.location_iata,
        status_code: input.status_code,
        time_local: local,
        time_utc: utc,
        pieces: input.pieces ?? null,
        weight: input.weight == null ? null : input.weight.toFixed(3),
        volume: input.volume == null ? null : input.volume.toFixed(3),
        uld: input.uld ?? null,
        created_by: auth.userId,
      });
      const before = flagsOf(w);
      const after = flagsAfterEvent(before, row.status_code, row.time_utc);
      await this.saveFlags(tx, auth, w.id, before, after, [
        this.movementLog(auth, row.id, changeSetOf(null, loggedMovement(row), MOVEMENT_LOGGED)),
      ]);
      await refreshWaybillAlerts(tx, { waybillId: w.id, userId: auth.userId, now: this.clock.now() });
      await produceTelegrams(tx, 'status_changed', row.id, auth.userId);
      return presentMovement({ ...row, timezone: zone });
    });
  }

  async deactivate(auth: AuthContext, ref: AwbRef, movementId: number): Promise<Movement> {
    return inTransaction(this.db, async (tx) => {
      const w = await this.lockedWaybill(tx, auth, ref);
      const m = await repo.findMovement(tx, w.id, movementId);
      if (!m) throw notFound(message('movementNotFound'));
      if (m.deactivated) return presentMovement(m);
      await repo.deactivateMovement(tx, m.id);
      const active = await repo.listMovements(tx, w.id, true);
      const before = flagsOf(w);
      const after = flagsAfterDeactivation(before, m, active);
      await this.saveFlags(tx, auth, w.id, before, after, [
        this.movementLog(auth, m.id, { deactivated: [false, true] }),
      ]);
      await refreshWaybillAlerts(tx, { waybillId: w.id, userId: auth.userId, now: this.clock.now() });
      return presentMovement({ ...m, deactivated: true });
    });
  }

  private movementLog(auth: AuthContext, id: number, changeSet: ChangeSet): ChangeLogRow {
    return { record_type: 'awb_movement', record_id: id, channel: 'web', user_id: auth.userId, change_set: changeSet };
  }

  /** Writes the flags when they changed, and the change log rows (the movement's and the waybill's flags). */
  private async saveFlags(
    tx: Db,
    auth: AuthContext,
    waybillId: number,
    before: Flags,
    after: Flags,
    logs: ChangeLogRow[],
  ): Promise<void> {
    const changes = changeSetOf(loggedFlags(before), loggedFlags(after), FLAGS);
    if (Object.keys(changes).length > 0) {
      await repo.setFlags(tx, waybillId, after, this.clock.now());
      logs.push({
        record_type: 'air_waybill',
        record_id: waybillId,
        channel: 'web',
        user_id: auth.userId,
        change_set: changes,
      });
    }
    await writeChangeLogs(tx, logs);
  }

  /** Public tracking by number: a voided or unknown number is not found. */
  async tracking(mawb: string): Promise<Tracking> {
    const number = mawb.includes('-') ? mawb : `${mawb.slice(0, 3)}-${mawb.slice(3)}`;
    const w = await repo.findByMawb(this.db, number);
    if (!w || w.voided) throw shipmentNotFound();
    return presentTracking(w, await repo.listMovements(this.db, w.id, true));
  }
}

/** The UTC instant of a wall-clock time at the airport; a time the clocks skip there, or no such date, is refused. */
function toUtc(local: string, zone: string): Date {
  const asUtc = new Date(`${local}:00Z`);
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 16) !== local) {
    throw validation({ time_local: [message('invalidFormat')] }, message('invalidFormat'));
  }
  try {
    return new Date(localToUtc(local, zone, { gap: 'reject', overlap: 'earlier' }));
  } catch (error) {
    if (error instanceof TimeZoneError && error.reason === 'gap') {
      const m = message('localTimeInGap', { time: local, zone });
      throw validation({ time_local: [m] }, m);
    }
    throw error;
  }
}
