import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ApiError, errorMessage } from '@/lib/api/errors';
import { signIn } from '@/lib/auth/auth-api';
import { useSession } from '@/lib/auth/profile';
import { safeRedirect, signInFormSchema } from '../api/auth-forms';
import { AuthCard } from '../components/auth-card';

export function SignInRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signInFormSchema, { defaultValues: { email: '', password: '', remember_me: true } });
  const redirect = safeRedirect(params.get('redirect'));

  // Signed in (already, or just now): the landing redirect or the page the user came from.
  if (session) return <Navigate to={redirect ?? '/'} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn({ ...values, email: values.email.trim() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const seconds = Math.ceil((error.retryAfterMs ?? 60_000) / 1000);
        setFailure(t('auth.throttled', { seconds }));
      } else {
        setFailure(errorMessage(error, t));
      }
    }
  });

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" data-testid="sign-in-error">
              {failure}
            </Alert>
          )}
          <TextField
            control={form.control}
            name="email"
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.password')}
            autoComplete="current-password"
            required
          />
          <CheckboxField control={form.control} name="remember_me" label={t('auth.rememberMe')} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('auth.signIn')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/restore" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to="/registered" size="sm">
              {t('auth.signUp')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
