import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  CompaniesQuery,
  Company,
  CompanyCreate,
  CompanyDetails,
  CompanyListItem,
  CompanyUiSettings,
  CompanyUiSettingsUpdate,
  CompanyUpdate,
} from '@aircargo/contract/companies';
import type { CompanyState, CompanyType } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, emptyFields, exists, notFound, validation } from '../../platform/errors';
import { pageMeta } from '../../platform/pagination';
import * as usersRepo from '../users/users.repository';
import {
  presentCompany,
  presentCompanyDetails,
  presentCompanyListItem,
  presentUiSettings,
} from './companies.presenter';
import * as repo from './companies.repository';

export const COMPANY_NOT_FOUND = 'Company not found';
export const SHORT_NAME_TAKEN = 'Company with this short name already exists';
export const AIRLINE_CODE_TAKEN = 'Another airline already has this airline code';

const companyNotFound = () => notFound(COMPANY_NOT_FOUND);

/** Splits a UI settings patch into keys to set and free keys to drop (those sent as null). */
function splitUiPatch(patch: CompanyUiSettingsUpdate): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

/** The request fields as column values: coordinates go to `numeric` columns as strings. */
function toColumns(input: CompanyUpdate): Partial<repo.CompanyInsert> {
  const { latitude, longitude, ...rest } = input;
  const numeric = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v));
  return { ...rest, latitude: numeric(latitude), longitude: numeric(longitude) };
}

export class CompaniesService {
  constructor(private readonly db: Db) {}

  /** A company the caller may see: the platform sees every one, anyone else only its own; the rest is 404. */
  async visible(auth: AuthContext, id: number): Promise<repo.CompanyRow> {
    if (auth.companyType !== 'platform' && auth.companyId !== id) throw companyNotFound();
    const row = await repo.findCompany(this.db, id);
    if (!row) throw companyNotFound();
    return row;
  }

  async list(auth: AuthContext, query: CompaniesQuery): Promise<{ data: CompanyListItem[]; meta: PaginationMeta }> {
    const own = auth.companyType === 'platform' ? undefined : auth.companyId;
    if (own === null) return { data: [], meta: pageMeta(query, 0) };
    const { rows, total } = await repo.listCompanies(
      this.db,
      { onlyId: own, company_type: query.company_type, state: query.state, q: query.q },
      query,
    );
    return { data: rows.map(presentCompanyListItem), meta: pageMeta(query, total) };
  }

  async get(auth: AuthContext, id: number): Promise<Company> {
    return presentCompany(await this.visible(auth, id));
  }

  async details(auth: AuthContext, id: number): Promise<CompanyDetails> {
    return presentCompanyDetails(await this.visible(auth, id));
  }

  async uiSettings(auth: AuthContext, id: number): Promise<CompanyUiSettings> {
    return presentUiSettings((await this.visible(auth, id)).ui_settings);
  }

  /** Airlines need a unique two-character code; no other company type has one. Short names are unique. */
  private async checkIdentity(type: CompanyType, values: Partial<repo.CompanyInsert>, exceptId?: number) {
    const code = values.airline_code ?? null;
    if (type === 'airline' && !code) {
      throw emptyFields('An airline needs a 2-character airline code', { airline_code: ['required field'] });
    }
    if (type !== 'airline' && code) {
      throw validation({ airline_code: ['only airline companies have an airline code'] });
    }
    if (values.short_name !== undefined && (await repo.findByShortName(this.db, values.short_name, exceptId))) {
      throw exists(SHORT_NAME_TAKEN, 'short_name');
    }
    if (code && (await repo.findAirlineByCode(this.db, code, exceptId)))
      throw exists(AIRLINE_CODE_TAKEN, 'airline_code');
  }

  async create(input: CompanyCreate): Promise<Company> {
    const { company_type, ui_settings, ...fields } = input;
    const values = { ...toColumns(fields), name: fields.name, short_name: fields.short_name };
    await this.checkIdentity(company_type, values);
    const row = await repo.insertCompany(this.db, {
      ...values,
      company_type,
      ui_settings: ui_settings ? splitUiPatch(ui_settings).set : {},
    });
    return presentCompany(row);
  }

  async update(auth: AuthContext, id: number, input: CompanyUpdate): Promise<Company> {
    const current = await this.visible(auth, id);
    const values = toColumns(input);
    await this.checkIdentity(
      current.company_type,
      { ...values, airline_code: values.airline_code === undefined ? current.airline_code : values.airline_code },
      id,
    );
    const row = await repo.updateCompany(this.db, id, values);
    if (!row) throw companyNotFound();
    return presentCompany(row);
  }

  /**
   * Deletes a company that nothing refers to any more. A company that still has users (of any role, blocked ones
   * too), agreements or AWB stock is refused with 422 Exists: block it instead, or remove those first.
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.visible(auth, id);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockCompany(tx, id))) throw companyNotFound();
      const dependents = await repo.dependentsOf(tx, id);
      const held = [
        dependents.users ? 'users' : null,
        dependents.agreements ? 'agreements' : null,
        dependents.stocks ? 'AWB stock' : null,
      ].filter((x): x is string => x !== null);
      if (held.length) {
        throw new AppError(422, 'Exists', `The company still has ${held.join(', ')}; block it instead`, {
          base: [`still has ${held.join(', ')}`],
        });
      }
      await repo.deleteCompany(tx, id);
    });
  }

  /**
   * Blocks or unblocks a company. Users acting in a company that becomes blocked move to another live membership
   * if they have one; otherwise their calls answer 403 with the URLs they may still reach.
   */
  async setState(auth: AuthContext, id: number, state: CompanyState): Promise<Company> {
    await this.visible(auth, id);
    if (state === 'blocked' && id === auth.companyId) {
      throw validation({ state: ['you cannot block your own company'] }, 'You cannot block your own company');
    }
    const row = await this.db.transaction(async (tx) => {
      const updated = await repo.updateCompany(tx, id, { state });
      if (state === 'blocked') {
        await usersRepo.repairCurrentMemberships(tx, await usersRepo.usersActingIn(tx, id));
      }
      return updated;
    });
    if (!row) throw companyNotFound();
    return presentCompany(row);
  }

  async updateUiSettings(auth: AuthContext, id: number, patch: CompanyUiSettingsUpdate): Promise<CompanyUiSettings> {
    await this.visible(auth, id);
    const { set, remove } = splitUiPatch(patch);
    const row = await repo.mergeUiSettings(this.db, id, set, remove);
    if (!row) throw companyNotFound();
    return presentUiSettings(row.ui_settings);
  }
}
