import type { NotableCompaniesQuery } from '@aircargo/contract/notable-companies';
import type { CompanyType } from '@aircargo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db';
import { containsPattern, offsetOf } from '../../platform/pagination';
import type { NotableScope } from './notable-companies.policy';

export interface NotableRow {
  id: number;
  name: string;
  short_name: string;
  local_name: string | null;
  company_type: CompanyType;
  airline_code: string | null;
  relations: string[];
  total: number;
}

/** (company, relation) pairs of the caller's world: agreements both ways and handlers both ways. */
function related(scope: NotableScope): SQL {
  if (scope.kind === 'all') return sql`select id as company_id, 'platform' as relation from companies`;
  const own = scope.companyId;
  return sql`
    select ${own}::int as company_id, 'own' as relation
    union all select client_id, 'client' from agreements where supplier_id = ${own}
    union all select supplier_id, 'supplier' from agreements where client_id = ${own}
    union all select handler_company_id, 'handler' from handlers
      where airline_id = ${own} and handler_company_id is not null
    union all select airline_id, 'served_airline' from handlers where handler_company_id = ${own}`;
}

const SORTS: Record<string, SQL> = {
  id: sql`c.id`,
  name: sql`lower(c.name)`,
  short_name: sql`lower(c.short_name)`,
};

export async function listNotable(db: Db, scope: NotableScope, query: NotableCompaniesQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const sort = query.sort ?? 'name';
  const descending = sort.startsWith('-');
  const column = SORTS[descending ? sort.slice(1) : sort] ?? SORTS.name!;
  const own = scope.kind === 'partners' ? scope.companyId : 0;
  const rows = await queryRows<NotableRow>(
    db,
    sql`with related as (${related(scope)})
      select c.id, c.name, c.short_name, c.local_name, c.company_type, c.airline_code,
        array_agg(distinct r.relation order by r.relation) as relations,
        (count(*) over ())::int as total
      from related r join companies c on c.id = r.company_id
      where (c.id = ${own} or (c.state = 'active' and (${scope.kind === 'all'} or not c.invisible)))
        ${query.company_type ? sql`and c.company_type = ${query.company_type}` : sql``}
        ${
          pattern
            ? sql`and (c.name ilike ${pattern} or c.short_name ilike ${pattern} or c.local_name ilike ${pattern})`
            : sql``
        }
      group by c.id
      order by ${column} ${descending ? sql`desc` : sql`asc`}, c.id asc
      limit ${query.per_page} offset ${offsetOf(query)}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`with related as (${related(scope)})
        select count(distinct c.id)::int as total from related r join companies c on c.id = r.company_id
        where (c.id = ${own} or (c.state = 'active' and (${scope.kind === 'all'} or not c.invisible)))
          ${query.company_type ? sql`and c.company_type = ${query.company_type}` : sql``}
          ${pattern ? sql`and (c.name ilike ${pattern} or c.short_name ilike ${pattern} or c.local_name ilike ${pattern})` : sql``}`,
    );
    total = count?.total ?? 0;
  }
  return { rows, total };
}
