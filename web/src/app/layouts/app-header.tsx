import type { Profile } from '@aircargo/contract/profile';
import { Anchor, Burger, Button, Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DarkModeToggle } from '@/components/layout/dark-mode-toggle';
import { LocaleSwitch } from '@/components/layout/locale-switch';
import { signOut } from '@/lib/auth/auth-api';
import { brandFor, currentHost } from '@/lib/gating/subdomain';
import { setPreferences, usePreferences } from '@/lib/preferences';
import { HeaderClock } from './header-clock';
import { RoleSwitcher } from './role-switcher';

export function AppHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prefs = usePreferences();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          size="sm"
          opened={prefs.leftDrawerOpen}
          onClick={() => setPreferences({ leftDrawerOpen: !prefs.leftDrawerOpen })}
          aria-label={t('header.toggleMenu')}
          aria-expanded={prefs.leftDrawerOpen}
        />
        <Anchor component={Link} to="/" fw={700} underline="never" c="inherit">
          {brandFor(currentHost())}
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <HeaderClock />
        <RoleSwitcher profile={profile} />
        <LocaleSwitch />
        <Switch
          size="sm"
          label={t('header.utc')}
          checked={prefs.utcTime}
          onChange={(event) => setPreferences({ utcTime: event.currentTarget.checked })}
          data-testid="utc-toggle"
        />
        <DarkModeToggle />
        <Button
          variant="subtle"
          size="xs"
          onClick={async () => {
            await signOut();
            void navigate('/signIn');
          }}
        >
          {t('header.signOut')}
        </Button>
      </Group>
    </Group>
  );
}
