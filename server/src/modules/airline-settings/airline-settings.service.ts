import type { AirlineSettings, AirlineSettingsUpdate } from '@aircargo/contract/airline-settings';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { exists } from '../../platform/errors';
import { companyNotFound } from '../../platform/policy';
import { settingsAirline } from './airline-settings.policy';
import { DEFAULT_AIRLINE_SETTINGS, presentAirlineSettings } from './airline-settings.presenter';
import * as repo from './airline-settings.repository';

export const AWB_PREFIX_TAKEN = 'Another airline already uses this AWB prefix';

export class AirlineSettingsService {
  constructor(private readonly db: Db) {}

  /** The airline the call is about (airline-settings.policy.ts), which must be an airline company; else 404. */
  private async airline(auth: AuthContext, companyId: number | undefined): Promise<number> {
    const scope = settingsAirline(auth, companyId);
    if (!(await repo.isAirline(this.db, scope))) throw companyNotFound();
    return scope.companyId;
  }

  /** An airline's settings (the defaults when none are stored), for services that have checked the caller's access. */
  async settingsOf(companyId: number): Promise<AirlineSettings> {
    return presentAirlineSettings(companyId, (await repo.findSettings(this.db, companyId)) ?? DEFAULT_AIRLINE_SETTINGS);
  }

  async get(auth: AuthContext, companyId: number | undefined): Promise<AirlineSettings> {
    const id = await this.airline(auth, companyId);
    return presentAirlineSettings(id, (await repo.findSettings(this.db, id)) ?? DEFAULT_AIRLINE_SETTINGS);
  }

  async update(
    auth: AuthContext,
    companyId: number | undefined,
    input: AirlineSettingsUpdate,
  ): Promise<AirlineSettings> {
    const id = await this.airline(auth, companyId);
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
