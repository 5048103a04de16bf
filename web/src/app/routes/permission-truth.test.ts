import { AIRLINE_FEATURES } from '@aircargo/domain/carrier-rules';
import { type CompanyType, ROLES_BY_COMPANY_TYPE, type Role, typeRole } from '@aircargo/domain/company';
import { allows, PERMISSION_NAMES, type Permission } from '@aircargo/domain/permissions';
import { describe, expect, it } from 'vitest';
import { type AccessArea, canAccessChain, gateContextOf } from '@/lib/gating/access';
import { ACCESS } from '@/lib/gating/route-access';
import { detectHost, type HostInfo } from '@/lib/gating/subdomain';
import { makeProfile, serverScopeOf } from '@/testing/profiles';
import { visibleSections } from '../layouts/sidebar-sections';
import { ROUTE_ENTRIES, type RouteEntry } from './route-table';

// One permission truth (decision 014): generated over every route × principal (company type × role × own airline) ×
// host, a gate must never admit a principal whose screen's calls the server's permission check refuses, and the
// sidebar must never lead to such a screen. The profile's permissions are computed as the server does, from the scope
// the server sees (the carrier header the web sends), so the web and the server read the same rules.

const AIRLINES = [...new Set(Object.values(AIRLINE_FEATURES).flat()), 'xx'];
const HOSTS = [
  'example.aero',
  'su.example.aero',
  'kc.example.aero',
  'fv.example.aero',
  'cargoline.example.aero',
  'abc.example.aero',
  'staging.example.aero',
  'staging-su.example.aero',
  'myawb.ru',
];

interface Principal {
  label: string;
  type: CompanyType;
  role: Role | null;
  airline: string | null;
}

const PRINCIPALS: Principal[] = (['platform', 'airline', 'forwarder', 'handler', 'visitor'] as const).flatMap(
  (type) => {
    const roles: (Role | null)[] = ROLES_BY_COMPANY_TYPE[type].length ? [...ROLES_BY_COMPANY_TYPE[type]] : [null];
    const airlines = type === 'airline' ? AIRLINES : [null];
    return roles.flatMap((role) =>
      airlines.map((airline) => ({
        label: `${typeRole(type, role)}${airline ? `@${airline}` : ''}`,
        type,
        role,
        airline,
      })),
    );
  },
);

/** What the server reads: the carrier header the web sends (api-client) and the deployment's environment. */
const serverScope = serverScopeOf;

function contextOf(principal: Principal, host: HostInfo) {
  const profile = makeProfile(
    {
      role: typeRole(principal.type, principal.role),
      company_business_type: principal.type,
      airline_code: principal.airline?.toUpperCase() ?? null,
      airline_ui_settings: principal.type === 'airline' ? [{ show_settings: true }] : [],
    },
    serverScope(host),
  );
  return gateContextOf(profile, host);
}

/**
 * Permissions the server refuses to the principal among those the route's areas (and their calls) need, and those of
 * the calls a screen makes only while the principal holds a permission (`callsWhen`).
 */
function refusedCalls(entry: RouteEntry, principal: Principal, host: HostInfo): string[] {
  const scope = serverScope(host);
  const needed = entry.chain.flatMap((area) => [
    ...(area?.permissions ?? []),
    ...guardedCalls(area).map((call) => call.permission as Permission),
    ...(area?.callsWhen ?? [])
      .filter((when) => allows(principal, when.permission, scope))
      .flatMap((when) => when.calls.filter((call) => call.permission !== 'public'))
      .map((call) => call.permission as Permission),
  ]);
  return [...new Set(needed)].filter((permission) => !allows(principal, permission, scope));
}

const AREAS = Object.entries(ACCESS) as [string, AccessArea][];

/** The calls of an area that need a permission (public calls, such as the password change, need none). */
function guardedCalls(area: AccessArea | undefined) {
  return (area?.calls ?? []).filter((call) => call.permission !== 'public');
}

