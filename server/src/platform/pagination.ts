import type { PageQuery, PaginationMeta } from '@aircargo/contract/common';

export function pageMeta(query: Pick<PageQuery, 'page' | 'per_page'>, total: number): PaginationMeta {
  const totalPages = Math.max(1, Math.ceil(total / query.per_page));
  return {
    current_page: query.page,
    next_page: query.page < totalPages ? query.page + 1 : null,
    prev_page: query.page > 1 ? Math.min(query.page - 1, totalPages) : null,
    total_pages: totalPages,
    total_count: total,
    per_page: query.per_page,
  };
}

export function offsetOf(query: Pick<PageQuery, 'page' | 'per_page'>): number {
  return (query.page - 1) * query.per_page;
}
