import type { KeysetMeta, PaginationMeta } from '@aircargo/contract/common';
import type {
  changeLogsQuery,
  Segment,
  SegmentCreate,
  SegmentLoad,
  SegmentsQuery,
  SegmentUpdate,
  segmentCapacity,
  segmentCreateResult,
  TimeMode,
} from '@aircargo/contract/flights';
import { renderMessage } from '@aircargo/contract/messages';
import { baggagePerPax, type Capacity, cargoCapacity, iataSeason } from '@aircargo/domain/capacity';
import { daysBetween, localDate, localToUtc } from '@aircargo/domain/time';
import {
  buildFlights,
  type Counts,
  classify,
  countChanges,
  type DatedLeg,
  expandRegular,
  flightKey,
  type LegChange,
  legKey,
  type ScheduleDiff,
  ScheduleError,
} from '@aircargo/schedule';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import { type ChangeChannel, type ChangeLogRow, type ChangeSet, writeChangeLogs } from '../../platform/change-log';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import { bookedLoad } from '../bookings/bookings.load';
import { assertTabAllowed, type FlightScope, readScope, writeScope } from './flights.policy';
import {
  type ChangeLogJson,
  isAvailable,
  isoUtc,
  presentChangeLog,
  presentLoad,
  presentSegment,
} from './flights.presenter';
import * as repo from './flights.repository';
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
 * channel and user. Set-based: the stored flights, legs and segments of the diff are read with one statement each, and
 * each table is written with one INSERT ... SELECT FROM unnest / UPDATE ... FROM unnest per 5,000 rows (the change log
 * too), so that a month of a carrier's legs applies in seconds. A flight of the diff held by another airline is refused ("Flight already exists").
 */
export async function applyScheduleDiff(tx: Db, input: ApplyScheduleDiffInput): Promise<Counts> {
  const counts = countChanges(input.diff.changes);
  const changes = input.diff.changes.filter((c) => c.action !== 'unchanged');
  if (changes.length === 0) return counts;
  const { airlineId, channel, userId } = input;
  const scheduleId = input.scheduleId ?? null;
  const logs: ChangeLogRow[] = [];
  const log = (record_type: string, record_id: number, change_set: ChangeSet) => {
    const row: ChangeLogRow = { record_type, record_id, channel, user_id: userId, change_set };
    logs.push(row);
    return row;
  };
  /** The change log rows of the flights created here, to which their legs' and flight-level fields are added. */
  const createdLogs = new Map<number, ChangeLogRow>();

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
    createdLogs.set(
      f.id,
      log('flight', f.id, {
        carrier: [null, f.carrier],
        number: [null, f.number],
        flight_date: [null, f.flight_date],
        segment_type: [null, f.segment_type],
        schedule_status: [null, f.schedule_status],
      }),
    );
  }

  // 2. Legs: the stored legs of the touched flights, the diff applied on them in memory, then written in batches.
  const flightIds = [...found.values()].map((f) => f.id);
  const legs = new Map<number, Map<number, LegState>>();
  for (const id of flightIds) legs.set(id, new Map());
  // Flights created above have no legs nor segments yet: only the ones that existed are read.
  const existingIds = flightIds.filter((id) => !createdIds.has(id));
  for (const l of await store.selectLegsOfFlights(tx, existingIds)) legs.get(l.flight_id)?.set(Number(l.sequence), l);
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
    const createdSet = createdLogs.get(id);
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
  const stored = await store.selectSegmentsOfFlights(tx, existingIds);
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
  const inserted = new Map(
    (await store.insertSegments(tx, segmentInserts)).map((r) => [`${r.flight_id}/${r.first_leg}-${r.last_leg}`, r.id]),
  );
  for (const s of segmentInserts) {
    log('segment', inserted.get(`${s.flight_id}/${s.first_leg}-${s.last_leg}`) as number, {
      origin: [null, s.origin],
      destination: [null, s.destination],
      std: [null, s.std],
      sta: [null, s.sta],
    });
  }

  await writeChangeLogs(tx, logs);
  return counts;
}

// ---------------------------------------------------------------------------------------------------------------------
// The segments calls of flightsApi and the segment capacity override of capacityApi.

