import { describe, expect, it } from 'vitest';
import { parseQuery } from './app';
import { createTestApp, DEMO } from './test/harness';

describe('parseQuery', () => {
  it('reads bracket-style arrays and plain keys', () => {
    expect(parseQuery('a=1&ids[]=3&ids[]=4&one[]=x&q=S%20V')).toEqual({
      a: '1',
      ids: ['3', '4'],
      one: ['x'],
      q: 'S V',
    });
  });
});

describe('the query parser in the app', async () => {
  const ctx = await createTestApp();
  it('serves a list call whose query carries brackets and encoded text', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v3/airports?q=%D0%A8%D0%B5%D1%80%D0%B5%D0%BC&per_page=5&unused[]=1',
      headers: ctx.as(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0].iata).toBe('SVO');
  });
});
