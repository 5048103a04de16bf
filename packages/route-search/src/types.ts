/**
 * A sellable dated connection in UTC: what the server feeds the index for every flight segment (a non-stop segment is
 * one leg; a through segment SVO-NQZ-ALA may be fed as one connection SVO-ALA, with the capacity of its tightest leg).
 * Instants are whole minutes since 1970-01-01T00:00Z ("epoch minutes"), so no local time or DST rule ever enters the
 * search: the server converts the user's local dates to instants before asking.
 */
export interface DatedLeg {
  /** Database id of the segment: a non-negative safe integer. */
  id: number;
  /** Two-character carrier code, e.g. "SU". */
  carrier: string;
  /** Flight number with an optional suffix, e.g. "1234" or "1234A". */
  flightNumber: string;
  /** IATA airport codes. */
  origin: string;
  destination: string;
  /** STD and STA in epoch minutes (UTC). */
  departure: number;
  arrival: number;
  aircraftType: string | null;
  /** Cargo aircraft (service type F, H, A): carries CAO cargo. */
  freighter: boolean;
  /** Capacity still available for sale to this kind of shipment, in kg and m3. */
  availableKg: number;
  availableM3: number;
  salesClosed: boolean;
  cancelled: boolean;
  /** Locked: the airline froze booking changes on the flight. */
  locked: boolean;
  /** Booking window in epoch minutes; null = open since forever / until departure. */
  salesOpenAt?: number | null;
  salesCloseAt?: number | null;
}

/** One change to the timetable, as a database notification reports it. */
export type TimetablePatch = { op: 'upsert'; leg: DatedLeg } | { op: 'remove'; id: number };

