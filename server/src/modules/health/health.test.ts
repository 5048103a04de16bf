import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

// The auth cache on (the PostgreSQL suite turns it off elsewhere) so that its channel is listened to on both databases.
const ctx = await createTestApp({ seed: false, config: { authCacheTtlMs: 5000 } });

describe('GET /api/health', () => {
  it('answers ok with the database kind and version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'pglite',
      version: expect.any(String),
      notifications: {
        state: 'live',
        channels: expect.arrayContaining(['auth_change', 'routing_change', 'tariffs_change', 'timetable_change']),
        reconnects: 0,
        since: expect.any(String),
        last_error: null,
      },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v3/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NotFound', errors: {} });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v3/profiles/me');
  });
});
