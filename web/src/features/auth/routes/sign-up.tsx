import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { signUpFormSchema } from '../api/auth-forms';
import { useSignUp } from '../api/password';
import { AuthCard } from '../components/auth-card';

const FIELDS = ['email', 'firstname', 'lastname', 'password', 'password_confirmation'] as const;

/** Registration of a visitor account; after it, the page confirms and offers sign-in. */
export function SignUpRoute() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const form = useZodForm(signUpFormSchema, {
    defaultValues: { email: '', firstname: '', lastname: '', password: '', password_confirmation: '' },
  });

  if (signUp.isSuccess) {
    return (
      <AuthCard title={t('auth.registeredTitle')}>
        <Alert color="teal" role="status">
          {t('auth.registeredText')}
        </Alert>
        <Button component={Link} to="/signIn">
          {t('auth.signIn')}
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, { onError: (error) => applyServerErrors(error, form.setError, FIELDS) }),
  );

  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {signUp.isError && (
            <Alert color="red" role="alert">
              {errorMessage(signUp.error, t, { Exists: t('auth.emailTaken') })}
            </Alert>
          )}
          <TextField control={form.control} name="email" label={t('auth.email')} type="email" required />
          <Group grow>
            <TextField control={form.control} name="firstname" label={t('auth.firstname')} required />
            <TextField control={form.control} name="lastname" label={t('auth.lastname')} required />
          </Group>
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.password')}
            required
            autoComplete="new-password"
          />
          <PasswordField
            control={form.control}
            name="password_confirmation"
            label={t('auth.passwordConfirmation')}
            required
            autoComplete="new-password"
          />
          <Button type="submit" loading={signUp.isPending}>
            {t('auth.signUpSubmit')}
          </Button>
          <Anchor component={Link} to="/signIn" size="sm">
            {t('auth.haveAccount')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
