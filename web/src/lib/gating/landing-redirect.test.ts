import type { Profile } from '@aircargo/contract/profile';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '@/testing/profiles';
import { gateContextOf } from './access';
import { landingTarget } from './landing-redirect';
import { detectHost } from './subdomain';

function target(
  role: string,
  type: Profile['company_business_type'],
  host = 'example.aero',
  shortName: string | null = 'ACME',
) {
  const profile = makeProfile({
    role,
    company_business_type: type,
    company_short_name: shortName,
    airline_code: type === 'airline' ? 'XX' : null,
  });
  return landingTarget(profile, gateContextOf(profile, detectHost(host)));
}

describe('landing redirect table', () => {
  it('sends a profile without a company short name to the profile', () => {
    expect(target('airline_manager', 'airline', 'example.aero', null)).toBe('/profile');
    expect(target('forwarder_default', 'forwarder', 'su.example.aero', null)).toBe('/profile');
  });

  it('sends a forwarder default user on airline su to air waybill creation', () => {
    expect(target('forwarder_default', 'forwarder', 'su.example.aero')).toBe('/air-waybills/create');
    expect(target('forwarder_default', 'forwarder', 'stagingsu.example.aero')).toBe('/air-waybills/create');
  });

  it('sends a forwarder default user on a forwarder subdomain to booking selection', () => {
    expect(target('forwarder_default', 'forwarder', 'cargoline.example.aero')).toBe('/offers/select');
    expect(target('forwarder_default', 'forwarder', 'myawb.ru')).toBe('/offers/select');
  });

  it('sends any other forwarder default user to bookings', () => {
    expect(target('forwarder_default', 'forwarder')).toBe('/bookings');
    expect(target('forwarder_default', 'forwarder', 'xx.example.aero')).toBe('/bookings');
  });

  it.each(['airline_default', 'airline_manager', 'airline_billing', 'airline_ics_inspector'])(
    'sends %s to the air waybill list',
    (role) => {
      expect(target(role, 'airline')).toBe('/air-waybills');
    },
  );

  it('sends the platform to the air waybill list', () => {
    expect(target('platform', 'platform')).toBe('/air-waybills');
  });

  it('sends airline and forwarder admins to the users page', () => {
    expect(target('airline_admin', 'airline')).toBe('/settings/users');
    expect(target('forwarder_admin', 'forwarder')).toBe('/settings/users');
  });

  it('sends anyone else to the profile', () => {
    expect(target('visitor', 'visitor')).toBe('/profile');
    expect(target('handler', 'handler')).toBe('/profile');
  });

  it('reads "airline code su" as the host: SU staff on the default host land like any airline', () => {
    const su = makeProfile({ role: 'airline_default', company_business_type: 'airline', airline_code: 'SU' });
    expect(landingTarget(su, gateContextOf(su, detectHost('example.aero')))).toBe('/air-waybills');
    const fwd = makeProfile({ role: 'forwarder_default', company_business_type: 'forwarder', airline_code: null });
    expect(landingTarget(fwd, gateContextOf(fwd, detectHost('example.aero')))).toBe('/bookings');
  });

  it('sends a user whose company has no access to the access-denied profile', () => {
    const blocked = makeProfile({ role: 'airline_manager', access_denied: true, available_urls: [] });
    expect(landingTarget(blocked, gateContextOf(blocked, detectHost('example.aero')))).toBe(
      '/profile?accessDenied=true',
    );
  });
});
