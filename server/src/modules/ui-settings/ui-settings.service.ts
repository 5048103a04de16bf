import type { UiSettings, UiSettingsUpdate } from '@aircargo/contract/ui-settings';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { message, notFound } from '../../platform/errors';
import { presentUiSettings } from './ui-settings.presenter';
import * as repo from './ui-settings.repository';

/** The signed-in user's interface preferences; a user reaches only its own, so there is nothing else to scope. */
export class UiSettingsService {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext): Promise<UiSettings> {
    const row = await repo.findUiSettings(this.db, auth.userId);
    if (!row) throw notFound(message('userNotFound'));
    return presentUiSettings(row);
  }

  async update(auth: AuthContext, input: UiSettingsUpdate): Promise<UiSettings> {
    const { locale, ...values } = input;
    await repo.saveUiSettings(this.db, auth.userId, values, locale);
    return this.get(auth);
  }
}
