import {
  issueMessage,
  type Message,
  type MessageKey,
  type MessageParams,
  renderMessage,
} from '@aircargo/contract/messages';
import type { ErrorCode } from '@aircargo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A message: English text (no catalogue key) or a catalogue message (key and parameters, decision 013). */
export type MessageInput = string | Message;
export type FieldErrors = Record<string, MessageInput[]>;

const keyed = (key: MessageKey, params: MessageParams = {}): Message => ({ key, params });

function textOf(message: MessageInput): string {
  return typeof message === 'string' ? message : renderMessage(message);
}

function keyOf(message: MessageInput): Message | null {
  return typeof message === 'string' ? null : message;
}

/**
 * An error a client caused or may see: status, application code, message and per-field errors. Messages given as
 * catalogue messages (`{key, params}`) travel with their keys; plain text travels as it is.
 */
export class AppError extends Error {
  /** The English texts per field, as the error body's `errors` carries them. */
  readonly fieldErrors: Record<string, string[]>;
  readonly messageKey: Message | null;
  readonly fieldKeys: Record<string, (Message | null)[]>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: MessageInput,
    fieldErrors: FieldErrors = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(textOf(message));
    this.messageKey = keyOf(message);
    this.fieldErrors = Object.fromEntries(Object.entries(fieldErrors).map(([f, list]) => [f, list.map(textOf)]));
    this.fieldKeys = Object.fromEntries(Object.entries(fieldErrors).map(([f, list]) => [f, list.map(keyOf)]));
  }
}

/** A catalogue message for AppError and the helpers below. */
export const message = keyed;

export const notFound = (text: MessageInput = keyed('notFound')) => new AppError(404, 'NotFound', text);
export const exists = (text: MessageInput, field?: string) =>
  new AppError(422, 'Exists', text, field ? { [field]: [text] } : {});
export const emptyFields = (text: MessageInput, fieldErrors: FieldErrors = {}) =>
  new AppError(422, 'EmptyFields', text, fieldErrors);
export const unauthorized = (text: MessageInput = keyed('notAuthorized')) => new AppError(401, 'Unauthorized', text);
export const forbidden = (text: MessageInput = keyed('accessDenied'), availableUrls?: string[]) =>
  new AppError(403, 'Forbidden', text, {}, availableUrls ? { available_urls: availableUrls } : {});
export const validation = (fieldErrors: FieldErrors, text: MessageInput = keyed('validationFailed')) =>
  new AppError(422, 'ValidationFailed', text, fieldErrors);

/** What fastify-type-provider-zod makes of a zod issue: the code as keyword, the issue's own fields as params. */
interface ZodLikeIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown> & { issue?: { path?: (string | number)[]; message?: string } };
}

function validationErrorOf(error: FastifyError): AppError {
  const fields: FieldErrors = {};
  for (const raw of (error.validation ?? []) as ZodLikeIssue[]) {
    const path = raw.params?.issue?.path ?? raw.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.length ? path.join('.') : (error.validationContext ?? 'body');
    const issue = issueMessage({
      ...(raw.params ?? {}),
      code: raw.keyword ?? 'custom',
      message: raw.params?.issue?.message ?? raw.message,
    });
    fields[field] = [...(fields[field] ?? []), issue];
  }
  const first = Object.entries(fields)[0];
  const firstMessage = first?.[1][0];
  if (!first || !firstMessage) return validation({});
  const failure = validation(fields, firstMessage);
  // The spec's text names the field ("email: required field"); message_key stays the field's own message.
  failure.message = `${first[0]}: ${textOf(firstMessage)}`;
  return failure;
}

/**
 * Constraint violations that a race lets through the services' own checks: a unique key taken meanwhile is Exists,
 * a referenced row missing is EmptyFields, a value out of the column's range is a validation failure.
 */
function databaseErrorOf(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return new AppError(422, 'Exists', keyed('alreadyTaken'));
    if (code === '23503') return new AppError(422, 'EmptyFields', keyed('referenceMissing'));
    if (
      code === '22P02' ||
      code === '22003' ||
      code === '22001' ||
      code === '23514' ||
      code === '22007' ||
      code === '22008' ||
      // Bad encoding (a NUL byte) and untranslatable characters in text or jsonb; the request refinement stops them first.
      code === '22021' ||
      code === '22P05'
    )
      return new AppError(422, 'ValidationFailed', keyed('valueMalformed'));
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What an error may put in the log. A failed query (drizzle wraps it with the SQL text and its parameters, which can
 * hold password hashes, tokens and personal data) is logged by SQLSTATE and statement, never with its parameters or
 * the database's message (which quotes values).
 */
export function loggableError(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const query = (error as { query?: unknown }).query;
      const statement = typeof query === 'string' ? query.replace(/\s+/g, ' ').slice(0, 300) : undefined;
      return { type: 'DatabaseError', sqlstate: code, statement };
    }
    e = (e as { cause?: unknown }).cause;
  }
  if (error instanceof Error && 'params' in error) return { type: error.name, message: 'query failed' };
  return error;
}

/** One error model for every response: `{error, errors, message}`; never a stack trace. */
/** The error body of seed 001 section 8 with the catalogue keys beside the texts (decision 013). */
export function errorBodyOf(error: AppError): Record<string, unknown> {
  const { retryAfter: _omit, ...extra } = error.extra;
  const body: Record<string, unknown> = { error: error.code, errors: error.fieldErrors, message: error.message };
  if (error.messageKey) body.message_key = error.messageKey;
  if (Object.values(error.fieldKeys).some((list) => list.some((item) => item !== null)))
    body.error_keys = error.fieldKeys;
  return { ...body, ...extra };
}

const clientErrorKeys: Partial<Record<ErrorCode, MessageKey>> = {
  PayloadTooLarge: 'payloadTooLarge',
  TooManyRequests: 'tooManyRequests',
  NotFound: 'notFound',
};

/** One error model for every response: `{error, errors, message}` plus keys; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies have one shape of their own: never run them through a route's response schemas.
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    if (error instanceof AppError) {
      if (error.status === 429 && error.extra.retryAfter) reply.header('Retry-After', String(error.extra.retryAfter));
      if (error.status === 401) {
        // RFC 6750: name the scheme; a token that was presented and refused is an invalid_token.
        const presented = /^bearer\s+\S/i.test(request.headers.authorization ?? '');
        reply.header(
          'WWW-Authenticate',
          presented ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"',
        );
      }
      return reply.status(error.status).send(errorBodyOf(error));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(422).send(errorBodyOf(validationErrorOf(error)));
    }
    const dbError = databaseErrorOf(error);
    if (dbError) return reply.status(dbError.status).send(errorBodyOf(dbError));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBodyOf(new AppError(500, 'Undefined', keyed('undefinedError'))));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 413
          ? 'PayloadTooLarge'
          : status === 429
            ? 'TooManyRequests'
            : status === 404
              ? 'NotFound'
              : 'BadRequest';
      // Fastify's own client errors (bad JSON, unsupported media type, body too large) keep their status and text.
      const key = clientErrorKeys[code] ?? 'badRequest';
      const body = { error: code, errors: {}, message: error.message, message_key: keyed(key) };
      return reply.status(status).send(body);
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(errorBodyOf(new AppError(500, 'Undefined', keyed('undefinedError'))));
  });
}
