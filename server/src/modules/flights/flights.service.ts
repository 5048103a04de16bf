import {
  buildFlights,
  type Counts,
  countChanges,
  type DatedLeg,
  flightKey,
  type LegChange,
  type ScheduleDiff,
} from '@aircargo/schedule';
import { type ChangeChannel, type ChangeLogRow, type ChangeSet, writeChangeLogs } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { exists, message } from '../../platform/errors';
import * as store from './flights.store.repository';

export type { ChangeChannel } from '../../platform/change-log';

// ---------------------------------------------------------------------------------------------------------------------
// The schedule store (decision 017): dated legs in, dated legs out. SSIM/SSM/ASM imports and the regular creation of
// the web screen compute a ScheduleDiff with @aircargo/schedule and write it here.

const NUMBER = /^(\d{1,4})([A-Z]?)$/;

/** "1234A" -> 1234 and "A". */
export function splitFlightNumber(number: string): { number: number; suffix: string } {
  const m = NUMBER.exec(number);
  if (!m) throw new Error(`not a flight number: ${number}`);
  return { number: Number(m[1]), suffix: m[2] ?? '' };
}

const numberText = (l: Pick<DatedLeg, 'number' | 'suffix'>) => `${l.number}${l.suffix}`;

/** Stored dated legs (cancelled ones included, canceled: true) of an airline's carrier with flight dates in [from, to]. */
export async function loadDatedLegs(
  db: Db,
  q: { airlineId: number; carrier: string; from: string; to: string },
): Promise<DatedLeg[]> {
  const rows = await store.selectDatedLegs(db, q);
  return rows.map((r) => {
    const { number, suffix } = splitFlightNumber(r.number);
    return {
      carrier: r.carrier,
      number,
      suffix,
      date: r.flight_date,
      legSequence: Number(r.sequence),
      origin: r.origin,
      destination: r.destination,
      std: r.std,
      sta: r.sta,
      aircraftType: r.aircraft_type ?? '',
      serviceType: r.segment_type,
      dateVariation: { departure: Number(r.departure_variation), arrival: Number(r.arrival_variation) },
      ...(r.canceled ? { canceled: true } : {}),
    };
  });
}

export interface SalesOpenRule {
  open_days_before_std: number;
  close_hours_before_std: number;
}

/**
 * When sales open and close for a departure by the airline's sales_open_rules. With several rules the widest window
 * wins (the earliest opening, the latest closing); without rules there is no window (null: always open).
 */
export function salesWindow(
  std: string,
  rules: readonly SalesOpenRule[],
): { sales_open_at: string | null; sales_close_at: string | null } {
  if (rules.length === 0) return { sales_open_at: null, sales_close_at: null };
  const days = Math.max(...rules.map((r) => r.open_days_before_std));
  const hours = Math.min(...rules.map((r) => r.close_hours_before_std));
  const at = Date.parse(std);
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return { sales_open_at: iso(at - days * 86_400_000), sales_close_at: iso(at - hours * 3_600_000) };
}

/** Change log field names of the DatedLeg fields. */
const LEG_FIELD: Record<string, string> = {
  origin: 'origin',
  destination: 'destination',
  std: 'std',
  sta: 'sta',
  aircraftType: 'aircraft_type',
  canceled: 'canceled',
};

interface LegState extends store.LegValues {
  id: number | null;
}

export interface ApplyScheduleDiffInput {
  airlineId: number;
  diff: ScheduleDiff;
  channel: ChangeChannel;
  userId: number | null;
  scheduleId?: number | null;
}

/** Channels of schedule telegrams: the flights they create are scheduled and stay so when they change them. */
const SCHEDULE_CHANNELS: readonly ChangeChannel[] = ['ssim', 'ssm', 'asm'];

/**
 * Writes a ScheduleDiff (from @aircargo/schedule) in the given transaction: creates flights, legs and their segments
 * (all leg combinations, buildFlights), updates changed legs (and the segments' std/sta copies), cancels (never
 * deletes), reinstates; writes a change log row per changed record (record types 'flight' and 'segment') with the
 * channel and user. Batched (multi-row INSERT / UPDATE ... FROM (VALUES ...)) so that tens of thousands of legs apply in
 * seconds on PGlite. A flight of the diff held by another airline is refused ("Flight already exists").
 */
