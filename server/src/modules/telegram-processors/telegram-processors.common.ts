import { createHash } from 'node:crypto';
import type { MessageKey, MessageParams } from '@aircargo/contract/messages';
import { renderMessage } from '@aircargo/contract/messages';
import type { CompanyType } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import { AppError, message } from '../../platform/errors';
import type { ProcessOutcome, TelegramContext } from './telegram-processors.types';

/** Shared helpers of the processors: dates without a year, flight numbers, lines of the body, the acting caller. */

export type LineError = ProcessOutcome['errors'][number];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * The ISO dates a Cargo-IMP or AHM day-month (`15JUN`, also `15`) may mean, nearest to `now` first: the same day in
 * the year before, this year and the next (a telegram about a flight is sent within weeks of it). A bare day (MVT)
 * is the day in this month, the one before and the one after.
 */
export function candidateDates(dayMonth: string, now: Date): string[] {
  const m = /^(\d{1,2})([A-Z]{3})?$/.exec(dayMonth.trim().toUpperCase());
  if (!m) return [];
  const day = Number(m[1]);
  const out: Date[] = [];
  if (m[2] !== undefined) {
    const month = MONTHS.indexOf(m[2]);
    if (month < 0) return [];
    for (const y of [now.getUTCFullYear() - 1, now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
      const d = new Date(Date.UTC(y, month, day));
      if (d.getUTCMonth() === month) out.push(d);
    }
  } else {
    for (const delta of [-1, 0, 1]) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, day));
      if (d.getUTCDate() === day) out.push(d);
    }
  }
  return out
    .sort((a, b) => Math.abs(a.getTime() - now.getTime()) - Math.abs(b.getTime() - now.getTime()))
    .map((d) => d.toISOString().slice(0, 10));
}

/** The row nearest to `now` among matches on the candidate dates (the list is in the candidates' order). */
export function nearest<T extends { flight_date: string }>(
  rows: readonly T[],
  dates: readonly string[],
): T | undefined {
  for (const d of dates) {
    const hit = rows.find((r) => r.flight_date === d);
    if (hit) return hit;
  }
  return undefined;
}

/** A flight number as the schedule stores it: digits without leading zeros, then the suffix (`0123A` -> `123A`). */
export function storedNumber(number: string): string {
  const m = /^0*(\d{1,4})([A-Z]?)$/.exec(number.trim().toUpperCase());
  return m ? `${Number(m[1])}${m[2]}` : number;
}

/** `SU1234/15JUN` for messages. */
export function flightLabel(carrier: string, number: string, date: string): string {
  return `${carrier}${number}/${date}`;
}

/** The 1-based line of the telegram body that first contains `needle` (after line `from`), else null. */
export function lineOf(body: string, needle: string | RegExp, from = 0): number | null {
  const lines = body.split(/\r\n|\r|\n/);
  for (let i = from; i < lines.length; i++) {
    const text = (lines[i] ?? '').toUpperCase();
    if (typeof needle === 'string' ? text.includes(needle.toUpperCase()) : needle.test(text)) return i + 1;
  }
  return null;
}

/** A catalogue message in English, with a detail after it: "Flight not found: SU1234/15JUN SVO-ALA". */
export function say(key: MessageKey, detail?: string, params: MessageParams = {}): string {
  const text = renderMessage(message(key, params));
  return detail ? `${text}: ${detail}` : text;
}

/** An AppError's text and its field errors, for a per-line error. */
export function errorText(error: AppError): string {
  const fields = Object.entries(error.fieldErrors).flatMap(([f, list]) => list.map((m) => `${f}: ${m}`));
  const extra = fields.filter((f) => !f.endsWith(`: ${error.message}`));
  return extra.length ? `${error.message} (${extra.join('; ')})` : error.message;
}

/** A telegram that cannot be applied at all: the per-line problems in the message, and as `errors` beside it. */
export function failed(errors: readonly LineError[]): AppError {
  const text = errors.map((e) => (e.line === null ? e.message : `${e.message} (line ${e.line})`)).join('; ');
  return new AppError(422, 'ValidationFailed', text, {}, { errors });
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The caller a telegram acts as towards the other modules' services: the company (the forwarder a booking request is
 * for, the receiving platform or airline) and the user who uploaded or restarted the telegram. The HTTP and e-mail
 * intakes have no user: the rows' created_by and the change log's user_id are then null, as the change log keeps for
 * telegrams without a sender (platform/change-log).
 */
export function telegramAuth(
  ctx: TelegramContext,
  company: { id: number; type: CompanyType; airlineCode?: string | null },
): AuthContext {
  return {
    userId: ctx.userId as number,
    tokenId: 0,
    email: '',
    system: false,
    membershipId: null,
    companyId: company.id,
    companyType: company.type,
    role: null,
    airlineCode: company.airlineCode ?? null,
    blocked: false,
    scope: 'telegram',
    createdAt: ctx.clock.now(),
    expiresIn: 0,
  };
}

/** The receiving company as the caller. */
export function receiverAuth(ctx: TelegramContext): AuthContext {
  return telegramAuth(ctx, { id: ctx.receiver.companyId, type: ctx.receiver.companyType });
}
