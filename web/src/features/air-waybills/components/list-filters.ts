import type { AirWaybillListQuery } from '../api/air-waybills';
import { airWaybillListQuery } from '../api/air-waybills';

/** The list's tabs in the seed's order (seed 000 section 2). */
export const WAYBILL_TABS = ['bookings', 'tracking', 'billing', 'warning', 'voided', 'all'] as const;
export type WaybillTab = (typeof WAYBILL_TABS)[number];
export const DEFAULT_TAB: WaybillTab = 'bookings';

/** Filter flags of seed 001 section 3: booked has its own values, the other flags yes / no / all. */
export const BOOKED_VALUES = ['true', 'false', 'manual', 'cancelled', 'all'] as const;
export const FLAG_KEYS = ['issued', 'delivered', 'verified', 'billed', 'departed', 'warning'] as const;
export const FLAG_VALUES = ['true', 'false', 'all'] as const;
export const VOID_PAYMENT_VALUES = ['required', 'not_required', 'undefined', 'all'] as const;
export const DATE_TYPES = ['created', 'booking', 'issue', 'report', 'billing'] as const;

/** Every query key the URL may hold besides the page cursor and size; each is checked by the contract before it is sent. */
export const FILTER_KEYS = [
  'tab',
  'mawb',
  'origin',
  'destination',
  'carrier',
  'booked',
  ...FLAG_KEYS,
  'void_payment',
  'date_type',
  'date_from',
  'date_to',
  'sort',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Text filters typed by hand: upper-cased like the codes they hold. */
export const TEXT_FILTERS = ['origin', 'destination', 'carrier'] as const;

const shape = airWaybillListQuery.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;

export function validFilter(key: string, value: string): boolean {
  const field = shape[key];
  return field ? field.safeParse(value).success : false;
}

/** The list query from the URL: the tab, valid filters, the cursor and the page size. */
export function queryFromUrl(params: URLSearchParams, perPageOptions: readonly number[]): AirWaybillListQuery {
  const query: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = (TEXT_FILTERS as readonly string[]).includes(key) || key === 'mawb' ? raw.toUpperCase() : raw;
    if (validFilter(key, value)) query[key] = value;
  }
  if (!query.tab) query.tab = DEFAULT_TAB;
  // A date range needs its type: the created date unless another was picked.
  if ((query.date_from || query.date_to) && !query.date_type) query.date_type = 'created';
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  const perPage = Number(params.get('per_page'));
  if (perPageOptions.includes(perPage)) query.per_page = perPage;
  return query as AirWaybillListQuery;
}
