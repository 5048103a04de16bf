import type { PaginationMeta } from '@aircargo/contract/common';
import type { NotableCompaniesQuery, NotableCompany } from '@aircargo/contract/notable-companies';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { pageMeta } from '../../platform/pagination';
import { notableScope } from './notable-companies.policy';
import { presentNotable } from './notable-companies.presenter';
import * as repo from './notable-companies.repository';

export class NotableCompaniesService {
  constructor(private readonly db: Db) {}

  /**
   * The companies the caller deals with: its own, its agreement partners (suppliers or clients) and the handler
   * companies linked both ways; blocked and invisible partners are left out. The platform sees every active company.
   */
  async list(
    auth: AuthContext,
    query: NotableCompaniesQuery,
  ): Promise<{ data: NotableCompany[]; meta: PaginationMeta }> {
    const { rows, total } = await repo.listNotable(this.db, notableScope(auth), query);
    return { data: rows.map(presentNotable), meta: pageMeta(query, total) };
  }
}
