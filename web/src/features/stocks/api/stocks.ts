import { MAX_PAGE_SIZE } from '@aircargo/contract/common';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import {
  type AwbPrefixRecord,
  awbPrefixCreate,
  awbPrefixUpdate,
  LOW_STOCK_SHARE,
  type StockRange,
  type StockWithdrawResult,
  stockAssign,
  stockPrefixesApi,
  stocksApi,
  stockWithdraw,
} from '@aircargo/contract/stocks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { useCan } from '@/lib/auth/permissions';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { formSchema } from '@/lib/validation/messages';

export type { AwbPrefixRecord, StockRange, StockWithdrawResult };
export { LOW_STOCK_SHARE };

const STOCKS = ['stocks'] as const;

export type StockRangesListQuery = EndpointQuery<typeof stocksApi.ranges>;

/** Filters of the ranges list that the server takes as they are typed, codes upper-cased. */
function rangesQuery(query: Record<string, string | number>): StockRangesListQuery {
  const sent: Record<string, string | number> = { ...query };
  if (typeof sent.location === 'string') sent.location = sent.location.trim().toUpperCase();
  return sent as StockRangesListQuery;
}

/** The visible ranges with their counts, a page at a time. */
export function useStockRanges(query: Record<string, string | number>) {
  const sent = rangesQuery(query);
  return useQuery({
    queryKey: [...STOCKS, 'ranges', sent],
    queryFn: ({ signal }) => callApi(stocksApi.ranges, { query: sent, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The ranges running low, whatever page or filter the list shows: the first MAX_PAGE_SIZE visible ranges (a holder has
 * far fewer) filtered to those with `low_stock`. `more` tells that there are ranges beyond the ones read.
 */
export function useLowStock() {
  const query = { per_page: MAX_PAGE_SIZE } as StockRangesListQuery;
  const ranges = useQuery({
    queryKey: [...STOCKS, 'ranges', 'low', query],
    queryFn: ({ signal }) => callApi(stocksApi.ranges, { query, signal }),
  });
  return {
    low: (ranges.data?.data ?? []).filter((r) => r.low_stock),
    more: (ranges.data?.meta.total_count ?? 0) > MAX_PAGE_SIZE,
  };
}

/** The ranges the export sends: the list's filters without paging. */
export function exportQuery(query: Record<string, string | number>): Record<string, string | number> {
  const {
    page: _page,
    per_page: _perPage,
    sort: _sort,
    ...filters
  } = rangesQuery(query) as Record<string, string | number>;
  return filters;
}

export const RANGES_CSV_PATH = stocksApi.rangesCsv.path;
export const RANGES_XLSX_PATH = stocksApi.rangesXlsx.path;

export function useStockPrefixes() {
  return useQuery({
    queryKey: [...STOCKS, 'prefixes'],
    queryFn: ({ signal }) => callApi(stockPrefixesApi.list, { signal }),
  });
}

/**
 * A cleared input of an optional field the contract takes as absent (not null): its key is dropped before validation,
 * so "all of them" (a withdrawal without a quantity) or "no last blank" (assign by quantity) are sent as the API reads
 * them.
 */
function withoutNulls<S extends z.ZodType>(schema: S, keys: readonly string[]): z.ZodType<z.output<S>, z.input<S>> {
  return formSchema(
    z.preprocess((value) => {
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value).filter(([key, item]) => !(keys.includes(key) && (item === null || item === undefined))),
      );
    }, schema),
  ) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

export const prefixCreateFormSchema = withoutNulls(awbPrefixCreate, ['airline_id', 'active']);
export type PrefixCreateForm = z.input<typeof awbPrefixCreate>;
export const prefixUpdateFormSchema = withoutNulls(awbPrefixUpdate, ['prefix', 'active']);
export type PrefixUpdateForm = z.input<typeof awbPrefixUpdate>;
export const assignFormSchema = withoutNulls(stockAssign, [
  'airline_id',
  'last_blank',
  'quantity',
  'forwarder_id',
  'location',
]);
export type AssignForm = z.input<typeof stockAssign>;
export const withdrawFormSchema = withoutNulls(stockWithdraw, ['quantity']);
export type WithdrawForm = z.input<typeof stockWithdraw>;

export function useCreatePrefix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrefixCreateForm) => callApi(stockPrefixesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: STOCKS }),
  });
}

export function useUpdatePrefix(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrefixUpdateForm) => callApi(stockPrefixesApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: STOCKS }),
  });
}

export function useAssignRange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignForm) => callApi(stocksApi.assign, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: STOCKS }),
  });
}

export function useWithdrawRange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawForm) => callApi(stocksApi.withdraw, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: STOCKS }),
  });
}

/** Airlines (for the platform naming one) or forwarders (the airline's clients; every one for the platform). */
export function useCompanyOptions(companyType: 'airline' | 'forwarder', enabled = true) {
  const mayRead = useCan('notable_companies:read');
  const query = useQuery({
    queryKey: ['reference', 'notable-companies', companyType],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: companyType, per_page: 200, sort: 'short_name' },
        signal,
        kind: `notable-companies-${companyType}`,
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled: enabled && mayRead,
  });
  return (query.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.airline_code ?? c.short_name} — ${c.name}`,
  }));
}

export const STOCKS_PATH = '/settings/stocks';
