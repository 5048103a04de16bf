import { messageRef } from '@aircargo/contract/common';
import { type Message, msg } from '@aircargo/contract/messages';
import { ERROR_CODES, type ErrorCode } from '@aircargo/domain/errors';
import type { TFunction } from 'i18next';
import { translateMessage } from '@/lib/validation/messages';

/** Application error codes the server (and the client) use. */
export type AppErrorCode = ErrorCode;

/** Custom: the server answered with an error. Timeout, Network, Aborted and Parse happen on this side. */
export type ApiErrorKind = 'Custom' | 'Timeout' | 'Network' | 'Aborted' | 'Parse';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number | null;
  code?: AppErrorCode;
  fieldErrors?: Record<string, string[]>;
  serverMessage?: string | null;
  availableUrls?: string[];
  body?: unknown;
  retryAfterMs?: number | null;
  /** The catalogue key of `serverMessage` (decision 013). */
  messageKey?: Message | null;
  /** The catalogue keys of `fieldErrors`, item by item (null where a text has none). */
  fieldKeys?: Record<string, (Message | null)[]>;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: AppErrorCode;
  readonly fieldErrors: Record<string, string[]>;
  readonly serverMessage: string | null;
  readonly availableUrls: string[];
  readonly body: unknown;
  readonly retryAfterMs: number | null;
  readonly messageKey: Message | null;
  readonly fieldKeys: Record<string, (Message | null)[]>;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? `${init.kind}${init.status ? ` ${init.status}` : ''}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? 'Undefined';
    this.fieldErrors = init.fieldErrors ?? {};
    this.serverMessage = init.serverMessage ?? null;
    this.availableUrls = init.availableUrls ?? [];
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.messageKey = init.messageKey ?? null;
    this.fieldKeys = init.fieldKeys ?? {};
  }

  /**
   * The field errors as form messages: a catalogue key (translated on display by translateValidation) where the server
   * sent one, else its text.
   */
  get fieldMessages(): Record<string, string[]> {
    return Object.fromEntries(
      Object.entries(this.fieldErrors).map(([field, texts]) => [
        field,
        texts.map((text, i) => {
          const key = this.fieldKeys[field]?.[i];
          return key ? msg(key.key, key.params) : text;
        }),
      ]),
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (Array.isArray(value)) {
    const parts = value.filter((item): item is string => typeof item === 'string');
    return parts.length ? parts.join('; ') : null;
  }
  return null;
}

/** `errors` may be a list or a map of lists; both become a map (a list goes under "base"). */
export function normaliseFieldErrors(value: unknown): Record<string, string[]> {
  if (Array.isArray(value)) {
    const list = value.filter((item): item is string => typeof item === 'string');
    return list.length ? { base: list } : {};
  }
  if (!isRecord(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

/** `error_keys`: per field, the catalogue message of each text (null where it has none); anything else is dropped. */
export function readFieldKeys(value: unknown): Record<string, (Message | null)[]> {
  if (!isRecord(value)) return {};
  const out: Record<string, (Message | null)[]> = {};
  for (const [field, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    out[field] = list.map((item) => {
      const parsed = messageRef.safeParse(item);
      return parsed.success ? parsed.data : null;
    });
  }
  return out;
}

/** Maps a failed response to an application error. */
export function errorFromResponse(status: number, body: unknown, retryAfterMs: number | null): ApiError {
  const record = isRecord(body) ? body : {};
  const raw = typeof record.error === 'string' ? record.error : null;
  let code: AppErrorCode = (ERROR_CODES as readonly string[]).includes(raw ?? '') ? (raw as AppErrorCode) : 'Undefined';
  if (raw === 'invalid_grant') code = 'IncorrectLoginOrPassword';
  else if (code === 'Undefined' && status === 404) code = 'NotFound';
  else if (code === 'Undefined' && status === 401) code = 'Unauthorized';
  else if (code === 'Undefined' && status === 403) code = 'Forbidden';
  else if (code === 'Undefined' && status === 422) code = 'ValidationFailed';
  else if (code === 'Undefined' && status === 429) code = 'TooManyRequests';
  const urls = Array.isArray(record.available_urls)
    ? record.available_urls.filter((url): url is string => typeof url === 'string')
    : [];
  return new ApiError({
    kind: 'Custom',
    status,
    code,
    fieldErrors: normaliseFieldErrors(record.errors),
    serverMessage: textOf(record.message) ?? textOf(record.error_description),
    availableUrls: urls,
    body,
    retryAfterMs,
    messageKey: messageRef.safeParse(record.message_key).data ?? null,
    fieldKeys: readFieldKeys(record.error_keys),
  });
}

/**
 * A message for the user: a screen-specific text for the code (overrides), else the server's message translated by
 * its catalogue key, else the translation of the code, else the server's text, else a generic one.
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  overrides: Partial<Record<AppErrorCode, string>> = {},
): string {
  if (!(error instanceof ApiError)) return t('errors.undefined');
  if (error.kind === 'Network') return t('errors.network');
  if (error.kind === 'Timeout') return t('errors.longResponse');
  const override = overrides[error.code];
  if (override) return override;
  if (error.messageKey) {
    const text = translateMessage(error.messageKey, t);
    // A validation failure's headline names its field, as the server's text does: "email: required field".
    const [field] = Object.keys(error.fieldErrors);
    return error.code === 'ValidationFailed' && field ? `${field}: ${text}` : text;
  }
  const key = `errors.codes.${error.code}`;
  if (error.code !== 'Undefined' && error.code !== 'ValidationFailed') return t(key);
  return error.serverMessage ?? t('errors.undefined');
}
