import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allEndpoints } from '@aircargo/contract/api';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness';

const ctx = await createTestApp({ seed: false });
const SRC = join(import.meta.dirname, '..');

/** Contract groups whose server has not landed yet: their endpoints are defined for the web and wait for it. */
const NOT_SERVED_YET = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('routes come from the contract', () => {
  it('registers every API route from an endpoint definition', () => {
    const api = ctx.app.routeTable.filter(
      (r) => /^\/(api|oauth|forwarders_api)\//.test(r.url) && !r.url.startsWith('/api/docs'),
    );
    expect(api.length).toBeGreaterThan(30);
    const raw = api.filter((r) => !r.endpoint);
    expect(raw.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const r of api) {
      expect(r.endpoint?.path, `${r.method} ${r.url}`).toBe(r.url);
      expect(r.endpoint?.method, `${r.method} ${r.url}`).toBe(r.method);
      expect(r.permission, `${r.method} ${r.url}`).toBe(r.endpoint?.permission);
    }
  });

  it('serves every endpoint of the contract exactly once (except groups whose server has not landed)', () => {
    const served = new Map<unknown, number>();
    for (const r of ctx.app.routeTable) if (r.endpoint) served.set(r.endpoint, (served.get(r.endpoint) ?? 0) + 1);
    const missing = allEndpoints()
      .filter((e) => !NOT_SERVED_YET.has(e.group) && served.get(e.endpoint) !== 1)
      .map((e) => `${e.id} ${e.endpoint.method} ${e.endpoint.path} served ${served.get(e.endpoint) ?? 0}x`);
    expect(missing).toEqual([]);
  });

  it('has no raw app.get/post/put/patch/delete/route outside the platform', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !relative(SRC, file).startsWith('platform'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(SRC, file)}:${i + 1}` }))
          .filter(({ line }) =>
            /\b(app|instance|scope|fastify)\.(get|post|put|patch|delete|head|options|all|route)\(/.test(line),
          )
          .map(({ at, line }) => `${at} ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('documents the shared error body for 4xx answers in OpenAPI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const doc = response.json();
    const get = doc.paths['/api/v3/companies/{id}'].get;
    const fourxx = get.responses['4XX'] ?? get.responses['4xx'];
    const schema = JSON.stringify(fourxx);
    expect(schema).toContain('error_keys');
    expect(schema).toContain('message_key');
    const token = doc.paths['/oauth/token'].post;
    expect(JSON.stringify(token.responses['400'])).toContain('error_description');
  });
});
