import type { TimetableIndex } from './timetable-index';
import type { ConnectionType, PermittedRoute, RouteShape, SearchConfig } from './types';

export const DEFAULT_MCT_MINUTES = 60;
export const DEFAULT_MAX_CONNECTION_MINUTES = 24 * 60;
export const DEFAULT_MAX_TRIP_MINUTES = 72 * 60;

const CONNECTION_TYPES: readonly ConnectionType[] = ['DD', 'DI', 'ID', 'II'];
/** Distinct (airports, carriers) sequences remembered before the permitted-route cache starts over. */
const PERMITTED_CACHE_LIMIT = 100_000;

interface CompiledException {
  arrivalCarrier: number; // -1 = any
  departureCarrier: number;
  connection: number; // index in CONNECTION_TYPES, -1 = any
  minutes: number;
}

/**
 * The search configuration resolved against the index's airport and carrier numbering. Recompiled when the index
 * learns a new airport or carrier (a code a rule names may only now exist).
 */
export class CompiledRules {
  private airportCount = -1;
  private carrierCount = -1;
  /** Country number per airport; -1 unknown. */
  country = new Int32Array(0);
  /** Standard MCT per airport and the least MCT any exception there allows. */
  mctStandard = new Int32Array(0);
  mctLeast = new Int32Array(0);
  private exceptions: (CompiledException[] | undefined)[] = [];
  /** carriers x carriers: 1 when the first (issuing) carrier accepts the other. Null = all accepted. */
  private interline: Uint8Array | null = null;
  private readonly permittedCache = new Map<string, boolean>();
  private permittedTable: Map<
    string,
    { origin: Set<string>; destination: Set<string>; via?: readonly string[] }[]
  > | null = null;
  readonly maxConnection: number;
  readonly maxTrip: number;

  constructor(
    private readonly index: TimetableIndex,
    readonly config: SearchConfig,
  ) {
    this.maxConnection = config.maxConnectionMinutes ?? DEFAULT_MAX_CONNECTION_MINUTES;
    this.maxTrip = config.maxTripMinutes ?? DEFAULT_MAX_TRIP_MINUTES;
    if (!(this.maxConnection >= 0) || !(this.maxTrip >= 0))
      throw new RangeError('connection and trip limits must be >= 0');
    const p = config.permittedRoutes;
    if (Array.isArray(p)) {
      const table = new Map<string, { origin: Set<string>; destination: Set<string>; via?: readonly string[] }[]>();
      for (const r of p as readonly PermittedRoute[]) {
        const rows = table.get(r.carrier) ?? [];
        rows.push({
          origin: new Set(this.airportsOf(r.origin)),
          destination: new Set(this.airportsOf(r.destination)),
          via: r.via,
        });
        table.set(r.carrier, rows);
      }
      this.permittedTable = table;
    }
  }

  /** Airports a code stands for: a city's airports, or the code itself. */
  airportsOf(code: string): string[] {
    const c = code.trim().toUpperCase();
    const city = this.config.cities?.[c];
    return city && city.length > 0 ? [...city] : [c];
  }

  /** The city a given airport belongs to, if the configuration names one with other airports. */
  cityOf(airport: string): string | undefined {
    const cities = this.config.cities;
    if (!cities) return undefined;
    for (const [city, airports] of Object.entries(cities)) {
      if (airports.length > 1 && airports.includes(airport)) return city;
    }
    return undefined;
  }