/** A diff that brings the stored legs of some flights to `wanted`; stored legs of those flights absent from it cancel. */
export function diffFlights(stored: readonly DatedLeg[], wanted: readonly DatedLeg[]): ScheduleDiff {
  const byKey = new Map(stored.map((l) => [legKey(l), l]));
  const wantedKeys = new Set(wanted.map(legKey));
  const flightsWanted = new Set(wanted.map(flightKey));
  const changes: LegChange[] = wanted.map((l) => classify(legKey(l), byKey.get(legKey(l)), l) as LegChange);
  for (const l of stored) {
    if (flightsWanted.has(flightKey(l)) && !wantedKeys.has(legKey(l))) {
      changes.push(classify(legKey(l), l, undefined) as LegChange);
    }
  }
  return { changes, counts: countChanges(changes) };
}

const toInstant = (iso: string) => `${iso.slice(0, 16)}:00Z`;
const hhmm = (wall: string) => wall.slice(11, 16);

type LegInput = {
  origin: string;
  destination: string;
  std: string;
  sta: string;
  aircraft_type?: string | null;
  aircraft_reg?: string | null;
};
type FlightInput = {
  carrier: string;
  number: string;
  segment_type: string;
  time_mode: TimeMode;
  aci_required: boolean;
  notation?: string | null;
  legs: LegInput[];
};

/** A wall-clock time of the request as a UTC instant: local at the airport (a DST gap moves forward, decision 017) or UTC. */
function wallToUtc(wall: string, mode: TimeMode, zone: string): string {
  // The request schema checks the shape; a calendar date that does not exist (30 February) is refused here.
  const asUtc = new Date(`${wall.slice(0, 16)}:00Z`);
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 16) !== wall.slice(0, 16)) {
    throw validation({ legs: [message('invalidFormat')] }, message('invalidFormat'));
  }
  if (mode === 'utc') return toInstant(`${wall.slice(0, 16)}Z`);
  return toInstant(localToUtc(wall.slice(0, 16), zone, { gap: 'forward', overlap: 'earlier' }));
}

function checkLegTimes(
  legs: readonly Pick<DatedLeg, 'legSequence' | 'std' | 'sta' | 'origin' | 'destination'>[],
): void {
  const sorted = [...legs].sort((a, b) => a.legSequence - b.legSequence);
  sorted.forEach((l, i) => {
    const at = `legs.${i}`;
    if (l.sta <= l.std)
      throw validation({ [`${at}.sta`]: [message('arrivalBeforeDeparture')] }, message('arrivalBeforeDeparture'));
    const prev = sorted[i - 1];
    if (prev && (prev.destination !== l.origin || l.std < prev.sta)) {
      const m = message('legsNotChained', { sequence: l.legSequence, airport: prev.destination });
      throw validation({ [`${at}.origin`]: [m] }, m);
    }
  });
}

async function zonesFor(
  db: Db,
  legs: readonly { origin: string; destination: string }[],
): Promise<Record<string, string>> {
  const zones = await repo.zonesOf(
    db,
    legs.flatMap((l) => [l.origin, l.destination]),
  );
  legs.forEach((l, i) => {
    for (const f of ['origin', 'destination'] as const) {
      if (!zones[l[f]])
        throw validation({ [`legs.${i}.${f}`]: [message('airportNotFound')] }, message('airportNotFound'));
    }
  });
  return zones;
}

/** The dated legs of a single flight from the request's wall-clock times. */
function singleLegs(input: FlightInput, zones: Record<string, string>): DatedLeg[] {
  const { number, suffix } = splitFlightNumber(input.number);
  const legs = input.legs.map((l, i) => ({
    seq: i + 1,
    l,
    std: wallToUtc(l.std, input.time_mode, zones[l.origin] as string),
    sta: wallToUtc(l.sta, input.time_mode, zones[l.destination] as string),
  }));
  const first = legs[0] as (typeof legs)[number];
  const date = localDate(first.std, zones[first.l.origin] as string);
  return legs.map(({ seq, l, std, sta }) => ({
    carrier: input.carrier,
    number,
    suffix,
    date,
    legSequence: seq,
    origin: l.origin,
    destination: l.destination,
    std,
    sta,
    aircraftType: l.aircraft_type ?? '',
    serviceType: input.segment_type,
    dateVariation: {
      departure: daysBetween(date, localDate(std, zones[l.origin] as string)),
      arrival: daysBetween(date, localDate(sta, zones[l.destination] as string)),
    },
  }));
}

/**
 * The dated legs of a regular flight: weekdays over a period through expandRegular. In UTC mode the definition is
 * expanded in UTC (weekdays and dates are UTC ones) and each flight then takes its SSIM flight date, the local date of
 * its first departure.
 */
