import type { ErrorCode } from '@aircargo/domain';
import { ERROR_MESSAGES } from '@aircargo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

/** An error a client caused or may see: status, application code, message and per-field errors. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NotFound', message);
export const exists = (message: string, field?: string) =>
  new AppError(422, 'Exists', message, field ? { [field]: [message] } : {});
export const emptyFields = (message: string, fieldErrors: FieldErrors = {}) =>
  new AppError(422, 'EmptyFields', message, fieldErrors);
export const unauthorized = (message: string = ERROR_MESSAGES.notAuthorized) =>
  new AppError(401, 'Unauthorized', message);
export const forbidden = (message: string = ERROR_MESSAGES.accessDenied, availableUrls?: string[]) =>
  new AppError(403, 'Forbidden', message, {}, availableUrls ? { available_urls: availableUrls } : {});
export const validation = (fieldErrors: FieldErrors, message = 'Validation failed') =>
  new AppError(422, 'ValidationFailed', message, fieldErrors);

interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

function fieldErrorsOf(error: FastifyError): FieldErrors {
  const out: FieldErrors = {};
  for (const raw of (error.validation ?? []) as ZodLikeIssue[]) {
    const path = raw.params?.issue?.path ?? raw.instancePath?.split('/').filter(Boolean) ?? [];
    const key = path.length ? path.join('.') : (error.validationContext ?? 'body');
    const message = raw.params?.issue?.message ?? raw.message ?? 'is invalid';
    out[key] = [...(out[key] ?? []), message];
  }
  return out;
}

/**
 * Constraint violations that a race lets through the services' own checks: a unique key taken meanwhile is Exists,
 * a referenced row missing is EmptyFields, a value out of the column's range is a validation failure.
 */
function databaseErrorOf(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return new AppError(422, 'Exists', 'Already taken');
    if (code === '23503') return new AppError(422, 'EmptyFields', 'A referenced record must exist');
    if (
      code === '22P02' ||
      code === '22003' ||
      code === '22001' ||
      code === '23514' ||
      code === '22007' ||
      code === '22008'
    )
      return new AppError(422, 'ValidationFailed', 'A value is out of range or malformed');
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** One error model for every response: `{error, errors, message}`; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies have one shape of their own: never run them through a route's response schemas.
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    if (error instanceof AppError) {
      if (error.status === 429 && error.extra.retryAfter) reply.header('Retry-After', String(error.extra.retryAfter));
      const { retryAfter: _omit, ...extra } = error.extra;
      return reply
        .status(error.status)
        .send({ error: error.code, errors: error.fieldErrors, message: error.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = fieldErrorsOf(error);
      const first = Object.entries(errors)[0];
      return reply.status(422).send({
        error: 'ValidationFailed',
        errors,
        message: first ? `${first[0]}: ${first[1][0]}` : 'Validation failed',
      });
    }
    const dbError = databaseErrorOf(error);
    if (dbError)
      return reply.status(dbError.status).send({ error: dbError.code, errors: {}, message: dbError.message });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ error: 'Undefined', errors: {}, message: ERROR_MESSAGES.undefinedError });
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
      // Fastify's own client errors (bad JSON, unsupported media type, body too large) keep their status.
      return reply.status(status).send({ error: code, errors: {}, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Undefined', errors: {}, message: ERROR_MESSAGES.undefinedError });
  });
}
