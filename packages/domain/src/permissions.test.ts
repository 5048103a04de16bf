import { describe, expect, it } from 'vitest';
import { hostScopeOf } from './carrier-rules';
import { hasPermission, PERMISSION_NAMES, PERMISSIONS, permissionsOf } from './permissions';

describe('permission matrix', () => {
  it('gives the platform every permission but those bound to a subdomain', () => {
    expect(PERMISSION_NAMES.filter((p) => !permissionsOf('platform', null).includes(p))).toEqual([
      'air_waybills:create',
      'feature_requests:read',
      'feature_requests:write',
    ]);
    expect(permissionsOf('platform', null, { scope: hostScopeOf('su') })).toEqual(PERMISSION_NAMES);
  });

  it('lets only the platform create companies', () => {
    expect(hasPermission('platform', null, 'companies:create')).toBe(true);
    expect(hasPermission('airline', 'admin', 'companies:create')).toBe(false);
    expect(hasPermission('forwarder', 'admin', 'companies:create')).toBe(false);
  });

  it('lets an airline manager but not an airline billing user create agreements', () => {
    expect(hasPermission('airline', 'manager', 'agreements:create')).toBe(true);
    expect(hasPermission('airline', 'billing', 'agreements:create')).toBe(false);
  });

  it('keeps a visitor to its profile, reference data and the invitations it may accept', () => {
    expect(permissionsOf('visitor', null).sort()).toEqual(
      [
        'profile:read',
        'profile:update',
        'profile:switch_role',
        'invitations:respond',
        'password:change',
        'reference:read',
        'companies:read',
        'notifications:read',
        'ui_settings:read',
        'ui_settings:update',
      ].sort(),
    );
  });

  it('opens handlers to airline default and manager and their editing to the manager (seed 000 section 6)', () => {
    expect(hasPermission('airline', 'operator', 'handlers:read')).toBe(true);
    expect(hasPermission('airline', 'manager', 'handlers:write')).toBe(true);
    expect(hasPermission('airline', 'operator', 'handlers:write')).toBe(false);
    expect(hasPermission('airline', 'billing', 'handlers:read')).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'handlers:read')).toBe(false);
  });

  it('leaves show_settings to the platform and customers to forwarders', () => {
    expect(hasPermission('airline', 'admin', 'airline_ui_setting:read')).toBe(true);
    expect(hasPermission('airline', 'admin', 'airline_ui_setting:update')).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'forwarder_customers:write')).toBe(true);
    expect(hasPermission('airline', 'manager', 'forwarder_customers:read')).toBe(false);
  });

  it('gives issue, cancel issue and deliver to the airline side only (issue 12 item 3)', () => {
    expect(hasPermission('airline', 'operator', 'air_waybills:issue')).toBe(true);
    expect(hasPermission('airline', 'manager', 'air_waybills:issue')).toBe(true);
    expect(hasPermission('platform', null, 'air_waybills:issue')).toBe(true);
    expect(hasPermission('airline', 'billing', 'air_waybills:issue')).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'air_waybills:issue')).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'air_waybills:void')).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'air_waybills:write')).toBe(true);
  });

  it('names only well-formed principals', () => {
    for (const principals of Object.values(PERMISSIONS)) {
      for (const p of principals) expect(p).toMatch(/^(platform|visitor|(airline|forwarder|handler):[a-z_*]+)$/);
    }
  });
});
