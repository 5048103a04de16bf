import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

export function AccessDeniedRoute() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.accessDeniedTitle')}>
      <Stack>
        <Alert color="red">{t('auth.accessDeniedText')}</Alert>
        <Button component={Link} to="/signIn" variant="light">
          {t('auth.signInAnother')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
