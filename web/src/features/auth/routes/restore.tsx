import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { restoreFormSchema } from '../api/auth-forms';
import { useRequestPasswordReset } from '../api/password';
import { AuthCard } from '../components/auth-card';

/** Requests a password reset e-mail; the answer never tells whether the address is known. */
export function RestoreRoute() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useZodForm(restoreFormSchema, { defaultValues: { email: '' } });

  return (
    <AuthCard title={t('auth.restoreTitle')}>
      {request.isSuccess ? (
        <Alert color="teal" role="status">
          {t('auth.restoreSent')}
        </Alert>
      ) : (
        <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate>
          <Stack>
            {request.isError && (
              <Alert color="red" role="alert">
                {errorMessage(request.error, t)}
              </Alert>
            )}
            <TextField control={form.control} name="email" label={t('auth.email')} type="email" required />
            <Button type="submit" loading={request.isPending}>
              {t('auth.restoreSubmit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/signIn" size="sm">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
