import { describe, expect, it } from 'vitest';
import { roleIdOf, withoutRoleId } from './role-from-url';

describe('role named by a URL', () => {
  it('reads a positive membership id, refuses anything else, and tells when there is none', () => {
    expect(roleIdOf('?role_id=12')).toBe(12);
    expect(roleIdOf('?page=2&role_id=7')).toBe(7);
    expect(roleIdOf('?role_id=0')).toBeNull();
    expect(roleIdOf('?role_id=abc')).toBeNull();
    expect(roleIdOf('?role_id=12345678901')).toBeNull();
    expect(roleIdOf('?page=2')).toBeUndefined();
  });

  it('drops only the role parameter', () => {
    expect(withoutRoleId('/bookings', '?role_id=3')).toBe('/bookings');
    expect(withoutRoleId('/air-waybills', '?page=2&role_id=3', '#top')).toBe('/air-waybills?page=2#top');
  });
});
