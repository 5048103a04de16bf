import { PERMISSION_NAMES, PUBLIC } from '@aircargo/domain';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness';

const ctx = await createTestApp({ seed: false });

describe('the route table', () => {
  it('declares a known permission on every registered route', () => {
    const known = new Set<string>([...PERMISSION_NAMES, PUBLIC]);
    const missing = ctx.app.routeTable.filter((r) => !r.permission || !known.has(r.permission));
    expect(missing.map((r) => `${r.method} ${r.url} -> ${r.permission}`)).toEqual([]);
    expect(ctx.app.routeTable.length).toBeGreaterThan(10);
  });

  it('keeps public routes to sign-in, health, docs, the web app, log intake, shipment tracking and telegram intake', () => {
    const allowed = [
      /^\/oauth\//,
      /^\/api\/health$/,
      /^\/api\/docs/,
      /^\/api\/events\/raw$/,
      /^\/api\/v2\/users/,
      // Public tracking of a shipment by its number (issue 12 item 5): a public-safe view, rate limited per address.
      /^\/api\/v3\/tracking\/:mawb$/,
      // The gateway's telegram intake (issue 14): authenticated by its own intake key, rate limited per address.
      /^\/api\/v3\/telegram_intake$/,
      /^\/\*$/,
    ];
    const open = ctx.app.routeTable.filter((r) => r.permission === PUBLIC && !allowed.some((re) => re.test(r.url)));
    expect(open.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