  refresh(): void {
    const index = this.index;
    if (index.airports.size === this.airportCount && index.carriers.size === this.carrierCount) return;
    this.airportCount = index.airports.size;
    this.carrierCount = index.carriers.size;
    const a = this.airportCount;
    const countryIds = new Map<string, number>();
    this.country = new Int32Array(a).fill(-1);
    this.mctStandard = new Int32Array(a);
    this.mctLeast = new Int32Array(a);
    this.exceptions = new Array(a);
    const mct = this.config.mct;
    const fallback = mct?.defaultMinutes ?? DEFAULT_MCT_MINUTES;
    for (let i = 0; i < a; i++) {
      const code = index.airports.values[i]!;
      const country = this.config.countries?.[code];
      if (country !== undefined) {
        let id = countryIds.get(country);
        if (id === undefined) {
          id = countryIds.size;
          countryIds.set(country, id);
        }
        this.country[i] = id;
      }
      const standard = mct?.airports?.[code] ?? fallback;
      this.mctStandard[i] = standard;
      this.mctLeast[i] = standard;
    }
    // Exceptions, most specific first (stable: the first listed wins a tie).
    const listed = (mct?.exceptions ?? []).map((e, order) => ({ e, order }));
    const specificity = (e: (typeof listed)[number]['e']) =>
      (e.arrivalCarrier ? 1 : 0) + (e.departureCarrier ? 1 : 0) + (e.connection ? 1 : 0);
    listed.sort((x, y) => specificity(y.e) - specificity(x.e) || x.order - y.order);
    for (const { e } of listed) {
      const ap = index.airports.find(e.airport);
      if (ap < 0) continue;
      const arrivalCarrier = e.arrivalCarrier ? index.carriers.find(e.arrivalCarrier) : -1;
      const departureCarrier = e.departureCarrier ? index.carriers.find(e.departureCarrier) : -1;
      // A rule for a carrier the timetable does not have cannot match any connection yet.
      if ((e.arrivalCarrier && arrivalCarrier < 0) || (e.departureCarrier && departureCarrier < 0)) continue;
      const list = this.exceptions[ap] ?? [];
      list.push({
        arrivalCarrier,
        departureCarrier,
        connection: e.connection ? CONNECTION_TYPES.indexOf(e.connection) : -1,
        minutes: e.minutes,
      });
      this.exceptions[ap] = list;
      if (e.minutes < this.mctLeast[ap]!) this.mctLeast[ap] = e.minutes;
    }
    const table = this.config.interline;
    if (table) {
      const c = this.carrierCount;
      const m = new Uint8Array(c * c);
      for (let i = 0; i < c; i++) {
        m[i * c + i] = 1;
        for (const other of table[index.carriers.values[i]!] ?? []) {
          const j = index.carriers.find(other);
          if (j >= 0) m[i * c + j] = 1;
        }
      }
      this.interline = m;
    } else this.interline = null;
    this.permittedCache.clear();
  }

  private domestic(slot: number): boolean {
    const a = this.country[this.index.org[slot]!]!;
    return a >= 0 && a === this.country[this.index.dst[slot]!];
  }

  /** The MCT that applies between an arriving and a departing leg at the airport they share. */
  mct(inbound: number, outbound: number): number {
    const airport = this.index.dst[inbound]!;
    const list = this.exceptions[airport];
    if (list) {
      const ac = this.index.car[inbound]!;
      const dc = this.index.car[outbound]!;
      const type = (this.domestic(inbound) ? 0 : 2) + (this.domestic(outbound) ? 0 : 1);
      for (const e of list) {
        if (
          (e.arrivalCarrier < 0 || e.arrivalCarrier === ac) &&
          (e.departureCarrier < 0 || e.departureCarrier === dc) &&
          (e.connection < 0 || e.connection === type)
        ) {
          return e.minutes;
        }
      }
    }
    return this.mctStandard[airport]!;
  }

  /** Whether the issuing carrier accepts the other carrier on its air waybill. */
  interlineAccepted(issuing: number, other: number): boolean {
    return this.interline === null || this.interline[issuing * this.carrierCount + other] === 1;
  }

  /** Whether the route through these legs is permitted (cached per airport and carrier sequence). */
  permitted(slots: readonly number[]): boolean {
    const p = this.config.permittedRoutes;
    if (!p) return true;
    const index = this.index;
    let key = '';
    for (const s of slots) key += `${index.org[s]},${index.car[s]};`;
    key += index.dst[slots[slots.length - 1]!];
    const cached = this.permittedCache.get(key);
    if (cached !== undefined) return cached;
    const shape: RouteShape = {
      airports: [
        ...slots.map((s) => index.airports.values[index.org[s]!]!),
        index.airports.values[index.dst[slots[slots.length - 1]!]!]!,
      ],
      carriers: slots.map((s) => index.carriers.values[index.car[s]!]!),
    };
    const ok = typeof p === 'function' ? p(shape) : this.matchTable(shape);
    if (this.permittedCache.size >= PERMITTED_CACHE_LIMIT) this.permittedCache.clear();
    this.permittedCache.set(key, ok);
    return ok;
  }

  private matchTable(route: RouteShape): boolean {
    const table = this.permittedTable!;
    const origin = route.airports[0]!;
    const destination = route.airports[route.airports.length - 1]!;
    const via = route.airports.slice(1, -1);
    for (const carrier of new Set(route.carriers)) {
      const rows = table.get(carrier);
      if (!rows) continue;
      const match = rows.some(
        (r) =>
          r.origin.has(origin) &&
          r.destination.has(destination) &&
          (r.via === undefined || (r.via.length === via.length && r.via.every((v, i) => v === via[i]))),
      );
      if (!match) return false;
    }
    return true;
  }
}
