import { FREIGHTER_SERVICE_TYPES } from '@aircargo/domain/capacity';
import {
  type ConnectionType,
  type DatedLeg,
  type MctException,
  RouteSearch,
  type SearchConfig,
  TimetableIndex,
  type TimetablePatch,
  toEpochMinutes,
} from '@aircargo/route-search';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, message } from '../../platform/errors';
import type { Notifications } from '../../platform/notifications';
import { capacitiesOf } from '../flights/flights.service';
import * as repo from './route-search.repository';

export const TIMETABLE_CHANNEL = 'timetable_change';
export const ROUTING_CHANNEL = 'routing_change';
/** The window of dated segments the index holds, around today. */
export const WINDOW_PAST_DAYS = 1;
export const WINDOW_FUTURE_DAYS = 400;
/** How long a search waits for the index being built before it answers 503. */
export const BUILD_WAIT_MS = 30_000;
const DAY_MS = 86_400_000;
/** The minimum connection time where no airport standard or exception applies, minutes. */
export const DEFAULT_MCT = 60;
const CAPACITY_BATCH = 2_000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What the index does not hold and an answer shows: the flight date and the owning airline of each segment. */
export interface SegmentFacts {
  flightDate: string;
  airlineId: number;
  flightId: number;
}

/** The search configuration and the reference data behind it. */
export interface RoutingConfig {
  search: SearchConfig;
  /** Airport -> IANA zone (local dates of a range). */
  zones: Map<string, string>;
  /** Airport or city code -> its airports. */
  airportsOf(code: string): string[];
}

/**
 * The timetable index of this process (decision 016): built lazily on the first search from the sellable dated
 * segments of the window, then kept in step by 'timetable_change' notifications (patches, never a rebuild), and rebuilt
 * when the listener comes back after a loss (notifications may have been missed). Every process holds its own and
 * listens, so several processes agree. The routing configuration (MCT, interline, permitted routes, cities) is
 * reloaded on 'routing_change'.
 */
