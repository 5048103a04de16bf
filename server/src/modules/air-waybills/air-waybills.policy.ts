import { type SQL, sql } from 'drizzle-orm';
import { airWaybills, companies, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';

/**
 * Who sees which air waybills (decision 008, issue 12 item 7): the platform all of them; an airline those on its
 * prefixes (`airline_id`, the carrier owning the prefix); a forwarder its own company's (`forwarder_id`); anyone else
 * none. On top of the company scope the profile narrows it: the company's permitted carriers (unless it has access to
 * all carriers) and the user's allowed and denied stations (origin or destination). Empty lists narrow nothing.
 *
 * Every module that reads or changes waybills (list, lifecycle, houses, movements, attachments, reports) puts
 * `visibleWaybillsWhere(auth)` into its WHERE clause: a waybill outside it is simply not found (404).
 */
export type WaybillScope =
  | { kind: 'all' }
  | { kind: 'airline'; airlineId: number }
  | { kind: 'forwarder'; companyId: number }
  | { kind: 'none' };

export function waybillScope(auth: AuthContext): WaybillScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'airline') return { kind: 'airline', airlineId: auth.companyId };
  if (auth.companyType === 'forwarder') return { kind: 'forwarder', companyId: auth.companyId };
  return { kind: 'none' };
}

/** The columns the condition reads: the `air_waybills` table itself or an alias of it (`alias(airWaybills, 'aw')`). */
export type WaybillColumns = Pick<
  typeof airWaybills,
  'airline_id' | 'forwarder_id' | 'carrier' | 'origin_iata' | 'destination_iata'
>;

/** The company part of the condition alone (no profile narrowing). */
export function waybillScopeWhere(scope: WaybillScope, t: WaybillColumns = airWaybills): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'airline':
      return sql`${t.airline_id} = ${scope.airlineId}`;
    case 'forwarder':
      return sql`${t.forwarder_id} = ${scope.companyId}`;
    default:
      return sql`false`;
  }
}

/**
 * The profile's narrowing. The lists are read once per statement (uncorrelated sub-selects, so PostgreSQL evaluates
 * them once as init plans, not per row): null when the company may see all carriers or lists none.
 */
function profileWhere(auth: AuthContext, t: WaybillColumns): SQL {
  const parts: SQL[] = [];
  if (auth.companyId !== null && auth.companyType !== 'platform') {
    const carriers = sql`(select case when ${companies.access_to_all_carriers} or cardinality(${companies.permitted_carriers}) = 0 then null else ${companies.permitted_carriers} end from ${companies} where ${companies.id} = ${auth.companyId})::text[]`;
    parts.push(sql`(${carriers} is null or ${t.carrier} = any(${carriers}))`);
  }
  const allowed = sql`(select nullif(${users.stations_allowed}, '{}'::text[]) from ${users} where ${users.id} = ${auth.userId})::text[]`;
  const denied = sql`coalesce((select ${users.stations_denied} from ${users} where ${users.id} = ${auth.userId}), '{}'::text[])`;
  parts.push(
    sql`(${allowed} is null or ${t.origin_iata} = any(${allowed}) or ${t.destination_iata} = any(${allowed}))`,
  );
  parts.push(sql`not (${t.origin_iata} = any(${denied}) or ${t.destination_iata} = any(${denied}))`);
  return sql.join(parts, sql` and `);
}

/** The waybills the caller may see: the company scope narrowed by the profile. */
export function visibleWaybillsWhere(auth: AuthContext, t: WaybillColumns = airWaybills): SQL {
  const scope = waybillScope(auth);
  if (scope.kind === 'none') return sql`false`;
  return sql`(${waybillScopeWhere(scope, t)} and ${profileWhere(auth, t)})`;
}

/**
 * The forwarder a new waybill is for: a forwarder's own company (naming another is refused by the caller's service);
 * the platform and airlines name one. Null when it cannot be told (the service answers 422).
 */
export function waybillForwarder(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'forwarder') return auth.companyId;
  return requested ?? null;
}

/** Whether the caller may make a waybill on the prefix of this airline: the platform any, an airline its own. */
export function mayUseAirline(auth: AuthContext, airlineId: number): boolean {
  const scope = waybillScope(auth);
  return (
    scope.kind === 'all' || scope.kind === 'forwarder' || (scope.kind === 'airline' && scope.airlineId === airlineId)
  );
}
