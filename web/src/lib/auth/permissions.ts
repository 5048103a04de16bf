import type { Permission } from '@aircargo/domain/permissions';
import { useProfile } from './profile';

/** Whether the current role holds a permission (the profile lists them); the server still checks every call. */
export function useCan(permission: Permission): boolean {
  const { data } = useProfile();
  return data?.permissions.includes(permission) ?? false;
}
