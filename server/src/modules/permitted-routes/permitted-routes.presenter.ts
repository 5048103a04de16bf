import type { PermittedRoute } from '@aircargo/contract/route-search';
import type { PermittedRouteRow } from './permitted-routes.repository';

export function presentPermittedRoute({ route: r, airline, carrier }: PermittedRouteRow): PermittedRoute {
  return {
    id: r.id,
    airline,
    carrier: carrier ?? '',
    origin: r.origin,
    destination: r.destination,
    via: r.via,
    notes: r.notes,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