export async function applyScheduleDiff(tx: Db, input: ApplyScheduleDiffInput): Promise<Counts> {
  const counts = countChanges(input.diff.changes);
  const changes = input.diff.changes.filter((c) => c.action !== 'unchanged');
  if (changes.length === 0) return counts;
  const { airlineId, channel, userId } = input;
  const scheduleId = input.scheduleId ?? null;
  const logs: ChangeLogRow[] = [];
  const log = (record_type: string, record_id: number, change_set: ChangeSet) =>
    logs.push({ record_type, record_id, channel, user_id: userId, change_set });

  // 1. Flights: find or create one per designator and flight date.
  const byFlight = new Map<string, LegChange[]>();
  for (const c of changes) {
    const k = flightKey(c.after);
    const list = byFlight.get(k);
    if (list) list.push(c);
    else byFlight.set(k, [c]);
  }
  const keyOf = (f: store.FlightKey) => `${f.carrier}${f.number}/${f.flight_date}`;
  const wanted = [...byFlight.values()].map((list) => {
    const a = (list[0] as LegChange).after;
    return { carrier: a.carrier, number: numberText(a), flight_date: a.date };
  });
  const found = new Map((await store.findFlightsByKeys(tx, wanted)).map((f) => [keyOf(f), f]));
  for (const f of found.values()) {
    if (f.airline_id !== airlineId) throw exists(message('flightExists'), 'number');
  }
  const status = scheduleId !== null || SCHEDULE_CHANNELS.includes(channel) ? 'scheduled' : 'adhoc';
  const toCreate: store.FlightInsert[] = [];
  for (const [k, list] of byFlight) {
    if (found.has(k)) continue;
    const first = [...list].sort((a, b) => a.after.legSequence - b.after.legSequence)[0] as LegChange;
    toCreate.push({
      airline_id: airlineId,
      carrier: first.after.carrier,
      number: numberText(first.after),
      flight_date: first.after.date,
      segment_type: first.after.serviceType,
      schedule_status: status,
      schedule_id: scheduleId,
      canceled: list.every((c) => c.after.canceled),
    });
  }
  const created = await store.insertFlights(tx, toCreate);
  const createdIds = new Set<number>();
  for (const f of created) {
    found.set(keyOf(f), f);
    createdIds.add(f.id);
    log('flight', f.id, {
      carrier: [null, f.carrier],
      number: [null, f.number],
      flight_date: [null, f.flight_date],
      segment_type: [null, f.segment_type],
      schedule_status: [null, f.schedule_status],
    });
  }

  // 2. Legs: the stored legs of the touched flights, the diff applied on them in memory, then written in batches.
  const flightIds = [...found.values()].map((f) => f.id);
  const legs = new Map<number, Map<number, LegState>>();
  for (const id of flightIds) legs.set(id, new Map());
  for (const l of await store.selectLegsOfFlights(tx, flightIds)) legs.get(l.flight_id)?.set(Number(l.sequence), l);
  const legInserts: LegState[] = [];
  const legUpdates: store.LegRow[] = [];
  const flightSets = new Map<number, ChangeSet>();
  for (const [k, list] of byFlight) {
    const flight = found.get(k) as store.StoredFlightRow;
    const set: ChangeSet = flightSets.get(flight.id) ?? {};
    flightSets.set(flight.id, set);
    const mine = legs.get(flight.id) as Map<number, LegState>;
    for (const c of list) {
      const a = c.after;
      const next: LegState = {
        id: null,
        flight_id: flight.id,
        sequence: a.legSequence,
        origin: a.origin,
        destination: a.destination,
        aircraft_type: a.aircraftType || null,
        std: a.std,
        sta: a.sta,
        canceled: Boolean(a.canceled),
      };
      const before = mine.get(a.legSequence);
      const prefix = `legs.${a.legSequence}`;
      if (before) {
        next.id = before.id;
        for (const f of ['origin', 'destination', 'aircraft_type', 'std', 'sta', 'canceled'] as const) {
          if (before[f] !== next[f]) set[`${prefix}.${f}`] = [before[f], next[f]];
        }
        if (Object.keys(set).some((f) => f.startsWith(`${prefix}.`))) legUpdates.push(next as store.LegRow);
      } else {
        legInserts.push(next);
        for (const f of ['origin', 'destination', 'aircraft_type', 'std', 'sta'] as const)
          set[`${prefix}.${f}`] = [null, next[f]];
        if (next.canceled) set[`${prefix}.canceled`] = [null, true];
      }
      mine.set(a.legSequence, next);
      for (const fc of c.changes)
        if (!LEG_FIELD[fc.field] && fc.field !== 'serviceType') set[`${prefix}.${fc.field}`] = [fc.before, fc.after];
    }
  }
  for (const r of await store.insertLegs(tx, legInserts)) {
    const l = legs.get(r.flight_id)?.get(Number(r.sequence));
    if (l) l.id = r.id;
  }
  await store.updateLegs(tx, legUpdates);

  // Flight-level values: service type (of the first changed leg), cancelled when all legs are, and a web or API change
  // to a scheduled flight makes it "changed".
  const flightUpdates: store.FlightUpdate[] = [];
  for (const [k, list] of byFlight) {
    const flight = found.get(k) as store.StoredFlightRow;
    const set = flightSets.get(flight.id) as ChangeSet;
    const allLegs = [...(legs.get(flight.id) as Map<number, LegState>).values()];
    const segmentType = ([...list].sort((a, b) => a.after.legSequence - b.after.legSequence)[0] as LegChange).after
      .serviceType;
    const canceled = allLegs.every((l) => l.canceled);
    const scheduleStatus =
      !createdIds.has(flight.id) && flight.schedule_status === 'scheduled' && (channel === 'web' || channel === 'api')
        ? 'changed'
        : flight.schedule_status;
    if (!createdIds.has(flight.id) && segmentType !== flight.segment_type)
      set.segment_type = [flight.segment_type, segmentType];
    if (canceled !== flight.canceled) set.canceled = [flight.canceled, canceled];
    if (scheduleStatus !== flight.schedule_status) set.schedule_status = [flight.schedule_status, scheduleStatus];
    if (
      !createdIds.has(flight.id) &&
      (segmentType !== flight.segment_type || canceled !== flight.canceled || scheduleStatus !== flight.schedule_status)
    )
      flightUpdates.push({ id: flight.id, segment_type: segmentType, canceled, schedule_status: scheduleStatus });
    if (createdIds.has(flight.id) && canceled !== flight.canceled)
      flightUpdates.push({ id: flight.id, segment_type: segmentType, canceled, schedule_status: scheduleStatus });
  }
  await store.updateFlights(tx, flightUpdates);
  for (const [id, set] of flightSets) {
    const createdSet = logs.find((r) => r.record_type === 'flight' && r.record_id === id);
    if (createdSet) Object.assign(createdSet.change_set, set);
    else log('flight', id, set);
  }

  // 3. Segments: every sellable leg combination of the flight's live legs (buildFlights), reconciled with the stored.
  const flightById = new Map([...found.values()].map((f) => [f.id, f]));
  const asDated: DatedLeg[] = [];
  for (const [flightId, mine] of legs) {
    const f = flightById.get(flightId) as store.StoredFlightRow;
    const { number, suffix } = splitFlightNumber(f.number);
    for (const l of mine.values()) {
      if (l.canceled) continue;
      asDated.push({
        carrier: f.carrier,
        number,
        suffix,
        date: f.flight_date,
        legSequence: l.sequence,
        origin: l.origin,
        destination: l.destination,
        std: l.std,
        sta: l.sta,
        aircraftType: l.aircraft_type ?? '',
        serviceType: f.segment_type,
        dateVariation: { departure: 0, arrival: 0 },
      });
    }
  }
  const desired = new Map<number, Map<string, store.SegmentValues>>();
  for (const id of flightIds) desired.set(id, new Map());
  const rules = await store.selectSalesOpenRules(tx, airlineId);
  for (const built of buildFlights(asDated)) {
    const f = found.get(built.key) as store.StoredFlightRow;
    for (const s of built.segments) {
      const first = s.legSequences[0] as number;
      const last = s.legSequences[s.legSequences.length - 1] as number;
      desired.get(f.id)?.set(`${first}-${last}`, {
        flight_id: f.id,
        airline_id: f.airline_id,
        carrier: f.carrier,
        number: f.number,
        flight_date: f.flight_date,
        first_leg: first,
        last_leg: last,
        origin: s.boardPoint,
        destination: s.offPoint,
        std: s.std,
        sta: s.sta,
        ...salesWindow(s.std, rules),
      });
    }
  }
  const segmentInserts: store.SegmentValues[] = [];
  const segmentUpdates: store.SegmentUpdate[] = [];
  const stored = await store.selectSegmentsOfFlights(tx, flightIds);
  const storedKeys = new Set<string>();
  for (const s of stored) {
    const key = `${s.first_leg}-${s.last_leg}`;
    storedKeys.add(`${s.flight_id}/${key}`);
    const want = desired.get(s.flight_id)?.get(key);
    const next: store.SegmentUpdate = want
      ? {
          id: s.id,
          origin: want.origin,
          destination: want.destination,
          std: want.std,
          sta: want.sta,
          canceled: false,
          sales_open_at: s.sales_manual || want.std === s.std ? s.sales_open_at : want.sales_open_at,
          sales_close_at: s.sales_manual || want.std === s.std ? s.sales_close_at : want.sales_close_at,
        }
      : { ...s, canceled: true };
    const set: ChangeSet = {};
    for (const f of ['origin', 'destination', 'std', 'sta', 'canceled', 'sales_open_at', 'sales_close_at'] as const) {
      if (s[f] !== next[f]) set[f] = [s[f], next[f]];
    }
    if (Object.keys(set).length > 0) {
      segmentUpdates.push(next);
      log('segment', s.id, set);
    }
  }
  for (const [flightId, map] of desired) {
    for (const [key, s] of map) if (!storedKeys.has(`${flightId}/${key}`)) segmentInserts.push(s);
  }
  await store.updateSegments(tx, segmentUpdates);
  const inserted = await store.insertSegments(tx, segmentInserts);
  inserted.forEach((r, i) => {
    const s = segmentInserts[i] as store.SegmentValues;
    log('segment', r.id, {
      origin: [null, s.origin],
      destination: [null, s.destination],
      std: [null, s.std],
      sta: [null, s.sta],
    });
  });

  await writeChangeLogs(tx, logs);
  return counts;
}
