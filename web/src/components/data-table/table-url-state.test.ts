import { MAX_PAGE_SIZE, pageQuery } from '@aircargo/contract/common';
import { describe, expect, it } from 'vitest';
import { readTableState, tableQuery, writeTableState } from './table-url-state';

describe('table state in the URL', () => {
  it('reads page, per_page, sort and known filters', () => {
    const state = readTableState(new URLSearchParams('page=3&per_page=50&sort=-name&state=active&junk=1'), {
      filterKeys: ['state', 'q'],
    });
    expect(state).toEqual({ page: 3, perPage: 50, sort: '-name', filters: { state: 'active' } });
  });

  it('falls back to defaults for missing or bad values', () => {
    expect(readTableState(new URLSearchParams('page=-2&per_page=abc'), { defaultSort: 'name' })).toEqual({
      page: 1,
      perPage: 25,
      sort: 'name',
      filters: {},
    });
  });

  it('caps a per_page from the URL to the largest page the server answers', () => {
    const state = readTableState(new URLSearchParams('per_page=300'));
    expect(state.perPage).toBe(MAX_PAGE_SIZE);
    // What the web sends the server's validation accepts: no 422 for a page size taken from a URL.
    expect(pageQuery.safeParse({ per_page: String(state.perPage) }).success).toBe(true);
    expect(pageQuery.safeParse({ per_page: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
  });

  it('goes back to page 1 when sorting or filtering changes', () => {
    const params = new URLSearchParams('page=4&sort=name');
    expect(writeTableState(params, { sort: '-name' }).toString()).toBe('sort=-name');
    expect(writeTableState(params, { filters: { q: 'aero' } }).toString()).toBe('sort=name&q=aero');
    expect(writeTableState(params, { page: 5 }).toString()).toBe('page=5&sort=name');
    expect(writeTableState(params, { filters: { q: '' } }).get('q')).toBeNull();
  });

  it('builds the list query', () => {
    expect(tableQuery({ page: 2, perPage: 25, sort: '-created_at', filters: { state: 'blocked' } })).toEqual({
      page: 2,
      per_page: 25,
      sort: '-created_at',
      state: 'blocked',
    });
  });
});
