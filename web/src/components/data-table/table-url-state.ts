import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@aircargo/contract/common';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = DEFAULT_PAGE_SIZE;

export interface TableUrlState {
  page: number;
  perPage: number;
  /** Server sort: "field" ascending, "-field" descending. */
  sort: string | null;
  filters: Record<string, string>;
}

export interface TableUrlOptions {
  filterKeys?: readonly string[];
  defaultSort?: string | null;
  defaultPerPage?: number;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Paging, sorting and filters read from the URL, so a table's view survives reloads and can be shared. */
export function readTableState(params: URLSearchParams, options: TableUrlOptions = {}): TableUrlState {
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys ?? []) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const perPage = positiveInt(params.get('per_page'), options.defaultPerPage ?? DEFAULT_PER_PAGE);
  return {
    page: positiveInt(params.get('page'), 1),
    // The server refuses larger pages (422): a per_page from a URL is capped to what it answers.
    perPage: Math.min(perPage, MAX_PAGE_SIZE),
    sort: params.get('sort') || (options.defaultSort ?? null),
    filters,
  };
}

/** Writes a change into the URL; any change other than the page itself goes back to page 1. */
export function writeTableState(params: URLSearchParams, patch: Partial<TableUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if (patch.perPage !== undefined) set('per_page', patch.perPage);
  if (patch.sort !== undefined) set('sort', patch.sort);
  if (patch.filters) for (const [key, value] of Object.entries(patch.filters)) set(key, value);
  const resetsPage = patch.perPage !== undefined || patch.sort !== undefined || patch.filters !== undefined;
  if (patch.page !== undefined) set('page', patch.page > 1 ? patch.page : null);
  else if (resetsPage) next.delete('page');
  return next;
}

/** Query parameters for the list endpoint: page, per_page, sort and the filters. */
export function tableQuery(state: TableUrlState): Record<string, string | number> {
  return {
    page: state.page,
    per_page: state.perPage,
    ...(state.sort ? { sort: state.sort } : {}),
    ...state.filters,
  };
}

export interface TableUrlHandle {
  state: TableUrlState;
  query: Record<string, string | number>;
  update: (patch: Partial<TableUrlState>) => void;
}

export function useTableUrlState(options: TableUrlOptions = {}): TableUrlHandle {
  const [params, setParams] = useSearchParams();
  const { filterKeys, defaultSort, defaultPerPage } = options;
  const state = useMemo(
    () => readTableState(params, { filterKeys, defaultSort, defaultPerPage }),
    [params, filterKeys, defaultSort, defaultPerPage],
  );
  const update = useCallback(
    (patch: Partial<TableUrlState>) => setParams((current) => writeTableState(current, patch), { replace: false }),
    [setParams],
  );
  const query = useMemo(() => tableQuery(state), [state]);
  return { state, query, update };
}
