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
import { addressTaxIssues } from '@aircargo/contract/rules';
import type { CompanyState, CompanyType } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, emptyFields, exists, message, validation } from '../../platform/errors';
import { emptyPage, presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { companiesScope } from './companies.policy';
import {
  presentCompany,
  presentCompanyDetails,
  presentCompanyListItem,
  presentUiSettings,
} from './companies.presenter';
import * as repo from './companies.repository';

export const SHORT_NAME_TAKEN = 'Company with this short name already exists';
export const AIRLINE_CODE_TAKEN = 'Another airline already has this airline code';

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

/** The type of a company, for modules that check what kind of company an id names (null: no such company). */
export function companyTypeOf(db: Db, id: number) {
  return repo.companyTypeOf(db, id);
}

export class CompaniesService {
  constructor(private readonly db: Db) {}

  /** The company within the caller's scope (companies.policy.ts); any other is 404, existing or not. */
  private async find(auth: AuthContext, id: number): Promise<repo.CompanyRow> {
    const row = await repo.findCompany(this.db, companiesScope(auth), id);
    if (!row) throw companyNotFound();
    return row;
  }

  async list(auth: AuthContext, query: CompaniesQuery): Promise<{ data: CompanyListItem[]; meta: PaginationMeta }> {
    const scope = companiesScope(auth);
    if (scope.kind === 'none') return presentPage(emptyPage<repo.CompanyRow>(query), presentCompanyListItem);
    const page = await repo.listCompanies(
      this.db,
      scope,
      { company_type: query.company_type, state: query.state, q: query.q },
      query,
    );
    return presentPage(page, presentCompanyListItem);
  }

  async get(auth: AuthContext, id: number): Promise<Company> {
    return presentCompany(await this.find(auth, id));
  }

  async details(auth: AuthContext, id: number): Promise<CompanyDetails> {
    return presentCompanyDetails(await this.find(auth, id));
  }

  async uiSettings(auth: AuthContext, id: number): Promise<CompanyUiSettings> {
    return presentUiSettings((await this.find(auth, id)).ui_settings);
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

  /**
   * Seed 001 section 5 on the record as it will be stored: a post code in the GB and EU custom regions, a Russian INN
   * of 10 or 12 digits with an optional KPP, and an INN/KPP pair that no other Russian company holds.
   */
  private async checkAddressTax(
    values: Pick<repo.CompanyInsert, 'country' | 'post_code' | 'tax_number' | 'kpp'>,
    exceptId?: number,
  ) {
    const issues = addressTaxIssues(values);
    if (Object.keys(issues).length) throw validation(issues, Object.values(issues)[0]![0]);
    if (values.country === 'RU' && values.tax_number) {
      if (await repo.findByInnKpp(this.db, values.tax_number, values.kpp ?? null, exceptId)) {
        throw exists(message('innKppExists'), 'tax_number');
      }
    }
  }

  async create(input: CompanyCreate): Promise<Company> {
    const { company_type, ui_settings, ...fields } = input;
    const values = { ...toColumns(fields), name: fields.name, short_name: fields.short_name };
    await this.checkIdentity(company_type, values);
    await this.checkAddressTax(values);
    const row = await repo.insertCompany(this.db, {
      ...values,
      company_type,
      ui_settings: ui_settings ? splitUiPatch(ui_settings).set : {},
    });
    return presentCompany(row);
  }

  async update(auth: AuthContext, id: number, input: CompanyUpdate): Promise<Company> {
    const current = await this.find(auth, id);
    const values = toColumns(input);
    await this.checkIdentity(
      current.company_type,
      { ...values, airline_code: values.airline_code === undefined ? current.airline_code : values.airline_code },
      id,
    );
    const merged = <K extends 'country' | 'post_code' | 'tax_number' | 'kpp'>(key: K) =>
      values[key] === undefined ? current[key] : values[key];
    await this.checkAddressTax(
      {
        country: merged('country'),
        post_code: merged('post_code'),
        tax_number: merged('tax_number'),
        kpp: merged('kpp'),
      },
      id,
    );
    const row = await repo.updateCompany(this.db, companiesScope(auth), id, values);
    if (!row) throw companyNotFound();
    return presentCompany(row);
  }

  /**
   * Deletes a company that nothing refers to any more. A company that still has users (of any role, blocked ones
   * too), agreements or AWB stock is refused with 422 Exists: block it instead, or remove those first.
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lockCompany(tx, companiesScope(auth), id))) throw companyNotFound();
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
      await repo.deleteCompany(tx, companiesScope(auth), id);
    });
  }

  /**
   * Blocks or unblocks a company. Users acting in a company that becomes blocked stay there: their calls answer 403
   * with the URLs they may still reach, and the profile shows them so that they pick a company (decision 014).
   */
  async setState(auth: AuthContext, id: number, state: CompanyState): Promise<Company> {
    await this.find(auth, id);
    if (state === 'blocked' && id === auth.companyId) {
      throw validation({ state: ['you cannot block your own company'] }, 'You cannot block your own company');
    }
    const row = await inTransaction(this.db, async (tx) => {
      const updated = await repo.updateCompany(tx, companiesScope(auth), id, { state });
      // Members left with no live membership lose their sessions at once (issue 8 item 4); the others keep theirs
      // and get 403 with the places they may still go.
      if (updated && state === 'blocked') await repo.revokeTokensOfMembersWithoutAccess(tx, id);
      return updated;
    });
    if (!row) throw companyNotFound();
    return presentCompany(row);
  }

  async updateUiSettings(auth: AuthContext, id: number, patch: CompanyUiSettingsUpdate): Promise<CompanyUiSettings> {
    await this.find(auth, id);
    const { set, remove } = splitUiPatch(patch);
    const row = await repo.mergeUiSettings(this.db, companiesScope(auth), id, set, remove);
    if (!row) throw companyNotFound();
    return presentUiSettings(row.ui_settings);
  }
}
