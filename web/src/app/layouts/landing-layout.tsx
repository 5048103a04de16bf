import { Anchor, Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { DarkModeToggle } from '@/components/layout/dark-mode-toggle';
import { LocaleSwitch } from '@/components/layout/locale-switch';
import { brandFor, currentHost } from '@/lib/gating/subdomain';

/** Layout of the public routes: landing, sign-in, sign-up, password reset. */
export function LandingLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh">
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between">
          <Anchor component={Link} to="/" fw={700} underline="never" c="inherit">
            {brandFor(currentHost())}
          </Anchor>
          <Group gap="sm">
            <Anchor component={Link} to="/signIn" size="sm">
              {t('auth.signIn')}
            </Anchor>
            <Anchor component={Link} to="/registered" size="sm">
              {t('auth.signUp')}
            </Anchor>
            <LocaleSwitch />
            <DarkModeToggle />
          </Group>
        </Group>
      </Box>
      <Container component="main" size="sm" py="xl">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
