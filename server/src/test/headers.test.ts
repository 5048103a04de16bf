import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../app';
import { createTestApp, DEMO } from './harness';

/** Issue 8 item 8: security headers, caching of token answers, framework errors, static dotfiles, parsers. */
const webDist = mkdtempSync(join(tmpdir(), 'aircargo-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
mkdirSync(join(webDist, '.vite'));
writeFileSync(join(webDist, '.vite', 'manifest.json'), '{"secret-build-map": true}');
writeFileSync(join(webDist, '.env'), 'SECRET=1');
const ctx = await createTestApp({ config: { webDist } });
const { app } = ctx;

function tokenCall(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/oauth/token', payload });
}

describe('security headers', () => {
  it('sends a strict CSP that forbids framing, nosniff and no-referrer on the web app and the API', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('sends HSTS only behind TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await createTestApp({ seed: false, config: { trustProxy: true } });
    const behindTls = await tls.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindTls.headers['strict-transport-security']).toContain('max-age=');
  });

  it('marks every token answer, good or bad, as not to be stored', async () => {
    const good = await tokenCall({ grant_type: 'password', email: DEMO.fwdB, password: 'demo-pass-2026' });
    expect(good.statusCode).toBe(200);
    const bad = await tokenCall({ grant_type: 'refresh_token', refresh_token: 'nope' });
    expect(bad.statusCode).toBe(400);
    const info = await app.inject({
      method: 'GET',
      url: '/oauth/token/info',
      headers: ctx.as(good.json().access_token),
    });
    for (const response of [good, bad, info]) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 with WWW-Authenticate: Bearer, and invalid_token for a refused token', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/v3/profiles/me' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="api"');
    const wrong = await app.inject({ method: 'GET', url: '/api/v3/profiles/me', headers: ctx.as('forged') });
    expect(wrong.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

describe('framework errors in the error model', () => {
  it('answers a bad URL encoding with 400 {error, errors, message}', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v3/airports/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', errors: {} });
    expect(typeof response.json().message).toBe('string');
  });

  it('answers headers too large with 431 in the error model (over a real socket)', async () => {
    // A separate app: the harness closes the shared one, and this one must stop listening too.
    const listening = await createTestApp({ seed: false });
    const address = await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += String(chunk);
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      error: 'RequestHeaderFieldsTooLarge',
      errors: {},
      message: 'Request header fields too large',
    });
  });
});

describe('the static server', () => {
  it('never serves dotfiles such as the Vite manifest', async () => {
    for (const url of ['/.vite/manifest.json', '/.env', '/%2Evite/manifest.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });
});

describe('parsers', () => {
  it('takes a form-encoded body on the OAuth routes only', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const oauth = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: form,
      payload: `grant_type=password&email=${encodeURIComponent(DEMO.fwdB)}&password=demo-pass-2026`,
    });
    expect(oauth.statusCode).toBe(200);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: form,
      payload: 'email=form%40example.com&password=Kestrel-Harbour-1987&password_confirmation=Kestrel-Harbour-1987',
    });
    expect(signUp.statusCode).toBe(415);
    expect(signUp.json().error).toBe('BadRequest');
  });

  it('does not coerce true or [9] in a JSON body to a number', async () => {
    const token = await ctx.signIn(DEMO.suManager);
    for (const role_id of [true, [9], '', null]) {
      const response = await ctx.call('PATCH', '/api/v3/profiles/me/current_role', token, { role_id });
      expect(response.statusCode, JSON.stringify(role_id)).toBe(422);
    }
  });

  it('builds query objects without a prototype', async () => {
    const parsed = parseQuery('__proto__=x&constructor=y&toString=z');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    const token = await ctx.signIn(DEMO.fwdA);
    const response = await ctx.call('GET', '/api/v3/airports?__proto__[]=1&constructor=2&per_page=2', token);
    expect(response.statusCode).toBeLessThan(500);
  });
});
