import type { Profile } from '@aircargo/contract/profile';
import { describe, expect, it } from 'vitest';
import { gateContextOf } from '@/lib/gating/access';
import { detectHost } from '@/lib/gating/subdomain';
import { makeProfile, serverScopeOf } from '@/testing/profiles';
import { visibleSections } from './sidebar-sections';

function sections(overrides: Partial<Profile>, host = '127.0.0.1') {
  const info = detectHost(host);
  return visibleSections(gateContextOf(makeProfile(overrides, serverScopeOf(info)), info)).map((s) => s.key);
}

const SU: Partial<Profile> = {
  company_business_type: 'airline',
  airline_code: 'SU',
  airline_ui_settings: [{ show_settings: true }],
};
const KC: Partial<Profile> = { ...SU, airline_code: 'KC' };
const FWD: Partial<Profile> = { company_business_type: 'forwarder', airline_code: null };

describe('sidebar sections per role and company', () => {
  it('shows the platform every operational section', () => {
    expect(sections({ role: 'platform', company_business_type: 'platform', airline_code: null })).toEqual([
      'booking',
      'shipments',
      'flights',
      'tariffs',
      'accounting',
      'settlements',
      'telegrams',
      'settings',
      'admin',
      'bi',
      'profile',
    ]);
  });

  it('hides Flights on the su subdomain, not for SU staff on the default host', () => {
    expect(sections({ ...SU, role: 'airline_manager' })).toContain('flights');
    expect(sections({ ...SU, role: 'airline_manager' }, 'su.example.aero')).not.toContain('flights');
    expect(sections({ ...KC, role: 'airline_manager' })).toContain('flights');
    expect(sections({ ...FWD, role: 'forwarder_default' }, 'su.example.aero')).not.toContain('flights');
  });

  it('gives SU staff the general settings on the default host and only air waybill creation on su', () => {
    expect(sections({ ...SU, role: 'airline_manager' })).toContain('settings');
    expect(sections({ ...SU, role: 'airline_admin' }, 'su.example.aero')).toEqual(['settings', 'profile']);
    expect(sections({ ...FWD, role: 'forwarder_default' }, 'su.example.aero')).toContain('booking');
  });

  it('changes with the role', () => {
    const manager = sections({ ...SU, role: 'airline_manager' });
    const admin = sections({ ...SU, role: 'airline_admin' });
    expect(manager).toEqual(expect.arrayContaining(['shipments', 'telegrams', 'bi']));
    expect(admin).toEqual(['settings', 'profile']);
    expect(admin).not.toEqual(manager);
  });

  it('gives a forwarder booking and shipments but no admin', () => {
    const forwarder = sections({ ...FWD, role: 'forwarder_default' });
    expect(forwarder).toEqual(expect.arrayContaining(['booking', 'shipments', 'flights', 'settings', 'profile']));
    expect(forwarder).not.toContain('admin');
    expect(forwarder).not.toContain('telegrams');
  });

  it('gives a visitor only the profile', () => {
    expect(sections({ role: 'visitor', company_business_type: 'visitor', airline_code: null })).toEqual(['profile']);
  });
});
