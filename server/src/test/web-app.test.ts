import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness';

const webDist = mkdtempSync(join(tmpdir(), 'aircargo-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
const ctx = await createTestApp({ seed: false, config: { webDist } });

describe('serving the web app', () => {
  it('serves the built files and the index at /', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root">');
    expect((await ctx.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
  });

  it('falls back to the index for the routes of the single-page app', async () => {
    for (const path of ['/flights/tabs/current', '/settings/users', '/signIn?redirect=%2Fbookings']) {
      const response = await ctx.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('answers unknown API, OAuth and forwarder API paths with a JSON 404', async () => {
    for (const path of ['/api/v3/nothing', '/oauth/nothing', '/forwarders_api/v1/nothing', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error).toBe('NotFound');
    }
  });
});
