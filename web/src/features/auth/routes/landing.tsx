import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { useProfile, useSession } from '@/lib/auth/profile';
import { gateContextOf } from '@/lib/gating/access';
import { landingTarget } from '@/lib/gating/landing-redirect';
import { currentHost } from '@/lib/gating/subdomain';

/** The landing page; a signed-in user goes to the page for the role. */
export function LandingRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useProfile();

  if (session && profile.isPending) return <PageLoader />;
  if (session && profile.data) {
    return <Navigate to={landingTarget(profile.data, gateContextOf(profile.data, currentHost()))} replace />;
  }

  return (
    <Stack align="center" gap="lg" py="xl" ta="center">
      <Title order={1}>{t('landing.title')}</Title>
      <Text size="lg" c="dimmed">
        {t('landing.text')}
      </Text>
      <Group>
        <Button component={Link} to="/signIn" size="md">
          {t('auth.signIn')}
        </Button>
        <Button component={Link} to="/registered" size="md" variant="light">
          {t('auth.signUp')}
        </Button>
      </Group>
    </Stack>
  );
}
