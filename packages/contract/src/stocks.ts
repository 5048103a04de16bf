import { parseBlank } from '@aircargo/domain/awb';
import { z } from 'zod';
import { iataAirport, idParam, numberFrom, pageQuery, paginated } from './common';
import { booleanParam, optionalText, refId } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

/**
 * AWB stock (seed 001 sections 3, 5, 7; issue 12 item 1; domain primer section 1): an airline's prefixes, the ranges of
 * blank serials it hands to a forwarder or a location, and the numbers issued from them. A number is
 * `PPP-SSSSSSSC`: 3-digit prefix, 7-digit serial (the "blank") and check digit = serial mod 7. A number is used once,
 * ever: a voided one is blocked for good.
 */

const tags = ['stocks'] as const;

/** A 3-digit AWB prefix. */
export const awbPrefix = z
  .string()
  .trim()
  .regex(/^\d{3}$/, msg('exactDigits', { length: 3 }));

/**
 * A blank number in a request: the 7-digit serial, or serial plus its check digit (8 digits). Anything else is an
 * "invalid blank number"; 8 digits whose last is not serial mod 7 an "invalid control bit". Parsed to the serial.
 */
export const blankNumber = z.union([z.string(), z.number().int().nonnegative()]).transform((v, ctx) => {
  const parsed = parseBlank(typeof v === 'number' ? String(v).padStart(7, '0') : v);
  if ('error' in parsed) {
    ctx.addIssue({
      code: 'custom',
      message: msg(parsed.error === 'invalidControlBit' ? 'awbControlBit' : 'awbBlankNumber'),
    });
    return z.NEVER;
  }
  return parsed.serial;
});

/** Share of a range's quantity under which its free numbers count as low stock (no airline setting holds one yet). */
export const LOW_STOCK_SHARE = 0.1;
/** At most this many rows in a ranges export. */
export const STOCK_EXPORT_MAX_ROWS = 10_000;

export const awbPrefixRecord = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  airline_short_name: z.string(),
  prefix: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Ranges on the prefix, and their free numbers, within what the caller may see. */
  ranges_count: z.number().int(),
  free_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AwbPrefixRecord = z.infer<typeof awbPrefixRecord>;

export const awbPrefixCreate = z.object({
  prefix: awbPrefix,
  /** The airline the prefix is for: the platform names it, an airline's own is taken. */
  airline_id: refId.optional(),
  description: optionalText(200),
  active: z.boolean().default(true),
});
export type AwbPrefixCreate = z.infer<typeof awbPrefixCreate>;

export const awbPrefixUpdate = z.object({
  /** A prefix changes only while no range uses it. */
  prefix: awbPrefix.optional(),
  description: optionalText(200),
  active: z.boolean().optional(),
});
export type AwbPrefixUpdate = z.infer<typeof awbPrefixUpdate>;

export const stockRange = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  airline_short_name: z.string(),
  prefix: z.string(),
  /** 7-digit serials ("blanks") and the numbers they make. */
  first_blank: z.string(),
  last_blank: z.string(),
  first_number: z.string(),
  last_number: z.string(),
  quantity: z.number().int(),
  /** Numbers not yet issued (and not taken by a typed number). */
  free_count: z.number().int(),
  allocated_count: z.number().int(),
  used_count: z.number().int(),
  voided_count: z.number().int(),
  /** True while the range has free numbers. */
  free: z.boolean(),
  bso: z.boolean(),
  /** Free numbers below LOW_STOCK_SHARE of the quantity. */
  low_stock: z.boolean(),
  forwarder_id: z.number().int().nullable(),
  forwarder_short_name: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StockRange = z.infer<typeof stockRange>;

const rangeFilters = {
  prefix: awbPrefix.optional(),
  airline_id: numberFrom(refId).optional(),
  forwarder_id: numberFrom(refId).optional(),
  location: iataAirport.optional(),
  /** Only ranges (or numbers) that are free. */
  free_only: booleanParam.optional(),
  bso: booleanParam.optional(),
};

export const stockRangesQuery = pageQuery.omit({ sort: true, q: true }).extend(rangeFilters);
export type StockRangesQuery = z.infer<typeof stockRangesQuery>;
export const stockExportQuery = z.object(rangeFilters);
export type StockExportQuery = z.infer<typeof stockExportQuery>;

export const NUMBER_STATUSES = ['free', 'allocated', 'used', 'voided'] as const;

