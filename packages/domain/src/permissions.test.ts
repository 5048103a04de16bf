import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSION_NAMES, PERMISSIONS, permissionsOf } from './permissions';

describe('permission matrix', () => {
  it('gives the platform every permission', () => {
    expect(permissionsOf('platform', null)).toEqual(PERMISSION_NAMES);
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

  it('keeps a visitor to its profile and reference data', () => {
    expect(permissionsOf('visitor', null).sort()).toEqual(
      [
        'profile:read',
        'profile:update',
        'password:change',
        'reference:read',
        'companies:read',
        'notifications:read',
      ].sort(),
    );
  });

  it('names only well-formed principals', () => {
    for (const principals of Object.values(PERMISSIONS)) {
      for (const p of principals) expect(p).toMatch(/^(platform|visitor|(airline|forwarder|handler):[a-z_*]+)$/);
    }
  });
});
