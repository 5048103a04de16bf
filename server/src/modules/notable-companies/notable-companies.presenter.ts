import type { NotableCompany } from '@aircargo/contract/notable-companies';
import type { NotableRow } from './notable-companies.repository';

export function presentNotable(row: NotableRow): NotableCompany {
  return {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    local_name: row.local_name,
    company_type: row.company_type,
    airline_code: row.airline_code,
    relations: row.relations as NotableCompany['relations'],
  };
}
