import {
  BOOKED_FILTERS,
  FLAG_FILTERS,
  VOID_PAYMENT_FILTERS,
  WAYBILL_DATE_TYPES,
  WAYBILL_TABS,
  type WaybillListQueryInput,
  type WaybillTab,
  waybillListQuery,
} from '@aircargo/contract/air-waybill-lists';

export { WAYBILL_TABS, type WaybillTab };
/** The server's default tab: a URL without `tab` shows every waybill. */
export const DEFAULT_TAB: WaybillTab = 'all';

/** Filter flags of seed 001 section 3: booked has its own values, the other flags yes / no / all. */
export const BOOKED_VALUES = BOOKED_FILTERS;
export const FLAG_KEYS = ['issued', 'delivered', 'verified', 'billed', 'departed', 'warning'] as const;
export const FLAG_VALUES = FLAG_FILTERS;
export const VOID_PAYMENT_VALUES = VOID_PAYMENT_FILTERS;
export const DATE_TYPES = WAYBILL_DATE_TYPES;

/** Every query key the URL may hold besides the page cursor and size; each is checked by the contract before it is sent. */
export const FILTER_KEYS = [
  'tab',
  'q',
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

const shape = waybillListQuery.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;

export function validFilter(key: string, value: string): boolean {
  const field = shape[key];
  return field ? field.safeParse(value).success : false;
}

/** The list query from the URL: the tab, valid filters, the cursor and the page size. */
export function queryFromUrl(params: URLSearchParams, perPageOptions: readonly number[]): WaybillListQueryInput {
  const query: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = (TEXT_FILTERS as readonly string[]).includes(key) || key === 'q' ? raw.toUpperCase() : raw;
    if (validFilter(key, value)) query[key] = value;
  }
  if (!query.tab) query.tab = DEFAULT_TAB;
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  const perPage = Number(params.get('per_page'));
  if (perPageOptions.includes(perPage)) query.per_page = perPage;
  return query as WaybillListQueryInput;
}
