import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '@/components/form/password-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { ApiError, errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { resetPasswordFormSchema } from '../api/auth-forms';
import { useUpdatePassword } from '../api/password';
import { AuthCard } from '../components/auth-card';

/** Password reset by the token from the e-mail link. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? params.get('token') ?? '';
  const update = useUpdatePassword();
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { password: '', password_confirmation: '' } });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { ...values, reset_password_token: token },
      {
        onSuccess: () => {
          toast(t('auth.passwordChanged'));
          void navigate('/signIn');
        },
        onError: (error) => applyServerErrors(error, form.setError, ['password', 'password_confirmation']),
      },
    ),
  );

  const tokenInvalid = update.error instanceof ApiError && update.error.code === 'TokenInvalid';
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {!token || tokenInvalid ? (
        <Alert color="red" role="alert">
          {t('auth.resetTokenInvalid')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {update.isError && !form.formState.errors.password && !form.formState.errors.password_confirmation && (
              <Alert color="red" role="alert">
                {errorMessage(update.error, t)}
              </Alert>
            )}
            <PasswordField
              control={form.control}
              name="password"
              label={t('auth.newPassword')}
              autoComplete="new-password"
              required
            />
            <PasswordField
              control={form.control}
              name="password_confirmation"
              label={t('auth.passwordConfirmation')}
              autoComplete="new-password"
              required
            />
            <Button type="submit" loading={update.isPending}>
              {t('auth.resetSubmit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/restore" size="sm">
        {t('auth.requestAnotherLink')}
      </Anchor>
    </AuthCard>
  );
}