/** Why a candidate route cannot be booked. */
export const REJECTION_REASONS = [
  'no_capacity',
  'sales_closed',
  'locked',
  'cancelled',
  'outside_booking_window',
  'connection_not_workable',
  'interline_not_allowed',
  'route_not_permitted',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export interface Rejection {
  reason: RejectionReason;
  /** The leg that fails (per-leg reasons), or the departing leg of a connection that is too short. */
  legId?: number;
  /** The transfer airport (connection reasons). */
  airport?: string;
  /** connection_not_workable: the connection time and the minimum that applies, in minutes. */
  connectionMinutes?: number;
  minimumMinutes?: number;
  /** no_capacity: what the leg still has. */
  availableKg?: number;
  availableM3?: number;
  /** interline_not_allowed: the issuing carrier and the carrier it does not accept. */
  carrier?: string;
  otherCarrier?: string;
}

/** Connection type at a transfer airport: inbound leg domestic (D) or international (I), then the outbound leg. */
export type ConnectionType = 'DD' | 'DI' | 'ID' | 'II';

export interface MctException {
  airport: string;
  minutes: number;
  /** Carrier of the arriving leg; absent = any. */
  arrivalCarrier?: string;
  /** Carrier of the departing leg; absent = any. */
  departureCarrier?: string;
  /** Domestic/international type of the connection; absent = any. */
  connection?: ConnectionType;
}

/**
 * Minimum connection times. The most specific matching exception wins (the one naming the most of arrival carrier,
 * departure carrier and connection type; on a tie the first listed), then the airport's standard, then the default.
 */
export interface MctRules {
  defaultMinutes: number;
  airports?: Readonly<Record<string, number>>;
  exceptions?: readonly MctException[];
}

/**
 * A permitted route of a carrier's table: from an airport or city, to an airport or city, through exactly these transit
 * airports (absent = any transit).
 */
export interface PermittedRoute {
  carrier: string;
  origin: string;
  destination: string;
  via?: readonly string[];
}

/** The airports and carriers of a route, in order, as permitted-route predicates see them. */
export interface RouteShape {
  airports: readonly string[];
  carriers: readonly string[];
}

export interface SearchConfig {
  /** City code -> its airports (MOW -> SVO, DME, VKO). A code not listed is an airport. */
  cities?: Readonly<Record<string, readonly string[]>>;
  /** Airport -> ISO country: a leg is domestic when both ends are in one country (unknown = international). */
  countries?: Readonly<Record<string, string>>;
  mct?: MctRules;
  /**
   * Interline: carrier -> carriers it accepts on its air waybill (`interline_accepted_prefixes` resolved to carrier codes).
   * A route is allowed when its first (issuing) carrier accepts every other carrier on it. Absent = every combination allowed;
   * a carrier missing from a given table accepts none.
   */
  interline?: Readonly<Record<string, readonly string[]>>;
  /**
   * Permitted routes: a predicate, or a table in which every carrier that has rows restricts the routes its legs join
   * (a route is permitted when, for each such carrier on it, one of its rows matches). Absent = all permitted.
   */
  permittedRoutes?: readonly PermittedRoute[] | ((route: RouteShape) => boolean);
  /** Longest wait between two legs (default 1,440 = 24 h). */
  maxConnectionMinutes?: number;
  /** Longest departure-to-arrival time of a route (default 4,320 = 72 h). */
  maxTripMinutes?: number;
}

export type SortOrder = 'faster' | 'cheaper';

export interface Price {
  amount: number;
  currency: string;
}

export interface RouteQuery {
  /** Airport or city code. */
  origin: string;
  destination: string;
  /** First departure in [departureFrom, departureTo), epoch minutes. */
  departureFrom: number;
  departureTo: number;
  /** "Now", epoch minutes: decides the booking window. */
  now: number;
  directOnly?: boolean;
  /** 0, 1 or 2 (default 2). */
  maxTransfers?: number;
  /** Shipment: what each leg must still have. */
  weightKg?: number;
  volumeM3?: number;
  /** Only these carriers (empty or absent = all). */
  carriers?: readonly string[];
  /** Cargo aircraft only (CAO): freighter legs only. */
  freighterOnly?: boolean;
  sort?: SortOrder;
  /** Price of a route (the rating engine); null = no tariff. Called for returned routes only. */
  price?: (route: RouteView) => Price | null;
  /** Keep unbookable candidates with their reasons, and look for the nearest bookable alternatives. */
  explain?: boolean;
  /** Most routes returned (default 50); explained candidates too. */
  limit?: number;
  /** Explain mode: how many days before and after the range to look for alternatives (default 7). */
  alternativeDays?: number;
}

export interface LegView {
  id: number;
  carrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  departure: number;
  arrival: number;
  aircraftType: string | null;
  freighter: boolean;
  availableKg: number;
  availableM3: number;
}

export interface ConnectionView {
  airport: string;
  minutes: number;
  minimumMinutes: number;
}

export interface RouteView {
  legs: LegView[];
  origin: string;
  destination: string;
  departure: number;
  arrival: number;
  tripMinutes: number;
  transfers: number;
  transitAirports: string[];
  carriers: string[];
  connections: ConnectionView[];
  /** What the route can still take: the least over its legs. */
  availableKg: number;
  availableM3: number;
  price: Price | null;
  bookable: boolean;
  rejections: Rejection[];
}

export type AlternativeKind = 'other_date' | 'with_transfers' | 'other_airport';

export interface Alternative {
  kind: AlternativeKind;
  route: RouteView;
}

export interface SearchResult {
  /** Bookable routes: the Pareto set over (later departure, earlier arrival, fewer transfers), sorted. */
  routes: RouteView[];
  /** Explain mode: non-dominated candidates that cannot be booked, each with its reasons. */
  rejected: RouteView[];
  /** Explain mode: the nearest bookable routes outside the request (other dates, with transfers, other airports). */
  alternatives: Alternative[];
  /** Candidates enumerated, bookable among them, legs looked at; truncated = the MAX_CANDIDATES safety valve tripped. */
  stats: { candidates: number; bookable: number; scannedLegs: number; truncated: boolean; millis: number };
}
