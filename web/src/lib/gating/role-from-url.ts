import type { Profile } from '@aircargo/contract/profile';
import { ROLE_ID_PARAM } from '@aircargo/domain/landing';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import { useSwitchRole } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';

/** The membership id a URL asks to act as (`?role_id=12`, the access-denied links of decision 014), if any. */
export function roleIdOf(search: string): number | null | undefined {
  const raw = new URLSearchParams(search).get(ROLE_ID_PARAM);
  if (raw === null) return undefined;
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The same location without the role parameter. */
export function withoutRoleId(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete(ROLE_ID_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/**
 * Opens a URL that names the role to act as: switches to that membership (PATCH current_role) unless it is the current
 * one, then shows the same page without the parameter. True while that is under way (the page waits for it).
 */
export function useRoleFromUrl(profile: Profile | undefined): boolean {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const switchRole = useSwitchRole();
  const handled = useRef<string | null>(null);
  const roleId = roleIdOf(location.search);
  const currentId = profile?.available_roles.find((role) => role.current)?.id ?? null;

  useEffect(() => {
    if (roleId === undefined || !profile || handled.current === location.key) return;
    handled.current = location.key;
    const target = withoutRoleId(location.pathname, location.search, location.hash);
    if (roleId === null || (roleId === currentId && !profile.access_denied)) {
      void navigate(target, { replace: true });
      return;
    }
    switchRole.mutate(roleId, {
      onSuccess: () => toast(t('header.roleSwitched')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
      onSettled: () => void navigate(target, { replace: true }),
    });
  }, [roleId, profile, currentId, location, navigate, switchRole, t]);

  return roleId !== undefined;
}
