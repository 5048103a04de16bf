import { ERROR_CODES, isEmailAddress, normalizeEmail } from '@aircargo/domain';
import { z } from 'zod';
import { MESSAGES, type MessageKey, msg } from './messages';

/** The largest page a list answers: the server refuses more and the web caps a page size read from a URL to it. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 25;

/** A message of the catalogue as it travels: a stable key and its parameters (decision 013). */
export const messageRef = z.object({
  key: z.enum(Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * The one error body of seed 001 section 8: `{error, errors, message}` with the English texts of the catalogue, and
 * beside them the keys a client translates: `message_key` for `message`, `error_keys` for `errors` (same fields,
 * same order). A text without a catalogue key has no entry there.
 */
export const errorBody = z.object({
  error: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())),
  message: z.string(),
  message_key: messageRef.optional(),
  error_keys: z.record(z.string(), z.array(messageRef.nullable())).optional(),
  available_urls: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Pagination meta of seed 001 section 3. */
export const paginationMeta = z.object({
  current_page: z.number().int(),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  per_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMeta });
}

/**
 * Keyset page meta: `next_cursor` fetches the following page, `prev_cursor` the previous one; null at either end.
 * Cursors are opaque strings bound to the list and sort that made them.
 */
export const keysetMeta = z.object({
  per_page: z.number().int(),
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
  /** Exact up to a cap (10 000), then an estimate with `total_count_exact` false. */
  total_count: z.number().int(),
  total_count_exact: z.boolean(),
});
export type KeysetMeta = z.infer<typeof keysetMeta>;

export function keysetPaginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: keysetMeta });
}

/**
 * A number given as a JSON number or as decimal text (query strings and path parameters are text), checked by `inner`.
 * Unlike `z.coerce.number()` it never turns `true`, `[9]`, `""` or `null` into a number.
 */
export function numberFrom<T extends z.ZodNumber>(inner: T) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}(\.\d{1,15})?$/, 'must be a number'),
    ])
    .transform(Number)
    .pipe(inner);
}

export const pageQuery = z.object({
  page: numberFrom(z.number().int().min(1)).default(1),
  per_page: numberFrom(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/)
    .optional(),
  q: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParam = z.object({ id: numberFrom(z.number().int().positive().max(2_147_483_647)) });

export const iataAirport = z
  .string()
  .regex(/^[A-Z]{3}$/, msg('invalidFormat'))
  .describe('IATA airport or city code');

/** A real calendar date `YYYY-MM-DD` (2026-02-30 and 2023-02-29 are refused). */
export const isoDate = z.iso.date();

/** A date and time with an offset or `Z`, ISO 8601. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const okBody = z.object({});

/**
 * An e-mail address in a request: ASCII only (as sign-up always required), then normalised once (`normalizeEmail`),
 * so look-ups, stored addresses and throttling counters all see the same text.
 */
export const emailAddress = z
  .string()
  .trim()
  .min(1)
  .max(254)
  // An empty address is only "required"; anything else must be a plain ASCII address.
  .refine((value) => value === '' || isEmailAddress(value), 'email entered incorrectly')
  .transform(normalizeEmail);

/** Deepest nesting of arrays and objects any request may carry. */
export const MAX_INPUT_DEPTH = 32;

/** A NUL character or an unpaired UTF-16 surrogate: neither can be stored in a PostgreSQL text or jsonb value. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT = 'contains a character that is not allowed';
export const TOO_DEEP = `is nested more than ${MAX_INPUT_DEPTH} levels deep`;

/** Whether a string can be stored as it is (the refinement every request string passes through). */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);

/**
 * The first place in a request value (body, query or params) that cannot reach the database: a string or key with an
 * unstorable character, or nesting deeper than `maxDepth`. Applied to every request before its schema, so that every
 * contract string is refined alike; never recurses deeper than `maxDepth`.
 */
export function findUnstorable(
  value: unknown,
  maxDepth: number = MAX_INPUT_DEPTH,
  path: (string | number)[] = [],
): { path: (string | number)[]; message: string } | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { path, message: UNSTORABLE_TEXT };
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= maxDepth) return { path, message: TOO_DEEP };
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && !isStorableText(key)) return { path: [...path, key], message: UNSTORABLE_TEXT };
    const found = findUnstorable(item, maxDepth, [...path, key]);
    if (found) return found;
  }
  return null;
}
/** A confirmation with a text, e.g. of a password change. */
export const messageBody = z.object({ message: z.string() });