function regularLegs(
  input: FlightInput & { period_from: string; period_to: string; weekdays: number[] },
  zones: Record<string, string>,
): { legs: DatedLeg[]; rejected: { date: string; reason: string }[] } {
  const { number, suffix } = splitFlightNumber(input.number);
  const utc = input.time_mode === 'utc';
  const expandZones = utc ? Object.fromEntries(Object.keys(zones).map((k) => [k, 'UTC'])) : zones;
  let expansion: ReturnType<typeof expandRegular>;
  try {
    expansion = expandRegular(
      {
        carrier: input.carrier,
        number,
        suffix,
        serviceType: input.segment_type,
        aircraftType: input.legs[0]?.aircraft_type ?? '',
        from: input.period_from,
        to: input.period_to,
        weekdays: input.weekdays,
        legs: input.legs.map((l) => ({
          origin: l.origin,
          destination: l.destination,
          departure: hhmm(l.std),
          arrival: hhmm(l.sta),
        })),
      },
      expandZones,
      { gap: 'forward' },
    );
  } catch (e) {
    if (e instanceof ScheduleError) throw validation({ legs: [e.message] }, e.message);
    throw e;
  }
  const types = input.legs.map((l) => l.aircraft_type ?? '');
  const byFlight = new Map<string, DatedLeg[]>();
  for (const l of expansion.legs) {
    const list = byFlight.get(flightKey(l)) ?? [];
    list.push({ ...l, aircraftType: types[l.legSequence - 1] ?? '' });
    byFlight.set(flightKey(l), list);
  }
  const legs: DatedLeg[] = [];
  for (const list of byFlight.values()) {
    const first = list[0] as DatedLeg;
    const date = utc ? localDate(first.std, zones[first.origin] as string) : first.date;
    for (const l of list) {
      legs.push({
        ...l,
        date,
        dateVariation: {
          departure: daysBetween(date, localDate(l.std, zones[l.origin] as string)),
          arrival: daysBetween(date, localDate(l.sta, zones[l.destination] as string)),
        },
      });
    }
  }
  return { legs, rejected: expansion.rejected };
}