export class Timetable {
  private index: TimetableIndex | null = null;
  private engine: RouteSearch | null = null;
  private building: Promise<void> | null = null;
  private readonly facts = new Map<number, SegmentFacts>();
  /** Notification payloads not applied yet. */
  private pending: string[] = [];
  private flushing: Promise<void> | null = null;
  private config: RoutingConfig | null = null;
  private configLoading: Promise<RoutingConfig> | null = null;
  private configGeneration = 0;
  private lost = false;
  /** Figures of the last build (logged, and answered with each search). */
  lastBuild: { legs: number; millis: number; bytes: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  async subscribe(notifications: Notifications): Promise<() => Promise<void>> {
    const stopTimetable = await notifications.subscribe(TIMETABLE_CHANNEL, {
      onPayload: (payload) => this.onPayload(payload),
      onState: (live) => this.onState(live),
    });
    const stopRouting = await notifications.subscribe(ROUTING_CHANNEL, {
      onPayload: () => this.invalidateConfig(),
      onState: (live) => {
        if (live) this.invalidateConfig();
      },
    });
    return async () => {
      await stopTimetable();
      await stopRouting();
    };
  }

  private onState(live: boolean): void {
    if (!live) {
      this.lost = true;
      return;
    }
    if (this.lost && this.index) {
      // Changes may have been missed while the listener was down: build again in the background.
      this.lost = false;
      void this.build().catch((error) => this.log.warn({ err: String(error) }, 'timetable rebuild failed'));
    }
    this.lost = false;
  }

  private onPayload(payload: string | undefined): void {
    // Before the first build nothing needs patching: the build reads everything.
    if (!payload || (!this.index && !this.building)) return;
    this.pending.push(payload);
    if (this.index && !this.building) void this.flush().catch((e) => this.log.warn({ err: String(e) }, 'patch failed'));
  }

  private invalidateConfig(): void {
    this.configGeneration++;
    this.config = null;
    if (this.engine && this.index) this.engine = null;
  }

  private window(): { from: Date; to: Date } {
    const now = this.clock.now().getTime();
    return { from: new Date(now - WINDOW_PAST_DAYS * DAY_MS), to: new Date(now + WINDOW_FUTURE_DAYS * DAY_MS) };
  }

  /** Dated legs of rows, with their capacity from the flights module. */
  private async legsOf(rows: readonly repo.TimetableRow[]): Promise<DatedLeg[]> {
    const legs: DatedLeg[] = [];
    for (let i = 0; i < rows.length; i += CAPACITY_BATCH) {
      const batch = rows.slice(i, i + CAPACITY_BATCH);
      const capacities = await capacitiesOf(
        this.db,
        batch.map((r) => ({
          key: String(r.id),
          airline_id: r.airline_id,
          origin: r.origin,
          destination: r.destination,
          aircraft_type: r.aircraft_type,
          date: r.flight_date,
          service_type: r.segment_type,
          override_weight: r.capacity_weight,
          override_volume: r.capacity_volume,
        })),
      );
      for (const r of batch) {
        const capacity = capacities.get(String(r.id));
        this.facts.set(r.id, { flightDate: r.flight_date, airlineId: r.airline_id, flightId: r.flight_id });
        legs.push({
          id: r.id,
          carrier: r.carrier,
          flightNumber: r.number,
          origin: r.origin,
          destination: r.destination,
          departure: toEpochMinutes(r.std),
          arrival: toEpochMinutes(r.sta),
          aircraftType: r.aircraft_type,
          freighter: FREIGHTER_SERVICE_TYPES.includes(r.segment_type),
          availableKg: capacity?.weight ?? 0,
          availableM3: capacity?.volume ?? 0,
          salesClosed: r.sales_closed,
          cancelled: r.canceled,
          locked: r.locked,
          salesOpenAt: r.sales_open_at ? toEpochMinutes(r.sales_open_at) : null,
          salesCloseAt: r.sales_close_at ? toEpochMinutes(r.sales_close_at) : null,
        });
      }
    }
    return legs;
  }

  /** Builds the index from the database; notifications that arrive meanwhile are applied after it. */
  private build(): Promise<void> {
    if (this.building) return this.building;
    this.building = (async () => {
      const started = performance.now();
      const heapBefore = process.memoryUsage().heapUsed;
      const { from, to } = this.window();
      // Payloads queued before this read are covered by it.
      this.pending = [];
      const rows = await repo.timetableRows(this.db, { kind: 'window' }, from, to);
      this.facts.clear();
      const index = TimetableIndex.build(await this.legsOf(rows));
      this.index = index;
      this.engine = null;
      const memory = index.memory();
      const millis = Math.round(performance.now() - started);
      this.lastBuild = { legs: index.size, millis, bytes: memory.totalBytes };
      this.log.info(
        {
          legs: index.size,
          millis,
          index_bytes: memory.totalBytes,
          heap_delta_bytes: process.memoryUsage().heapUsed - heapBefore,
          window: { from: from.toISOString(), to: to.toISOString() },
        },
        'timetable index built',
      );
    })().finally(() => {
      this.building = null;
    });
    return this.building.then(() => this.flush());
  }

  /** Applies the queued notifications as patches: the named segments are read again (gone or outside = removed). */
  private flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.pending.length > 0 ? this.flush() : undefined));
    if (this.pending.length === 0 || !this.index) return Promise.resolve();
    const payloads = this.pending;
    this.pending = [];
    this.flushing = (async () => {
      const segmentIds = new Set<number>();
      const flightIds = new Set<number>();
      const airlineIds = new Set<number>();
      for (const p of payloads) {
        const target = p.startsWith('s:') ? segmentIds : p.startsWith('f:') ? flightIds : airlineIds;
        for (const id of p.slice(2).split(',')) {
          const n = Number(id);
          if (Number.isInteger(n) && n > 0) target.add(n);
        }
      }
      const { from, to } = this.window();
      const rows: repo.TimetableRow[] = [];
      const selections: repo.TimetableSelection[] = [
        { kind: 'segments', ids: [...segmentIds] },
        { kind: 'flights', ids: [...flightIds] },
        { kind: 'airlines', ids: [...airlineIds] },
      ];
      for (const selection of selections) {
        if (selection.kind !== 'window' && selection.ids.length > 0) {
          rows.push(...(await repo.timetableRows(this.db, selection, from, to)));
        }
      }
      const index = this.index!;
      const found = new Set(rows.map((r) => r.id));
      const patches: TimetablePatch[] = (await this.legsOf(rows)).map((leg) => ({ op: 'upsert', leg }));
      // Named segments that are gone, left the window or are no longer sold.
      for (const id of segmentIds) if (!found.has(id) && index.get(id)) patches.push({ op: 'remove', id });
      if (flightIds.size > 0 || airlineIds.size > 0) {
        // Segments of a flight whose legs changed may have been deleted: the flight's stored ones not found go.
        for (const [id, facts] of this.facts) {
          if (!found.has(id) && (airlineIds.has(facts.airlineId) || flightIds.has(facts.flightId)))
            patches.push({ op: 'remove', id });
        }
      }
      for (const p of patches) if (p.op === 'remove') this.facts.delete(p.id);
      index.applyPatches(patches);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing.then(() => (this.pending.length > 0 ? this.flush() : undefined));
  }

  private async loadConfig(): Promise<RoutingConfig> {
    const generation = this.configGeneration;
    const [placeRows, interline, permitted, mct] = await Promise.all([
      repo.places(this.db),
      repo.interlineTable(this.db),
      repo.permittedRouteTable(this.db),
      repo.connectionTimeTable(this.db),
    ]);
    const countries: Record<string, string> = {};
    const zones = new Map<string, string>();
    const byCity = new Map<string, string[]>();
    for (const p of placeRows) {
      countries[p.iata] = p.country_code;
      zones.set(p.iata, p.timezone);
      byCity.set(p.city_code, [...(byCity.get(p.city_code) ?? []), p.iata]);
    }
    const airportSet = new Set(placeRows.map((p) => p.iata));
    // A city code stands for its airports when it has several, or when it is not an airport itself (MOW).
    const cities: Record<string, string[]> = {};
    for (const [city, list] of byCity) {
      if (list.length > 1 || !airportSet.has(city)) cities[city] = list.sort();
    }
    const standards: Record<string, number> = {};
    const exceptions: MctException[] = [];
    for (const row of mct) {
      if (!row.arrival_carrier && !row.departure_carrier && !row.connection_type) standards[row.airport] = row.minutes;
      else {
        exceptions.push({
          airport: row.airport,
          minutes: row.minutes,
          ...(row.arrival_carrier ? { arrivalCarrier: row.arrival_carrier } : {}),
          ...(row.departure_carrier ? { departureCarrier: row.departure_carrier } : {}),
          ...(row.connection_type ? { connection: row.connection_type as ConnectionType } : {}),
        });
      }
    }
    const config: RoutingConfig = {
      search: {
        cities,
        countries,
        mct: { defaultMinutes: DEFAULT_MCT, airports: standards, exceptions },
        interline: Object.fromEntries(interline.map((r) => [r.carrier, r.accepted])),
        permittedRoutes: permitted.map((r) => ({
          carrier: r.carrier,
          origin: r.origin,
          destination: r.destination,
          ...(r.via ? { via: r.via } : {}),
        })),
      },
      zones,
      airportsOf: (code) => cities[code] ?? (airportSet.has(code) ? [code] : []),
    };
    if (generation === this.configGeneration) this.config = config;
    return config;
  }

  async routing(): Promise<RoutingConfig> {
    if (this.config) return this.config;
    this.configLoading ??= this.loadConfig().finally(() => {
      this.configLoading = null;
    });
    return this.configLoading;
  }

  /**
   * The index and a search engine on the current configuration, with every notification received so far applied.
   * The first call builds the index; a search that waits longer than BUILD_WAIT_MS for it answers 503.
   */
  async ready(
    waitMs = BUILD_WAIT_MS,
  ): Promise<{ index: TimetableIndex; engine: RouteSearch; facts: Map<number, SegmentFacts> }> {
    if (!this.index || this.building) {
      const build = this.building ?? this.build();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), waitMs);
        timer.unref();
      });
      const outcome = await Promise.race([build.then(() => 'built' as const), timeout]).finally(() =>
        clearTimeout(timer),
      );
      if (outcome === 'timeout') throw new AppError(503, 'Undefined', message('routeIndexBuilding'));
    }
    await this.flush();
    const config = await this.routing();
    if (!this.engine) this.engine = new RouteSearch(this.index!, config.search);
    return { index: this.index!, engine: this.engine, facts: this.facts };
  }

  /** Starts the build in the background (a server process calls it once it listens). */
  warmUp(): void {
    if (!this.index && !this.building) {
      void this.build().catch((error) => this.log.warn({ err: String(error) }, 'timetable build failed'));
    }
  }
}
