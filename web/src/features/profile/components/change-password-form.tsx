import { Button, Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/form/password-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { changePasswordSchema, useChangePassword } from '../api/change-password';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast(t('auth.passwordChanged'));
        form.reset();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) toast(errorMessage(error, t), 'negative');
      },
    }),
  );

  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('profile.changePassword')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={400}>
          <PasswordField
            control={form.control}
            name="current_password"
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
          />
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
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