export class FlightsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Presents segments: their flights' legs and the capacity inputs are read once for the whole set. */
  private async present(db: Db, rows: readonly repo.ListedSegment[]): Promise<Segment[]> {
    const now = this.clock.now();
    const legs = await repo.legsOfFlights(db, [...new Set(rows.map((r) => r.segment.flight_id))]);
    const byFlight = new Map<number, repo.LegWithZones[]>();
    for (const l of legs) byFlight.set(l.leg.flight_id, [...(byFlight.get(l.leg.flight_id) ?? []), l]);
    const capacities = await capacitiesOf(
      db,
      rows.map((r) => {
        const first = byFlight.get(r.segment.flight_id)?.find((l) => l.leg.sequence === r.segment.first_leg)?.leg;
        return {
          key: String(r.segment.id),
          airline_id: r.segment.airline_id,
          origin: r.segment.origin,
          destination: r.segment.destination,
          aircraft_type: first?.aircraft_type ?? null,
          date: r.segment.flight_date,
          service_type: r.segment_type,
          override_weight: r.segment.capacity_weight,
          override_volume: r.segment.capacity_volume,
        };
      }),
    );
    const booked = await bookedLoad(
      db,
      rows.map((r) => r.segment.id),
    );
    return rows.map((r) =>
      presentSegment(
        r,
        byFlight.get(r.segment.flight_id) ?? [],
        capacities.get(String(r.segment.id)) ?? NO_CAPACITY,
        now,
        booked.get(r.segment.id),
      ),
    );
  }

  /** `mayAci`: whether the caller holds flights:aci on the request's host (the ACI tab). */
  async list(auth: AuthContext, query: SegmentsQuery, mayAci: boolean): Promise<{ data: Segment[]; meta: KeysetMeta }> {
    assertTabAllowed(auth, query.tab, mayAci);
    const page = await repo.listSegments(this.db, readScope(auth), query, this.clock.now());
    return { data: await this.present(this.db, page.rows), meta: page.meta };
  }

  private async find(db: Db, scope: FlightScope, id: number): Promise<repo.ListedSegment> {
    const row = await repo.findSegment(db, scope, id);
    if (!row) throw notFound(message('flightNotFound'));
    return row;
  }

  async get(auth: AuthContext, id: number, db: Db = this.db): Promise<Segment> {
    const [segment] = await this.present(db, [await this.find(db, readScope(auth), id)]);
    return segment as Segment;
  }

  /** The airline that flies a carrier: an airline only its own code; the platform any airline's. */
  private async airlineFor(auth: AuthContext, carrier: string): Promise<number> {
    if (auth.companyType === 'airline' && auth.companyId !== null) {
      if (auth.airlineCode !== carrier) {
        const m = message('oneOf', { values: auth.airlineCode ?? '' });
        throw validation({ carrier: [m] }, m);
      }
      return auth.companyId;
    }
    const id = auth.companyType === 'platform' ? await repo.airlineOfCarrier(this.db, carrier) : null;
    if (id === null) throw validation({ carrier: [message('airlineNotFound')] }, message('airlineNotFound'));
    return id;
  }

  async create(auth: AuthContext, input: SegmentCreate): Promise<SegmentCreateResult> {
    if (input.mode === 'schedule') return this.createFromSchedule(auth, input);
    const airlineId = await this.airlineFor(auth, input.carrier);
    const zones = await zonesFor(this.db, input.legs);
    if (input.mode === 'single') {
      const legs = singleLegs(input, zones);
      checkLegTimes(legs);
      return inTransaction(this.db, async (tx) => {
        const first = legs[0] as DatedLeg;
        const stored = (await this.storedOf(tx, airlineId, first.carrier, [first.date])).filter(
          (l) => flightKey(l) === flightKey(first),
        );
        if (stored.some((l) => !l.canceled)) throw exists(message('flightExists'), 'number');
        await this.write(tx, auth, airlineId, legs, stored, input, null);
        return { created: await this.segmentsOf(tx, [first]), skipped: [] };
      });
    }
    checkPeriod(input.period_from, input.period_to);
    return this.createRegular(auth, airlineId, input, zones, null);
  }

  private async createRegular(
    auth: AuthContext,
    airlineId: number,
    input: FlightInput & { period_from: string; period_to: string; weekdays: number[] },
    zones: Record<string, string>,
    scheduleId: number | null,
  ): Promise<SegmentCreateResult> {
    const { legs, rejected } = regularLegs(input, zones);
    for (const group of groupByFlight(legs).values()) checkLegTimes(group);
    return inTransaction(this.db, async (tx) => {
      const id =
        scheduleId ??
        (await repo.insertSchedule(tx, {
          airline_id: airlineId,
          carrier: input.carrier,
          number: input.number,
          source: 'regular',
          period_from: input.period_from,
          period_to: input.period_to,
          weekdays: input.weekdays,
          definition: {
            carrier: input.carrier,
            number: input.number,
            segment_type: input.segment_type,
            time_mode: input.time_mode,
            aci_required: input.aci_required,
            notation: input.notation ?? null,
            legs: input.legs,
            weekdays: input.weekdays,
            period_from: input.period_from,
            period_to: input.period_to,
          },
        }));
      const dates = [...new Set(legs.map((l) => l.date))];
      const stored = await this.storedOf(tx, airlineId, input.carrier, dates);
      const live = new Set(stored.filter((l) => !l.canceled).map(flightKey));
      const skipped = rejected.map((r) => ({ date: r.date, reason: r.reason }));
      const wanted: DatedLeg[] = [];
      for (const [key, group] of groupByFlight(legs)) {
        if (live.has(key))
          skipped.push({ date: (group[0] as DatedLeg).date, reason: renderMessage(message('flightExists')) });
        else wanted.push(...group);
      }
      const keys = new Set(wanted.map(flightKey));
      await this.write(
        tx,
        auth,
        airlineId,
        wanted,
        stored.filter((l) => keys.has(flightKey(l))),
        input,
        id,
      );
      skipped.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      return { created: await this.segmentsOf(tx, wanted), skipped };
    });
  }

  /** 'schedule' mode: the dates of a stored schedule (its definition), optionally within another period. */
  private async createFromSchedule(
    auth: AuthContext,
    input: Extract<SegmentCreate, { mode: 'schedule' }>,
  ): Promise<SegmentCreateResult> {
    const schedule = await repo.findSchedule(this.db, writeScope(auth), input.schedule_id);
    if (schedule?.source !== 'regular') throw notFound(message('scheduleNotFound'));
    const def = schedule.definition as unknown as FlightInput;
    const period_from = input.period_from ?? schedule.period_from;
    const period_to = input.period_to ?? schedule.period_to;
    checkPeriod(period_from, period_to);
    const zones = await zonesFor(this.db, def.legs);
    return this.createRegular(
      auth,
      schedule.airline_id,
      { ...def, period_from, period_to, weekdays: schedule.weekdays },
      zones,
      schedule.id,
    );
  }

  /** Stored legs of the carrier on these flight dates. */
  private async storedOf(db: Db, airlineId: number, carrier: string, dates: readonly string[]): Promise<DatedLeg[]> {
    if (dates.length === 0) return [];
    const sorted = [...dates].sort();
    const dateSet = new Set(dates);
    const legs = await loadDatedLegs(db, {
      airlineId,
      carrier,
      from: sorted[0] as string,
      to: sorted[sorted.length - 1] as string,
    });
    // Another airline's flight under this designator is refused by applyScheduleDiff.
    return legs.filter((l) => dateSet.has(l.date));
  }

  /** Applies the created flights and sets what dated legs do not carry: registration, ACI flag, notation. */
  private async write(
    tx: Db,
    auth: AuthContext,
    airlineId: number,
    legs: readonly DatedLeg[],
    stored: readonly DatedLeg[],
    input: FlightInput,
    scheduleId: number | null,
  ): Promise<void> {
    if (legs.length === 0) return;
    await applyScheduleDiff(tx, {
      airlineId,
      diff: diffFlights(stored, legs),
      channel: 'web',
      userId: auth.userId,
      scheduleId,
    });
    const flightIds = await repo.flightIdsByKeys(tx, keysOf(legs));
    await repo.setFlightExtras(tx, flightIds, {
      aci_required: input.aci_required,
      notation: input.notation ?? null,
      schedule_id: scheduleId,
      schedule_status: scheduleId === null ? 'adhoc' : 'scheduled',
    });
    const regs = input.legs.map((l) => l.aircraft_reg ?? null);
    if (regs.some((r) => r !== null)) await repo.setLegRegistrations(tx, flightIds, regs);
  }

  private async segmentsOf(tx: Db, legs: readonly DatedLeg[]): Promise<Segment[]> {
    const flightIds = await repo.flightIdsByKeys(tx, keysOf(legs));
    const rows = await repo.findSegmentsByIds(tx, await repo.segmentIdsOfFlights(tx, flightIds));
    return this.present(
      tx,
      rows.filter((r) => !r.segment.canceled),
    );
  }

  /** Edits the flight of a segment: leg times (local or UTC), type, aircraft, ACI flag, notation, estimated and actual times. */
  async update(auth: AuthContext, id: number, input: SegmentUpdate): Promise<Segment> {
    await inTransaction(this.db, async (tx) => {
      const row = await this.find(tx, writeScope(auth), id);
      const s = row.segment;
      const stored = (await this.storedOf(tx, s.airline_id, s.carrier, [s.flight_date])).filter(
        (l) => `${l.number}${l.suffix}` === s.number,
      );
      const zones = await repo.zonesOf(
        tx,
        stored.flatMap((l) => [l.origin, l.destination]),
      );
      const next = stored.map((l) => ({ ...l }));
      const mode = input.time_mode;
      const extras: { legSequence: number; values: Record<string, Date | string | null> }[] = [];
      for (const [i, change] of (input.legs ?? []).entries()) {
        const leg = next.find((l) => l.legSequence === change.sequence);
        if (!leg) {
          const m = message('legNotFound', { sequence: change.sequence });
          throw validation({ [`legs.${i}.sequence`]: [m] }, m);
        }
        if (change.std) leg.std = wallToUtc(change.std, mode, zones[leg.origin] as string);
        if (change.sta) leg.sta = wallToUtc(change.sta, mode, zones[leg.destination] as string);
        const values: Record<string, Date | string | null> = {};
        for (const f of ['etd', 'atd'] as const) {
          const v = change[f];
          if (v !== undefined) values[f] = v === null ? null : wallToUtc(v, mode, zones[leg.origin] as string);
        }
        for (const f of ['eta', 'ata'] as const) {
          const v = change[f];
          if (v !== undefined) values[f] = v === null ? null : wallToUtc(v, mode, zones[leg.destination] as string);
        }
        if (Object.keys(values).length) extras.push({ legSequence: leg.legSequence, values });
      }
      const inSegment = (l: DatedLeg) => l.legSequence >= s.first_leg && l.legSequence <= s.last_leg;
      if (input.segment_type) for (const l of next) l.serviceType = input.segment_type;
      if (input.aircraft_type !== undefined)
        for (const l of next.filter(inSegment)) l.aircraftType = input.aircraft_type ?? '';
      checkLegTimes(next.filter((l) => !l.canceled));
      const diff = diffFlights(stored, next);
      await applyScheduleDiff(tx, { airlineId: s.airline_id, diff, channel: 'web', userId: auth.userId });
      // What dated legs do not carry: registration, estimated and actual times, ACI flag, notation.
      const set: ChangeSet = {};
      const legRows = (await repo.legsOfFlights(tx, [s.flight_id])).map((l) => l.leg);
      for (const leg of legRows) {
        const values: Record<string, Date | string | null> = {
          ...(extras.find((e) => e.legSequence === leg.sequence)?.values ?? {}),
        };
        if (input.aircraft_reg !== undefined && leg.sequence >= s.first_leg && leg.sequence <= s.last_leg)
          values.aircraft_reg = input.aircraft_reg;
        const update: Record<string, Date | string | null> = {};
        for (const [f, v] of Object.entries(values)) {
          const before = leg[f as keyof typeof leg] as Date | string | null;
          const b = before instanceof Date ? isoUtc(before) : before;
          if (b !== v) {
            set[`legs.${leg.sequence}.${f}`] = [b, v];
            update[f] = f === 'aircraft_reg' || v === null ? v : new Date(v as string);
          }
        }
        if (Object.keys(update).length) await repo.updateLeg(tx, leg.id, update);
      }
      const flightValues: { aci_required?: boolean; notation?: string | null; schedule_status?: string } = {};
      if (input.aci_required !== undefined && input.aci_required !== row.aci_required) {
        set.aci_required = [row.aci_required, input.aci_required];
        flightValues.aci_required = input.aci_required;
      }
      if (input.notation !== undefined && (input.notation ?? null) !== row.notation) {
        set.notation = [row.notation, input.notation ?? null];
        flightValues.notation = input.notation ?? null;
      }
      if (Object.keys(set).length && row.schedule_status === 'scheduled' && diff.counts.changed === 0) {
        set.schedule_status = ['scheduled', 'changed'];
        flightValues.schedule_status = 'changed';
      }
      if (Object.keys(flightValues).length) await repo.updateFlight(tx, s.flight_id, flightValues);
      await writeChangeLogs(tx, [
        { record_type: 'flight', record_id: s.flight_id, channel: 'web', user_id: auth.userId, change_set: set },
      ]);
    });
    return this.get(auth, id);
  }

  /** Cancels the flight of the segment (all its legs and segments); never deletes. Cancelling twice changes nothing. */
  async cancel(auth: AuthContext, id: number): Promise<Segment> {
    await inTransaction(this.db, async (tx) => {
      const s = (await this.find(tx, writeScope(auth), id)).segment;
      const stored = (await this.storedOf(tx, s.airline_id, s.carrier, [s.flight_date])).filter(
        (l) => `${l.number}${l.suffix}` === s.number,
      );
      const changes = stored.filter((l) => !l.canceled).map((l) => classify(legKey(l), l, undefined) as LegChange);
      await applyScheduleDiff(tx, {
        airlineId: s.airline_id,
        diff: { changes, counts: countChanges(changes) },
        channel: 'web',
        userId: auth.userId,
      });
    });
    return this.get(auth, id);
  }

  /** Sets a flag of the segment by hand, with its change log; a cancelled segment refuses. */
  private async setFlag(
    auth: AuthContext,
    id: number,
    field: 'sales_closed' | 'locked',
    value: boolean,
  ): Promise<{ before: boolean }> {
    return inTransaction(this.db, async (tx) => {
      const s = (await this.find(tx, writeScope(auth), id)).segment;
      if (s.canceled) throw validation({}, message('flightCanceled'));
      const before = s[field];
      if (before !== value) {
        await repo.updateSegmentFlags(
          tx,
          [id],
          field === 'sales_closed' ? { sales_closed: value, sales_manual: true } : { locked: value },
        );
        await writeChangeLogs(tx, [
          {
            record_type: 'segment',
            record_id: id,
            channel: 'web',
            user_id: auth.userId,
            change_set: { [field]: [before, value] },
          },
        ]);
      }
      return { before };
    });
  }

  /**
   * Opens or closes sales by hand (the automatic window then leaves the segment alone). Reopening a segment that was
   * closed warns, as seed 000 section 4 says, that changes are not sent to the terminal and the FBL must be sent by hand.
   */
  async sales(
    auth: AuthContext,
    id: number,
    salesClosed: boolean,
  ): Promise<{ segment: Segment; warning: string | null }> {
    const { before } = await this.setFlag(auth, id, 'sales_closed', salesClosed);
    const warning = before && !salesClosed ? renderMessage(message('salesReopenedWarning')) : null;
    return { segment: await this.get(auth, id), warning };
  }

  async lock(auth: AuthContext, id: number, locked: boolean): Promise<Segment> {
    await this.setFlag(auth, id, 'locked', locked);
    return this.get(auth, id);
  }

  async loadFactor(
    auth: AuthContext,
    id: number,
  ): Promise<{ segment: SegmentLoad; legs: (SegmentLoad & { leg_id: number })[] }> {
    const segment = await this.get(auth, id);
    const capacities = await capacitiesOf(
      this.db,
      segment.legs.map((l) => ({
        key: String(l.id),
        airline_id: segment.airline_id,
        origin: l.origin,
        destination: l.destination,
        aircraft_type: l.aircraft_type,
        date: segment.flight_date,
        service_type: segment.segment_type,
        override_weight: null,
        override_volume: null,
      })),
    );
    return {
      segment: segment.load,
      legs: segment.legs.map((l) => ({ leg_id: l.id, ...presentLoad(capacities.get(String(l.id)) ?? NO_CAPACITY) })),
    };
  }

  /**
   * The change log of a segment (its own rows and its flight's: legs, aircraft, type) or of a flight. Only the airline
   * that flies it and the platform read it; other record types have no records yet (bookings, waybills and tariffs come
   * later), so they are not found.
   */
  async changeLogs(
    auth: AuthContext,
    query: ChangeLogsQuery,
  ): Promise<{ data: ChangeLogJson[]; meta: PaginationMeta }> {
    const scope = writeScope(auth);
    let records: { type: string; id: number }[];
    if (query.record_type === 'segment') {
      const s = (await this.find(this.db, scope, query.record_id)).segment;
      records = [
        { type: 'segment', id: s.id },
        { type: 'flight', id: s.flight_id },
      ];
    } else if (query.record_type === 'flight') {
      if (!(await repo.flightInScope(this.db, scope, query.record_id))) throw notFound(message('flightNotFound'));
      records = [{ type: 'flight', id: query.record_id }];
    } else {
      throw notFound();
    }
    return presentPage(await repo.listChangeLogs(this.db, records, query), presentChangeLog);
  }

  async segmentCapacity(auth: AuthContext, id: number): Promise<SegmentCapacity> {
    const segment = await this.get(auth, id);
    const row = await this.find(this.db, readScope(auth), id);
    return {
      segment_id: id,
      weight: numberOrNull(row.segment.capacity_weight),
      volume: numberOrNull(row.segment.capacity_volume),
      load: segment.load,
    };
  }

  /** Sets or clears (null) the per-segment capacity override, with its change log. */
  async updateSegmentCapacity(
    auth: AuthContext,
    id: number,
    input: { weight: number | null; volume: number | null },
  ): Promise<SegmentCapacity> {
    await inTransaction(this.db, async (tx) => {
      const s = (await this.find(tx, writeScope(auth), id)).segment;
      const before = { weight: numberOrNull(s.capacity_weight), volume: numberOrNull(s.capacity_volume) };
      const set: ChangeSet = {};
      if (before.weight !== input.weight) set.capacity_weight = [before.weight, input.weight];
      if (before.volume !== input.volume) set.capacity_volume = [before.volume, input.volume];
      if (Object.keys(set).length === 0) return;
      await repo.updateSegmentFlags(tx, [id], {
        capacity_weight: input.weight === null ? null : String(input.weight),
        capacity_volume: input.volume === null ? null : String(input.volume),
      });
      await writeChangeLogs(tx, [
        { record_type: 'segment', record_id: id, channel: 'web', user_id: auth.userId, change_set: set },
      ]);
    });
    return this.segmentCapacity(auth, id);
  }
}

