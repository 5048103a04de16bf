import { CARRIER_HEADER, hasPermission, hostScopeOf, type Permission, PUBLIC, SUBDOMAINS } from '@aircargo/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT, type RouteEntry } from '../app';
import { createTestApp, DEMO } from './harness';

/**
 * Bad input on every route that takes a body or a query: malformed JSON, wrong types, missing fields, random values,
 * oversize bodies. Every answer is a 4xx in the error model (or a success), never a 500.
 */
const ctx = await createTestApp();
const { app } = ctx;
const token = await ctx.signIn(DEMO.platform);
const headers = ctx.as(token);

const withInput = app.routeTable.filter((r) => (r.hasBody || r.hasQuery) && r.url !== '/*');
const withBody = withInput.filter((r) => r.hasBody);

/**
 * The carrier header of a host where the platform may call the route, for routes the platform reaches only on a
 * subdomain (POST /air_waybills: su); none otherwise. Without it the guard answers 403 before the body is read.
 */
function hostOf(route: RouteEntry): Record<string, string> {
  const permission = route.permission as Permission | typeof PUBLIC | undefined;
  if (!permission || permission === PUBLIC || hasPermission('platform', null, permission)) return {};
  const carrier = Object.values(SUBDOMAINS).find((c) =>
    hasPermission('platform', null, permission, { scope: hostScopeOf(c) }),
  );
  return carrier ? { [CARRIER_HEADER]: carrier } : {};
}

function urlOf(route: RouteEntry, query = ''): string {
  return route.url.replace(/:iata/g, 'SVO').replace(/:[a-z_]+/g, '1') + query;
}

function expectClientError(route: RouteEntry, status: number, body: string) {
  const label = `${route.method} ${route.url} -> ${status} ${body.slice(0, 200)}`;
  expect(status < 500, label).toBe(true);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(typeof parsed.error, label).toBe('string');
    expect(typeof parsed.message, label).toBe('string');
  }
}

describe('bad input on every route', () => {
  it('has routes with bodies and queries to try', () => {
    expect(withBody.length).toBeGreaterThan(3);
  });

  it('answers malformed JSON with 400 in the error model', async () => {
    for (const route of withBody) {
      const response = await app.inject({
        method: route.method as 'POST',
        url: urlOf(route),
        headers: { ...headers, ...hostOf(route), 'content-type': 'application/json' },
        payload: '{"email": "a@b.c", ',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      expectClientError(route, response.statusCode, response.body);
    }
  });

  it('answers bodies of the wrong type and missing fields with a 4xx', async () => {
    for (const route of withBody) {
      for (const payload of ['[]', '42', '"text"', 'null', '{}', '{"id": {"$ne": 1}}', '{"password": 12345678}']) {
        const response = await app.inject({
          method: route.method as 'POST',
          url: urlOf(route),
          headers: { ...headers, ...hostOf(route), 'content-type': 'application/json' },
          payload,
        });
        expectClientError(route, response.statusCode, response.body);
      }
    }
  });

  it('answers oversize bodies with 413', async () => {
    for (const route of withBody) {
      expect(route.bodyLimit).toBeGreaterThanOrEqual(BODY_LIMIT);
      const huge = JSON.stringify({ padding: 'x'.repeat(route.bodyLimit + 10) });
      const response = await app.inject({
        method: route.method as 'POST',
        url: urlOf(route),
        headers: { ...headers, ...hostOf(route), 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(413);
      expectClientError(route, response.statusCode, response.body);
    }
  });

  it('never answers random bodies and queries with a 500', async () => {
    const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const keys = fc.constantFrom(
      'email',
      'password',
      'page',
      'per_page',
      'sort',
      'q',
      'id',
      'name',
      'state',
      'role_id',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withInput),
        fc.dictionary(keys, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 5 }),
        fc.dictionary(keys, fc.string({ maxLength: 20 }), { maxKeys: 4 }),
        async (route, body, query) => {
          const search = new URLSearchParams(query).toString();
          const response = await app.inject({
            method: route.method as 'POST',
            url: urlOf(route, search ? `?${search}` : ''),
            headers: { ...headers, ...hostOf(route) },
            ...(route.hasBody ? { payload: body } : {}),
          });
          expectClientError(route, response.statusCode, response.body);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('covers public routes too', () => {
    expect(withInput.some((r) => r.permission === PUBLIC)).toBe(true);
  });
});
