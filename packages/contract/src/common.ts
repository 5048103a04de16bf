import { ERROR_CODES } from '@aircargo/domain';
import { z } from 'zod';

/** The one error body of seed 001 section 8: `{error, errors, message}`. */
export const errorBody = z.object({
  error: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())),
  message: z.string(),
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

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/)
    .optional(),
  q: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const iataAirport = z
  .string()
  .regex(/^[A-Z]{3}$/, 'invalid format')
  .describe('IATA airport or city code');

/** A date without time, `YYYY-MM-DD`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid format');

export const okBody = z.object({});
