import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

const ctx = await createTestApp({ seed: false });

describe('GET /api/health', () => {
  it('answers ok with the database kind and version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'pglite',
      version: expect.any(String),
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