type SegmentCapacity = z.infer<typeof segmentCapacity>;
type SegmentCreateResult = z.infer<typeof segmentCreateResult>;
type ChangeLogsQuery = z.infer<typeof changeLogsQuery>;

/** A regular period runs forward and at most a year (one IATA season pair), so that one request stays bounded. */
const MAX_PERIOD_DAYS = 366;

function checkPeriod(from: string, to: string): void {
  if (to < from) {
    const m = message('dateOrder', { field: 'period_from' });
    throw validation({ period_to: [m] }, m);
  }
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) {
    const m = message('maxValue', { max: `${MAX_PERIOD_DAYS} days` });
    throw validation({ period_to: [m] }, m);
  }
}

const NO_CAPACITY: Capacity = { weight: 0, volume: 0, source: 'none' };

function numberOrNull(v: string | null): number | null {
  return v === null ? null : Number(v);
}

function groupByFlight(legs: readonly DatedLeg[]): Map<string, DatedLeg[]> {
  const out = new Map<string, DatedLeg[]>();
  for (const l of legs) out.set(flightKey(l), [...(out.get(flightKey(l)) ?? []), l]);
  return out;
}

function keysOf(legs: readonly DatedLeg[]) {
  const seen = new Map<string, { carrier: string; number: string; flight_date: string }>();
  for (const l of legs) seen.set(flightKey(l), { carrier: l.carrier, number: numberText(l), flight_date: l.date });
  return [...seen.values()];
}

