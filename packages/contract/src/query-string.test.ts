import { describe, expect, it } from 'vitest';
import { parseQueryString, toQueryString } from './query-string';

describe('the shared query-string codec', () => {
  it('writes bracket arrays and objects and leaves empty values out', () => {
    expect(
      toQueryString({ page: 2, sort: '-name', ids: [1, 2], q: undefined, e: '', n: null, f: { state: 'active' } }),
    ).toBe('page=2&sort=-name&ids[]=1&ids[]=2&f[state]=active');
    expect(toQueryString({ d: new Date(Date.UTC(2026, 2, 1)) })).toBe('d=2026-03-01T00%3A00%3A00.000Z');
    expect(toQueryString(undefined)).toBe('');
  });

  it('reads what it writes, as the server parses it', () => {
    const text = toQueryString({ q: 'S V&x=1', ids: ['3', '4'], one: ['x'], f: { state: 'blocked' } });
    expect(parseQueryString(text)).toEqual({ q: 'S V&x=1', ids: ['3', '4'], one: ['x'], f: { state: 'blocked' } });
  });

  it('keeps the last value of a repeated plain key and refuses prototype keys', () => {
    const parsed = parseQueryString('?a=1&a=2&__proto__[polluted]=1&constructor[x]=1');
    expect(parsed.a).toBe('2');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps long bracket lists as lists', () => {
    const text = Array.from({ length: 300 }, (_, i) => `ids[]=${i}`).join('&');
    const ids = parseQueryString(text).ids;
    expect(Array.isArray(ids) && ids.length).toBe(300);
  });
});
