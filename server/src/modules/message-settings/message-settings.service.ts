import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  MessageSetting,
  MessageSettingCreate,
  MessageSettingsQuery,
  MessageSettingUpdate,
  MessagingSettings,
  MessagingSettingsUpdate,
} from '@aircargo/contract/outgoing-messages';
import { invalidAddresses, normalizeAddresses } from '@aircargo/contract/outgoing-messages';
import { canSendTelegram } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, emptyFields, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { airlineForNew, messagingCompany, settingsScope } from './message-settings.policy';
import { presentMessaging, presentSetting } from './message-settings.presenter';
import * as repo from './message-settings.repository';

export class MessageSettingsService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    query: MessageSettingsQuery,
  ): Promise<{ data: MessageSetting[]; meta: PaginationMeta }> {
    return presentPage(await repo.listSettings(this.db, settingsScope(auth), query), presentSetting);
  }

  async get(auth: AuthContext, id: number): Promise<MessageSetting> {
    const row = await repo.findSetting(this.db, settingsScope(auth), id);
    if (!row) throw notFound(message('messageSettingNotFound'));
    return presentSetting(row);
  }

  /** The owner must be allowed to send the type (seed 001 section 9). */
  private async checkSendable(ownerId: number, messageType: string): Promise<void> {
    const owner = await repo.companyRef(this.db, ownerId);
    if (!owner) throw companyNotFound();
    if (!canSendTelegram(owner.company_type, messageType)) {
      const text = message('telegramNotSendable', { company_type: owner.company_type, message_type: messageType });
      throw validation({ message_type: [text] }, text);
    }
  }

  async create(auth: AuthContext, input: MessageSettingCreate): Promise<MessageSetting> {
    const { airline_id, webhook_secret, ...fields } = input;
    const airlineId = airlineForNew(auth, airline_id);
    if (airlineId === null) {
      const text = message('messageSettingAirlineRequired');
      throw emptyFields(text, { airline_id: [message('required')] });
    }
    const airline = await repo.companyRef(this.db, airlineId);
    if (airline?.company_type !== 'airline') throw companyNotFound();
    const ownerId = auth.companyId ?? 0;
    await this.checkSendable(ownerId, fields.message_type);
    const id = await repo.insertSetting(this.db, {
      ...fields,
      ...onlyForChannel(fields.channel, fields),
      webhook_secret: webhook_secret ?? null,
      company_id: ownerId,
      airline_id: airlineId,
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: MessageSettingUpdate): Promise<MessageSetting> {
    const current = await repo.findSetting(this.db, settingsScope(auth), id);
    if (!current) throw notFound(message('messageSettingNotFound'));
    const { row_version, ...fields } = input;
    const channel = fields.channel ?? current.setting.channel;
    if (fields.channel && fields.channel !== current.setting.channel) {
      // A new channel needs its own recipients: the old addresses or URL do not carry over.
      const needs = channel === 'webhook' ? 'webhook_url' : 'addresses';
      if (fields[needs] === undefined) throw validation({ [needs]: [message('required')] });
    }
    if (fields.addresses && !fields.channel) {
      // Addresses alone are checked against the stored channel.
      const bad = invalidAddresses(channel, fields.addresses);
      if (bad.length)
        throw validation(Object.fromEntries(bad.map((i) => [`addresses.${i}`, [message('invalidFormat')]])));
      fields.addresses = normalizeAddresses(channel, fields.addresses);
    }
    if (fields.message_type) await this.checkSendable(current.setting.company_id, fields.message_type);
    const values = { ...fields, ...(fields.channel ? onlyForChannel(channel, fields) : {}) };
    if (!(await repo.updateSetting(this.db, id, values, row_version))) {
      throw new AppError(409, 'Exists', message('messageSettingChanged'));
    }
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.findSetting(this.db, settingsScope(auth), id))) throw notFound(message('messageSettingNotFound'));
    await repo.deleteSetting(this.db, id);
  }

  async getMessaging(auth: AuthContext, companyId: number | undefined): Promise<MessagingSettings> {
    const id = messagingCompany(auth, companyId);
    const company = await repo.companyRef(this.db, id);
    if (!company) throw companyNotFound();
    return presentMessaging(company, await repo.findMessaging(this.db, id));
  }

  /** Sets every field given; a secret absent keeps the stored one, null removes it. */
  async putMessaging(
    auth: AuthContext,
    companyId: number | undefined,
    input: MessagingSettingsUpdate,
  ): Promise<MessagingSettings> {
    const id = messagingCompany(auth, companyId);
    if (!(await repo.companyRef(this.db, id))) throw companyNotFound();
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await repo.upsertMessaging(this.db, id, values);
    return this.getMessaging(auth, companyId);
  }
}

/** Clears what the channel does not use: addresses of a webhook, the URL and copies of SITA, the URL of e-mail. */
function onlyForChannel(
  channel: 'email' | 'sita' | 'webhook',
  fields: { addresses?: string[] },
): Partial<repo.MessageSettingInsert> {
  if (channel === 'webhook') return { addresses: [], cc: [], bcc: [] };
  if (channel === 'sita') return { webhook_url: null, cc: [], bcc: [], addresses: fields.addresses };
  return { webhook_url: null, addresses: fields.addresses };
}