/** Capacities of route units (segments or legs), keyed as given. */
export async function capacitiesOf(
  db: Db,
  units: readonly {
    key: string;
    airline_id: number;
    origin: string;
    destination: string;
    aircraft_type: string | null;
    date: string;
    service_type: string;
    override_weight: string | null;
    override_volume: string | null;
  }[],
): Promise<Map<string, Capacity>> {
  const withSeason = units.map((u) => ({ ...u, season: iataSeason(u.date) }));
  const rows = await repo.capacityInputs(db, withSeason);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = new Map<string, Capacity>();
  for (const u of withSeason) {
    const r = byKey.get(u.key);
    if (!r) continue;
    const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
    out.set(
      u.key,
      cargoCapacity({
        serviceType: u.service_type,
        override: { weight: num(r.override_weight), volume: num(r.override_volume) },
        aircraft: r.has_aircraft ? { weight: num(r.aircraft_weight), volume: num(r.aircraft_volume) } : null,
        payload: num(r.payload),
        pax: num(r.pax),
        paxWeight: num(r.pax_weight) ?? (u.season === 'summer' ? 75 : 80),
        baggagePerPax:
          r.total_baggage_weight === null && r.manual_average_baggage_weight === null
            ? null
            : baggagePerPax({
                manual_average_baggage_weight: num(r.manual_average_baggage_weight),
                total_baggage_weight: num(r.total_baggage_weight) ?? 0,
                total_pax: Number(r.total_pax ?? 0),
              }),
      }),
    );
  }
  return out;
}

