import type { AirlineRules, AirlineUiSetting } from '@aircargo/contract/airlines';
import type { Airport } from '@aircargo/contract/reference';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { message, notFound, validation } from '../../platform/errors';
import { AirlineSettingsService } from '../airline-settings/airline-settings.service';
import { type AirlineAudience, airlineAccess } from './airlines.policy';
import { presentAirport, presentRules, presentUiSetting } from './airlines.presenter';
import * as repo from './airlines.repository';

export const UNKNOWN_AIRPORTS = 'Unknown airports';

export class AirlinesService {
  private readonly settings: AirlineSettingsService;

  constructor(private readonly db: Db) {
    this.settings = new AirlineSettingsService(db);
  }

  /** The airline, when the caller may reach it; anything else (another airline, not an airline) is 404. */
  private async airline(auth: AuthContext, id: number, audience: AirlineAudience) {
    const row = await repo.findAirline(this.db, id, airlineAccess(auth, audience));
    if (!row) throw notFound(message('airlineNotFound'));
    return row;
  }

  async uiSetting(auth: AuthContext, id: number): Promise<AirlineUiSetting> {
    const airline = await this.airline(auth, id, 'staff');
    return presentUiSetting(id, airline.ui_settings);
  }

  async updateUiSetting(auth: AuthContext, id: number, show: boolean): Promise<AirlineUiSetting> {
    await this.airline(auth, id, 'staff');
    return presentUiSetting(id, await repo.setShowSettings(this.db, id, show));
  }

  async rules(auth: AuthContext, id: number): Promise<AirlineRules> {
    const airline = await this.airline(auth, id, 'partners');
    return presentRules(airline.airline_code, await this.settings.settingsOf(id));
  }

  async airports(auth: AuthContext, id: number): Promise<Airport[]> {
    await this.airline(auth, id, 'partners');
    return (await repo.airportsOf(this.db, id)).map(presentAirport);
  }

  async replaceAirports(auth: AuthContext, id: number, codes: string[]): Promise<Airport[]> {
    await this.airline(auth, id, 'staff');
    const known = await repo.knownAirports(this.db, codes);
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length) {
      throw validation(
        { airports: unknown.map((c) => `${c}: unknown airport`) },
        `${UNKNOWN_AIRPORTS}: ${unknown.join(', ')}`,
      );
    }
    await repo.replaceAirports(this.db, id, codes);
    return (await repo.airportsOf(this.db, id)).map(presentAirport);
  }
}
