import type { AirlineSettings, AirlineSettingsUpdate } from '@aircargo/contract/airline-settings';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, notFound } from '../../platform/errors';
import * as companiesRepo from '../companies/companies.repository';
import { COMPANY_NOT_FOUND } from '../companies/companies.service';
import { DEFAULT_AIRLINE_SETTINGS, presentAirlineSettings } from './airline-settings.presenter';
import * as repo from './airline-settings.repository';

export const AWB_PREFIX_TAKEN = 'Another airline already uses this AWB prefix';

export class AirlineSettingsService {
  constructor(private readonly db: Db) {}

  /**
   * The airline whose settings the caller handles: an airline its own company (naming another one is 404, like any
   * other company it cannot see); the platform must name an airline with `company_id`.
   */
  private async airlineOf(auth: AuthContext, companyId: number | undefined): Promise<number> {
    if (auth.companyType !== 'platform') {
      if (auth.companyId === null || (companyId !== undefined && companyId !== auth.companyId)) {
        throw notFound(COMPANY_NOT_FOUND);
      }
      return auth.companyId;
    }
    if (companyId === undefined) throw emptyFields('company_id is required', { company_id: ['required field'] });
    const company = await companiesRepo.findCompany(this.db, companyId);
    if (company?.company_type !== 'airline') throw notFound(COMPANY_NOT_FOUND);
    return companyId;
  }

  async get(auth: AuthContext, companyId: number | undefined): Promise<AirlineSettings> {
    const id = await this.airlineOf(auth, companyId);
    return presentAirlineSettings(id, (await repo.findSettings(this.db, id)) ?? DEFAULT_AIRLINE_SETTINGS);
  }

  async update(
    auth: AuthContext,
    companyId: number | undefined,
    input: AirlineSettingsUpdate,
  ): Promise<AirlineSettings> {
    const id = await this.airlineOf(auth, companyId);
    // An AWB prefix identifies the issuing airline, so two airlines cannot share one.
    if (input.awb_prefix && (await repo.findPrefixHolder(this.db, input.awb_prefix, id))) {
      throw exists(AWB_PREFIX_TAKEN, 'awb_prefix');
    }
    const { overflow_weight_percent, overflow_volume_percent, minimum_charge_weight, ...rest } = input;
    const decimal = (v: number | undefined) => (v === undefined ? undefined : String(v));
    const row = await repo.upsertSettings(this.db, id, {
      ...rest,
      overflow_weight_percent: decimal(overflow_weight_percent),
      overflow_volume_percent: decimal(overflow_volume_percent),
      minimum_charge_weight: decimal(minimum_charge_weight),
    });
    return presentAirlineSettings(id, row);
  }
}