/** One blank of the stock list. */
export const stockNumber = z.object({
  prefix: z.string(),
  blank: z.string(),
  number: z.string(),
  airline_id: z.number().int(),
  airline_short_name: z.string(),
  range_id: z.number().int(),
  forwarder_id: z.number().int().nullable(),
  forwarder_short_name: z.string().nullable(),
  location: z.string().nullable(),
  free: z.boolean(),
  bso: z.boolean(),
  status: z.enum(NUMBER_STATUSES),
});
export type StockNumber = z.infer<typeof stockNumber>;

/** The stock list: blanks of the visible ranges, by prefix and serial; `first_blank`/`last_blank` narrow the serials. */
export const stockListQuery = stockRangesQuery.extend({
  first_blank: blankNumber.optional(),
  last_blank: blankNumber.optional(),
});
export type StockListQuery = z.infer<typeof stockListQuery>;

/**
 * Assign: hands the blanks `first_blank..last_blank` (or `quantity` blanks from `first_blank`) of one of the airline's
 * prefixes to a forwarder holding an agreement with the airline, or to a location (an airport). Makes a range; blanks
 * of another range may not overlap.
 */
export const stockAssign = z
  .object({
    prefix: awbPrefix,
    airline_id: refId.optional(),
    first_blank: blankNumber,
    last_blank: blankNumber.optional(),
    quantity: z.number().int().positive().max(10_000_000).optional(),
    forwarder_id: refId.optional(),
    location: iataAirport.optional(),
    bso: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.last_blank === undefined && v.quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['last_blank'], message: msg('required') });
    }
    if ((v.forwarder_id === undefined) === (v.location === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['forwarder_id'], message: msg('stockHolderRequired') });
    }
  });
export type StockAssign = z.infer<typeof stockAssign>;

/** Withdraw: the unused numbers at the end of a range (all of them, or the last `quantity`) go back to the airline. */
export const stockWithdraw = z.object({
  range_id: refId,
  quantity: z.number().int().positive().max(10_000_000).optional(),
});
export type StockWithdraw = z.infer<typeof stockWithdraw>;

export const stockWithdrawResult = z.object({
  withdrawn: z.number().int(),
  /** The serials that went back, or null when none did. */
  first_blank: z.string().nullable(),
  last_blank: z.string().nullable(),
  /** The range afterwards; null when nothing of it had been issued and it is gone. */
  range: stockRange.nullable(),
});
export type StockWithdrawResult = z.infer<typeof stockWithdrawResult>;

const fileBody = z.string().describe('CSV text or XLSX workbook (binary)');

export const stocksApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/stocks',
    permission: 'stocks:read',
    tags,
    summary: 'AWB stock: blanks of the visible ranges with free and BSO flags',
    query: stockListQuery,
    response: paginated(stockNumber),
  }),
  ranges: endpoint({
    method: 'GET',
    path: '/api/v1/stocks/ranges',
    permission: 'stocks:read',
    tags,
    summary: 'AWB stock ranges with counts of free numbers and the low-stock flag',
    query: stockRangesQuery,
    response: paginated(stockRange),
  }),
  rangesCsv: endpoint({
    method: 'GET',
    path: '/api/v1/stocks/ranges.csv',
    permission: 'stocks:read',
    tags,
    summary: 'AWB stock ranges as CSV (ranges.{format})',
    query: stockExportQuery,
    response: fileBody,
  }),
  rangesXlsx: endpoint({
    method: 'GET',
    path: '/api/v1/stocks/ranges.xlsx',
    permission: 'stocks:read',
    tags,
    summary: 'AWB stock ranges as XLSX (ranges.{format})',
    query: stockExportQuery,
    response: fileBody,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/v1/stocks/assign',
    permission: 'stocks:write',
    tags,
    summary: 'Assign a range of blanks to a forwarder or a location',
    body: stockAssign,
    response: stockRange,
    status: 201,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/v1/stocks/withdraw',
    permission: 'stocks:write',
    tags,
    summary: 'Withdraw the unused numbers of a range',
    body: stockWithdraw,
    response: stockWithdrawResult,
  }),
};

export const stockPrefixesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/stocks/prefixes',
    permission: 'stocks:read',
    tags,
    summary: 'AWB prefixes of the airlines whose stock the caller sees',
    response: z.object({ data: z.array(awbPrefixRecord) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/stocks/prefixes',
    permission: 'stocks:write',
    tags,
    summary: 'Add an AWB prefix to an airline',
    body: awbPrefixCreate,
    response: awbPrefixRecord,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/stocks/prefixes/:id',
    permission: 'stocks:write',
    tags,
    summary: 'Edit an AWB prefix (the digits only while no range uses them)',
    params: idParam,
    body: awbPrefixUpdate,
    response: awbPrefixRecord,
  }),
};
