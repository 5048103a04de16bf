// The reference: every sequence of legs tried one by one against the written definition, with no index and no pruning.
// Deliberately simple and independent of src/ so that the property tests compare two implementations.
import type { ConnectionType, DatedLeg, MctException, RejectionReason, RouteQuery, SearchConfig } from '../src/types';

export interface BruteRoute {
  ids: number[];
  departure: number;
  arrival: number;
  transfers: number;
  reasons: Set<RejectionReason>;
}

function airportsOf(code: string, config: SearchConfig): string[] {
  const city = config.cities?.[code];
  return city && city.length > 0 ? [...city] : [code];
}

function domestic(leg: DatedLeg, config: SearchConfig): boolean {
  const a = config.countries?.[leg.origin];
  const b = config.countries?.[leg.destination];
  return a !== undefined && a === b;
}

export function bruteMct(inbound: DatedLeg, outbound: DatedLeg, config: SearchConfig): number {
  const mct = config.mct;
  const type = `${domestic(inbound, config) ? 'D' : 'I'}${domestic(outbound, config) ? 'D' : 'I'}` as ConnectionType;
  let best: MctException | undefined;
  let bestScore = -1;
  for (const e of mct?.exceptions ?? []) {
    if (e.airport !== inbound.destination) continue;
    if (e.arrivalCarrier !== undefined && e.arrivalCarrier !== inbound.carrier) continue;
    if (e.departureCarrier !== undefined && e.departureCarrier !== outbound.carrier) continue;
    if (e.connection !== undefined && e.connection !== type) continue;
    const score = (e.arrivalCarrier ? 1 : 0) + (e.departureCarrier ? 1 : 0) + (e.connection ? 1 : 0);
    if (score > bestScore) {
      best = e;
      bestScore = score;
    }
  }
  const minutes = best?.minutes ?? mct?.airports?.[inbound.destination] ?? mct?.defaultMinutes ?? 60;
  return Math.max(0, minutes);
}

function permitted(legs: DatedLeg[], config: SearchConfig): boolean {
  const p = config.permittedRoutes;
  if (!p) return true;
  const airports = [...legs.map((l) => l.origin), legs[legs.length - 1]!.destination];
  const carriers = legs.map((l) => l.carrier);
  if (typeof p === 'function') return p({ airports, carriers });
  for (const carrier of carriers) {
    const rows = p.filter((r) => r.carrier === carrier);
    if (rows.length === 0) continue;
    const ok = rows.some(
      (r) =>
        airportsOf(r.origin, config).includes(airports[0]!) &&
        airportsOf(r.destination, config).includes(airports[airports.length - 1]!) &&
        (r.via === undefined || r.via.join() === airports.slice(1, -1).join()),
    );
    if (!ok) return false;
  }
  return true;
}

export function bruteReasons(legs: DatedLeg[], query: RouteQuery, config: SearchConfig): Set<RejectionReason> {
  const reasons = new Set<RejectionReason>();
  for (const l of legs) {
    if (l.cancelled) reasons.add('cancelled');
    if (l.salesClosed) reasons.add('sales_closed');
    if (l.locked) reasons.add('locked');
    const close = Math.min(l.salesCloseAt ?? Number.POSITIVE_INFINITY, l.departure);
    if (query.now < (l.salesOpenAt ?? Number.NEGATIVE_INFINITY) || query.now >= close) {
      reasons.add('outside_booking_window');
    }
    if (l.availableKg < (query.weightKg ?? 0) || l.availableM3 < (query.volumeM3 ?? 0)) reasons.add('no_capacity');
  }
  for (let i = 1; i < legs.length; i++) {
    if (legs[i]!.departure - legs[i - 1]!.arrival < bruteMct(legs[i - 1]!, legs[i]!, config)) {
      reasons.add('connection_not_workable');
    }
    if (
      config.interline &&
      legs[i]!.carrier !== legs[0]!.carrier &&
      !(config.interline[legs[0]!.carrier] ?? []).includes(legs[i]!.carrier)
    ) {
      reasons.add('interline_not_allowed');
    }
  }
  if (!permitted(legs, config)) reasons.add('route_not_permitted');
  return reasons;
}

/** Every route that physically connects (connections of 0 minutes or more) with its reasons. */
export function bruteCandidates(legs: DatedLeg[], query: RouteQuery, config: SearchConfig): BruteRoute[] {
  const origins = new Set(airportsOf(query.origin, config));
  const destinations = new Set(airportsOf(query.destination, config));
  const maxLegs = query.directOnly ? 1 : Math.min(2, query.maxTransfers ?? 2) + 1;
  const maxConnection = config.maxConnectionMinutes ?? 1440;
  const maxTrip = config.maxTripMinutes ?? 4320;
  const allowed = legs.filter(
    (l) =>
      (!query.carriers || query.carriers.length === 0 || query.carriers.includes(l.carrier)) &&
      (!query.freighterOnly || l.freighter),
  );
  const out: BruteRoute[] = [];
  const extend = (path: DatedLeg[]) => {
    const first = path[0]!;
    const last = path[path.length - 1]!;
    const airports = [...path.map((l) => l.origin), last.destination];
    if (new Set(airports).size !== airports.length) return;
    if (airports.slice(1, -1).some((a) => origins.has(a) || destinations.has(a))) {
      // A transit through an origin or destination is never a route; a route ends at its first destination.
      return;
    }
    if (last.arrival - first.departure > maxTrip) return;
    if (destinations.has(last.destination)) {
      out.push({
        ids: path.map((l) => l.id),
        departure: first.departure,
        arrival: last.arrival,
        transfers: path.length - 1,
        reasons: bruteReasons(path, query, config),
      });
      return;
    }
    if (path.length >= maxLegs) return;
    for (const next of allowed) {
      const wait = next.departure - last.arrival;
      if (next.origin === last.destination && wait >= 0 && wait <= maxConnection) extend([...path, next]);
    }
  };
  for (const l of allowed) {
    if (origins.has(l.origin) && l.departure >= query.departureFrom && l.departure < query.departureTo) extend([l]);
  }
  return out;
}

export function bruteParetoFront(routes: BruteRoute[]): BruteRoute[] {
  return routes.filter(
    (r) =>
      !routes.some(
        (o) =>
          o.departure >= r.departure &&
          o.arrival <= r.arrival &&
          o.transfers <= r.transfers &&
          (o.departure > r.departure || o.arrival < r.arrival || o.transfers < r.transfers),
      ),
  );
}

/** What the search must answer: bookable Pareto routes; in explain mode also the unbookable non-dominated candidates. */
export function bruteSearch(legs: DatedLeg[], query: RouteQuery, config: SearchConfig) {
  const all = bruteCandidates(legs, query, config);
  const routes = bruteParetoFront(all.filter((r) => r.reasons.size === 0));
  const rejected = query.explain ? bruteParetoFront(all).filter((r) => r.reasons.size > 0) : [];
  return { routes, rejected };
}
