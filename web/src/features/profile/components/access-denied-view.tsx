import type { Profile } from '@aircargo/contract/profile';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleIdOf } from '@/lib/gating/role-from-url';

/**
 * The profile's access-denied view (seed 000 section 2): the pages the user may still reach, one per other usable
 * company and role, and a request to pick one. Each link carries the role to switch to (decision 014).
 */
export function AccessDeniedView({ profile, urls, email }: { profile: Profile; urls: string[]; email: string | null }) {
  const { t } = useTranslation();
  const label = (url: string) => {
    const [path = url, search = ''] = url.split('?');
    const role = profile.available_roles.find((r) => r.id === roleIdOf(`?${search}`));
    if (!role) return path;
    return t('profile.accessDeniedLink', {
      company: `${role.company_name} (${role.company_short_name})`,
      role: t(`roles.${role.type_role}`, { defaultValue: role.type_role }),
      path,
    });
  };

  return (
    <Alert color="red" title={t('profile.accessDeniedTitle')} role="alert" data-testid="access-denied-view">
      {urls.length > 0 ? (
        <>
          <Text size="sm" mb="xs">
            {t('profile.accessDeniedText', { email: email ?? profile.email })}
          </Text>
          <List size="sm" mb="xs" data-testid="available-urls">
            {urls.map((url) => (
              <List.Item key={url}>
                <Anchor component={Link} to={url}>
                  {label(url)}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Text size="sm" fw={600}>
            {t('profile.pickCompany')}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('profile.accessDeniedNone')}</Text>
      )}
    </Alert>
  );
}
