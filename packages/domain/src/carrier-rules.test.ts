import { describe, expect, it } from 'vitest';
import { actingAirline, hostScopeOf, subdomainTypeOf } from './carrier-rules';
import { availableUrls, landingPath } from './landing';
import { allows, hasPermission, permissionsOf } from './permissions';

const DEFAULT = hostScopeOf(null);
const SU = hostScopeOf('su');
const CARGOLINE = hostScopeOf('cargoline');

describe('host scope from the carrier header', () => {
  it('reads the subdomain code and its type', () => {
    expect(hostScopeOf('SU')).toEqual({ environment: 'production', subdomain: 'su', subdomainType: 'airline' });
    expect(hostScopeOf('cargoline', 'staging')).toEqual({
      environment: 'staging',
      subdomain: 'cargoline',
      subdomainType: 'forwarder',
    });
    expect(subdomainTypeOf(null)).toBe('default');
  });

  it('treats a missing or malformed header as the default host', () => {
    expect(hostScopeOf(undefined).subdomain).toBeNull();
    expect(hostScopeOf('').subdomain).toBeNull();
    expect(hostScopeOf('su; drop').subdomain).toBeNull();
    expect(hostScopeOf('x'.repeat(64)).subdomain).toBeNull();
  });
});

describe('acting airline', () => {
  it('is the own airline for airline staff and the airline subdomain for everyone else', () => {
    expect(actingAirline({ type: 'airline', role: 'manager', airline: 'KC' }, SU)).toBe('kc');
    expect(actingAirline({ type: 'forwarder', role: 'operator', airline: null }, SU)).toBe('su');
    expect(actingAirline({ type: 'forwarder', role: 'operator', airline: null }, CARGOLINE)).toBeNull();
    expect(actingAirline({ type: 'platform', role: null, airline: null }, DEFAULT)).toBeNull();
  });
});

describe('carrier and subdomain rules on the matrix', () => {
  const manager = (airline: string) => ({ type: 'airline' as const, role: 'manager' as const, airline });

  it('lets only managers of segment-edit airlines write flights', () => {
    expect(allows(manager('KC'), 'flights:write')).toBe(true);
    expect(allows(manager('SU'), 'flights:write')).toBe(false);
    expect(allows({ type: 'platform', role: null, airline: null }, 'flights:write')).toBe(true);
  });

  it('opens air waybill creation on the su subdomain only, whoever the user is', () => {
    const forwarder = { type: 'forwarder' as const, role: 'operator' as const, airline: null };
    expect(allows(forwarder, 'air_waybills:create', SU)).toBe(true);
    expect(allows(forwarder, 'air_waybills:create', DEFAULT)).toBe(false);
    expect(allows(manager('SU'), 'air_waybills:create', DEFAULT)).toBe(false);
    expect(allows(manager('KC'), 'air_waybills:create', SU)).toBe(true);
  });

  it('closes general settings to airline staff and forwarder default users on su, not on the default host', () => {
    expect(allows(manager('SU'), 'agreements:read', DEFAULT)).toBe(true);
    expect(allows(manager('SU'), 'agreements:read', SU)).toBe(false);
    const forwarderAdmin = { type: 'forwarder' as const, role: 'admin' as const, airline: null };
    expect(allows(forwarderAdmin, 'stocks:read', SU)).toBe(true);
    expect(allows({ type: 'forwarder', role: 'operator', airline: null }, 'stocks:read', SU)).toBe(false);
  });

  it('opens the users page to admins of listed airlines, and to every airline admin on staging', () => {
    expect(hasPermission('airline', 'admin', 'company_users:read', { airline: 'KC' })).toBe(true);
    expect(hasPermission('airline', 'admin', 'company_users:read', { airline: 'FV' })).toBe(false);
    expect(
      hasPermission('airline', 'admin', 'company_users:read', { airline: 'FV', scope: hostScopeOf(null, 'staging') }),
    ).toBe(true);
    expect(hasPermission('forwarder', 'admin', 'company_users:read')).toBe(true);
  });

  it('gives forwarders balances with an airline that has them, on its subdomain', () => {
    expect(hasPermission('forwarder', 'operator', 'settlements:read', { scope: hostScopeOf('kc') })).toBe(true);
    expect(hasPermission('forwarder', 'operator', 'settlements:read', { scope: SU })).toBe(false);
    expect(hasPermission('forwarder', 'operator', 'settlements:read')).toBe(false);
  });

  it('keeps offers to the offers subdomain for forwarders', () => {
    expect(hasPermission('forwarder', 'operator', 'offers:read', { scope: CARGOLINE })).toBe(true);
    expect(hasPermission('forwarder', 'operator', 'offers:read', { scope: hostScopeOf('abc') })).toBe(false);
  });

  it('leaves only the profile and the role switch to a blocked membership', () => {
    expect(permissionsOf('airline', 'manager', { airline: 'KC', blocked: true })).toEqual([
      'profile:read',
      'profile:switch_role',
    ]);
  });
});

describe('landing paths', () => {
  const fwd = { type: 'forwarder' as const, role: 'operator' as const };
  it('follow the redirect table, reading "airline code su" as the host', () => {
    expect(landingPath(fwd, 'FWDA', SU)).toBe('/air-waybills/create');
    expect(landingPath(fwd, 'FWDA', CARGOLINE)).toBe('/offers/select');
    expect(landingPath(fwd, 'FWDA', DEFAULT)).toBe('/bookings');
    expect(landingPath({ type: 'airline', role: 'manager' }, 'SU', DEFAULT)).toBe('/air-waybills');
    expect(landingPath({ type: 'airline', role: 'admin' }, 'SU', DEFAULT)).toBe('/settings/users');
    expect(landingPath({ type: 'forwarder', role: 'admin' }, 'FWDA', DEFAULT)).toBe('/settings/users');
    expect(landingPath({ type: 'platform', role: null }, 'PLATFORM', DEFAULT)).toBe('/air-waybills');
    expect(landingPath({ type: 'visitor', role: null }, 'V', DEFAULT)).toBe('/profile');
    expect(landingPath(fwd, null, DEFAULT)).toBe('/profile');
  });

  it('list the other usable memberships with the role to switch to', () => {
    const base = { company_state: 'active', blocked: false };
    const memberships = [
      { ...base, id: 1, type: 'forwarder' as const, role: 'operator' as const, company_short_name: 'A', blocked: true },
      { ...base, id: 2, type: 'airline' as const, role: 'admin' as const, company_short_name: 'KC' },
      { ...base, id: 3, type: 'forwarder' as const, role: 'operator' as const, company_short_name: 'B' },
      {
        ...base,
        id: 4,
        type: 'airline' as const,
        role: 'manager' as const,
        company_short_name: 'X',
        company_state: 'blocked',
      },
    ];
    expect(availableUrls(memberships, 1, DEFAULT)).toEqual(['/settings/users?role_id=2', '/bookings?role_id=3']);
    expect(availableUrls(memberships, 2, SU)).toEqual(['/air-waybills/create?role_id=3']);
  });
});
