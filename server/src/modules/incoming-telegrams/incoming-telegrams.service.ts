import { parse } from '@aircargo/cargo-messages';
import type { AwbRef } from '@aircargo/contract/air-waybills';
import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  IncomingTelegram,
  IncomingTelegramSummary,
  IncomingTelegramsQuery,
  IncomingTelegramUpdate,
  IncomingTelegramUpload,
  TelegramFamily,
  TelegramIntakeKey,
  TelegramIntakeKeyCreate,
  TelegramIntakeKeyCreated,
  TelegramValidation,
} from '@aircargo/contract/incoming-telegrams';
import type { AuthContext } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, message, notFound, unauthorized } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { presentPage } from '../../platform/pagination';
import { hashToken, newToken } from '../../platform/tokens';
import { inTransaction } from '../../platform/transactions';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';
import { familyOf, hashOf, receiveTelegrams, splitTelegrams, TELEGRAM_PROCESS_JOB } from './incoming-telegrams.intake';
import { incomingTelegramScope } from './incoming-telegrams.policy';
import { presentKey, presentSummary, presentTelegram } from './incoming-telegrams.presenter';
import * as repo from './incoming-telegrams.repository';

const telegramNotFound = () => notFound(message('telegramNotFound'));

/** Intake keys start with this, so a leaked one is recognisable. */
export const INTAKE_KEY_PREFIX = 'tik_';

/**
 * Incoming Cargo-IMP and AHM telegrams (issue 14 item 1): lists and detail per family, upload, correction, restart,
 * validation without storing, the HTTP intake and its keys. Storing and processing are incoming-telegrams.intake and
 * incoming-telegrams.process (the `telegram.process` job).
 */
export class IncomingTelegramsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(
    auth: AuthContext,
    family: TelegramFamily,
    query: IncomingTelegramsQuery,
  ): Promise<{ data: IncomingTelegramSummary[]; meta: PaginationMeta }> {
    return presentPage(await repo.listTelegrams(this.db, incomingTelegramScope(auth), family, query), presentSummary);
  }

  async get(auth: AuthContext, family: TelegramFamily, id: number): Promise<IncomingTelegram> {
    const row = await repo.findTelegram(this.db, incomingTelegramScope(auth), family, id);
    if (!row) throw telegramNotFound();
    return presentTelegram(row);
  }

  /** The uploader's company receives the telegrams of the text (one row each). */
  async upload(auth: AuthContext, input: IncomingTelegramUpload): Promise<{ ids: number[] }> {
    if (auth.companyId === null) throw telegramNotFound();
    const ids = await receiveTelegrams(this.db, {
      source: 'upload',
      companyId: auth.companyId,
      userId: auth.userId,
      sender: auth.email || null,
      notes: input.notes ?? null,
      text: input.body,
      now: this.clock.now(),
    });
    return { ids };
  }

  /** Parses the telegrams of the text and reports type, version and issues; nothing is stored. */
  validate(body: string): TelegramValidation {
    const telegrams = splitTelegrams(body).map((part) => {
      const parsed = parse(part.text);
      const issues = parsed.issues.map((i) => ({
        line: i.line,
        column: i.column,
        code: i.code,
        severity: i.severity,
        message: i.text,
      }));
      return {
        first_line: part.firstLine,
        message_type: parsed.type,
        version: parsed.version,
        family: parsed.type === null ? null : familyOf(parsed.type),
        valid: parsed.type !== null && !issues.some((i) => i.severity === 'error'),
        issues,
      };
    });
    return { telegrams, valid: telegrams.length > 0 && telegrams.every((t) => t.valid) };
  }

  /** A correction keeps the original body; restart applies it. */
  async update(auth: AuthContext, id: number, input: IncomingTelegramUpdate): Promise<IncomingTelegram> {
    const current = await this.get(auth, 'cimp', id);
    const changed = await repo.correctTelegram(this.db, id, input.row_version, {
      ...(input.body !== undefined ? { body: input.body, body_hash: hashOf(input.body) } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    });
    if (!changed) {
      throw new AppError(409, 'Exists', message('telegramChanged'), {}, { row_version: current.row_version });
    }
    return this.get(auth, 'cimp', id);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.get(auth, 'cimp', id);
    await repo.deleteTelegram(this.db, id);
  }

  /** Queues the telegram again (refused while it is being processed). */
  async restart(auth: AuthContext, id: number): Promise<IncomingTelegram> {
    await this.get(auth, 'cimp', id);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.markPending(tx, id, auth.userId))) {
        throw new AppError(409, 'Exists', message('telegramBusy'));
      }
      await enqueue(tx, TELEGRAM_PROCESS_JOB, { id });
    });
    return this.get(auth, 'cimp', id);
  }

  /** The telegrams about a waybill the caller sees (else 404). */
  async forWaybill(auth: AuthContext, ref: AwbRef): Promise<IncomingTelegramSummary[]> {
    const waybill = await repo.visibleWaybill(this.db, visibleWaybillsWhere(auth), ref);
    if (!waybill) throw notFound(message('shipmentNotFound'));
    const rows = await repo.telegramsOfWaybill(this.db, incomingTelegramScope(auth), waybill.id, waybill.mawb);
    return rows.map(presentSummary);
  }

  // The HTTP intake.

  /** The company of a bearer intake key, or 401. */
  async intakeCompany(authorization: string | undefined): Promise<number> {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const key = m?.[1];
    if (!key?.startsWith(INTAKE_KEY_PREFIX)) throw unauthorized(message('intakeKeyInvalid'));
    const companyId = await repo.useKey(this.db, hashToken(key), this.clock.now());
    if (companyId === null) throw unauthorized(message('intakeKeyInvalid'));
    return companyId;
  }

  async intake(companyId: number, text: string): Promise<{ ids: number[] }> {
    const ids = await receiveTelegrams(this.db, {
      source: 'http',
      companyId,
      userId: null,
      sender: null,
      notes: null,
      text,
      now: this.clock.now(),
    });
    return { ids };
  }

  // Intake keys: the caller's company's (the platform's own).

  private keyCompany(auth: AuthContext): number {
    if (auth.companyId === null) throw notFound(message('intakeKeyNotFound'));
    return auth.companyId;
  }

  async keys(auth: AuthContext): Promise<TelegramIntakeKey[]> {
    return (await repo.listKeys(this.db, this.keyCompany(auth))).map(presentKey);
  }

  async createKey(auth: AuthContext, input: TelegramIntakeKeyCreate): Promise<TelegramIntakeKeyCreated> {
    const key = `${INTAKE_KEY_PREFIX}${newToken()}`;
    const row = await repo.insertKey(this.db, {
      company_id: this.keyCompany(auth),
      name: input.name,
      prefix: key.slice(0, INTAKE_KEY_PREFIX.length + 6),
      key_hash: hashToken(key),
      created_by: auth.userId,
    });
    return { ...presentKey(row), key };
  }

  async deleteKey(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.deleteKey(this.db, id, this.keyCompany(auth)))) throw notFound(message('intakeKeyNotFound'));
  }
}
