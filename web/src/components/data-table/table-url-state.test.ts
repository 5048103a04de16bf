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
