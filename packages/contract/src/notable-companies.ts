import { z } from 'zod';
import { paginated } from './common';
import { companyType, listQuery } from './companies';
import { endpoint } from './endpoint';

/** How a notable company relates to the caller's company. */
export const NOTABLE_RELATIONS = ['own', 'supplier', 'client', 'handler', 'served_airline', 'platform'] as const;

/** A company the caller deals with, for pickers (tariff companies, allotment forwarders, notified companies). */
export const notableCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  local_name: z.string().nullable(),
  company_type: companyType,
  airline_code: z.string().nullable(),
  /**
   * own: the caller's company; supplier: an airline the caller (a forwarder) holds an agreement with; client: a
   * forwarder holding an agreement with the caller (an airline); handler: a handler company of the caller's handlers;
   * served_airline: an airline that names the caller (a handler) among its handlers; platform: any company, as the
   * platform sees them.
   */
  relations: z.array(z.enum(NOTABLE_RELATIONS)),
});
export type NotableCompany = z.infer<typeof notableCompany>;

export const notableCompaniesQuery = listQuery(['id', 'name', 'short_name']).extend({
  company_type: companyType.optional(),
});
export type NotableCompaniesQuery = z.infer<typeof notableCompaniesQuery>;

export const notableCompaniesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/notable_companies',
    permission: 'notable_companies:read',
    tags: ['companies'],
    summary:
      'Companies the caller deals with: its own, its agreement partners and its handlers (every active company for the platform)',
    query: notableCompaniesQuery,
    response: paginated(notableCompany),
  }),
};