describe('one permission truth for screens and calls', () => {
  it('names only permissions of the server matrix, and every call of a screen among its permissions', () => {
    for (const [name, area] of AREAS) {
      for (const permission of area.permissions) expect(PERMISSION_NAMES, name).toContain(permission);
      for (const call of guardedCalls(area))
        expect(area.permissions, `${name} ${call.path}`).toContain(call.permission);
      for (const when of area.callsWhen ?? []) expect(PERMISSION_NAMES, name).toContain(when.permission);
    }
  });

  it('lists the contract calls of every landed screen, so the walk below checks them', () => {
    for (const entry of ROUTE_ENTRIES.filter((e) => e.def.page)) {
      const calls = entry.chain.flatMap((area) => area?.calls ?? []);
      expect(calls.length, entry.fullPath).toBeGreaterThan(0);
    }
  });

  it('gives every screen with a page the permissions of the calls it makes', () => {
    for (const entry of ROUTE_ENTRIES.filter((e) => e.def.page)) {
      const named = entry.chain.flatMap((area) => area?.permissions ?? []);
      expect(named.length, entry.fullPath).toBeGreaterThan(0);
    }
  });

  for (const hostname of HOSTS) {
    const host = detectHost(hostname);
    it(`admits nobody on ${hostname} to a screen whose calls the server refuses`, () => {
      const leaks: string[] = [];
      for (const principal of PRINCIPALS) {
        const ctx = contextOf(principal, host);
        for (const entry of ROUTE_ENTRIES) {
          if (!canAccessChain(entry.chain, ctx)) continue;
          const refused = refusedCalls(entry, principal, host);
          if (refused.length) leaks.push(`${principal.label} ${entry.fullPath}: ${refused.join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
    });

    it(`shows nobody on ${hostname} a sidebar entry leading to such a screen`, () => {
      const leaks: string[] = [];
      for (const principal of PRINCIPALS) {
        for (const section of visibleSections(contextOf(principal, host))) {
          for (const entry of section.entries) {
            const refused = refusedCalls(entry, principal, host);
            if (refused.length)
              leaks.push(`${principal.label} ${section.key} ${entry.fullPath}: ${refused.join(', ')}`);
          }
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it('would catch a gate that ignores the permissions (the check is not vacuous)', () => {
    const forwarder = PRINCIPALS.find((p) => p.label === 'forwarder_admin');
    const entry = ROUTE_ENTRIES.find((e) => e.fullPath === '/settings/agreements');
    expect(forwarder && entry).toBeTruthy();
    if (!forwarder || !entry) return;
    // Without the permission check the old table's "general settings" requirement admitted forwarders here.
    expect(refusedCalls(entry, forwarder, detectHost('example.aero'))).toEqual(['agreements:read']);
  });

  it('keeps /settings/agreements from airline admins and forwarders, and shows it to airline operations staff', () => {
    const entry = ROUTE_ENTRIES.find((e) => e.fullPath === '/settings/agreements');
    if (!entry) throw new Error('no /settings/agreements');
    const host = detectHost('example.aero');
    const admitted = PRINCIPALS.filter((p) => canAccessChain(entry.chain, contextOf(p, host)))
      .filter((p) => p.airline === null || p.airline === 'kc')
      .map((p) => p.label);
    expect(admitted).toEqual([
      'platform',
      'airline_default@kc',
      'airline_manager@kc',
      'airline_billing@kc',
      'airline_ics_inspector@kc',
    ]);
    const sidebar = (label: string) =>
      visibleSections(contextOf(PRINCIPALS.find((p) => p.label === label) as Principal, host)).flatMap((s) =>
        s.entries.map((e) => e.fullPath),
      );
    expect(sidebar('airline_admin@kc')).not.toContain('/settings/agreements');
    expect(sidebar('forwarder_admin')).not.toContain('/settings/agreements');
    expect(sidebar('forwarder_default')).toContain('/settings/agent/agreements');
  });
});