/**
 * The seam the booking issue calls before it changes bookings on segments: every segment must exist, and be neither
 * cancelled, nor locked, nor closed for sales (by hand or by its sales window at `now`). Throws NotFound (404) or a
 * ValidationFailed (422) naming the segment.
 */
export async function assertSegmentsOpenForBooking(
  db: Db,
  segmentIds: readonly number[],
  now: Date = new Date(),
): Promise<void> {
  const ids = [...new Set(segmentIds)];
  const rows = await repo.segmentStates(db, ids);
  for (const id of ids) {
    const s = rows.find((r) => r.id === id);
    if (!s) throw notFound(message('flightNotFound'));
    const refuse = (key: 'flightCanceled' | 'flightLocked' | 'flightSalesClosed') =>
      new AppError(422, 'ValidationFailed', message(key), { segment_ids: [message(key)] }, { segment_id: id });
    if (s.canceled) throw refuse('flightCanceled');
    if (s.locked) throw refuse('flightLocked');
    if (!isAvailable(s, now)) throw refuse('flightSalesClosed');
  }
}

/**
 * The cargo capacity of segments (kg and m3), computed as the segment pages show it; for the bookings module, which
 * judges its counters against it. Unknown segments are absent.
 */
export async function segmentCapacities(db: Db, segmentIds: readonly number[]): Promise<Map<number, Capacity>> {
  const rows = await repo.findSegmentsByIds(db, [...new Set(segmentIds)]);
  const legs = await repo.legsOfFlights(db, [...new Set(rows.map((r) => r.segment.flight_id))]);
  const capacities = await capacitiesOf(
    db,
    rows.map((r) => ({
      key: String(r.segment.id),
      airline_id: r.segment.airline_id,
      origin: r.segment.origin,
      destination: r.segment.destination,
      aircraft_type:
        legs.find((l) => l.leg.flight_id === r.segment.flight_id && l.leg.sequence === r.segment.first_leg)?.leg
          .aircraft_type ?? null,
      date: r.segment.flight_date,
      service_type: r.segment_type,
      override_weight: r.segment.capacity_weight,
      override_volume: r.segment.capacity_volume,
    })),
  );
  return new Map(rows.map((r) => [r.segment.id, capacities.get(String(r.segment.id)) ?? NO_CAPACITY]));
}
