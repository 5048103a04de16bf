import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirmEmail } from '../api/password';
import { AuthCard } from '../components/auth-card';

/** The page of the link mailed at sign-up: confirms the address once, then offers sign-in. */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('confirmation_token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <AuthCard title={t('auth.confirmTitle')}>
      <Stack>
        {token && confirm.isPending && (
          <Alert color="blue" role="status" icon={<Loader size="xs" />}>
            {t('auth.confirming')}
          </Alert>
        )}
        {confirm.isSuccess && (
          <Alert color="teal" role="status">
            {t('auth.confirmed')}
          </Alert>
        )}
        {(!token || confirm.isError) && (
          <Alert color="red" role="alert">
            {t('auth.confirmInvalid')}
          </Alert>
        )}
        <Button component={Link} to="/signIn">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
