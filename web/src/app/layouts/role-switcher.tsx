import type { Profile } from '@aircargo/contract/profile';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import { useSwitchRole } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';

/** Company and role switcher: lists the available roles; picking one switches company and role. */
export function RoleSwitcher({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchRole = useSwitchRole();
  const roleLabel = (typeRole: string) => t(`roles.${typeRole}`, { defaultValue: typeRole });
  const current = `${profile.company_short_name ?? t('profile.noCompany')} · ${roleLabel(profile.role)}`;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" size="xs" data-testid="role-switcher" loading={switchRole.isPending}>
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.switchRole')}</Menu.Label>
        {profile.available_roles.map((role) => (
          <Menu.Item
            key={role.id}
            disabled={role.current}
            rightSection={role.current ? '✓' : undefined}
            onClick={() =>
              switchRole.mutate(role.id, {
                onSuccess: () => {
                  toast(t('header.roleSwitched'));
                  void navigate('/');
                },
                onError: (error) => toast(errorMessage(error, t), 'negative'),
              })
            }
          >
            {role.company_short_name} — {roleLabel(role.type_role)}
          </Menu.Item>
        ))}
        {profile.available_roles.length === 0 && <Menu.Item disabled>{t('header.noRoles')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
