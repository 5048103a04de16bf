import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { createHandlerFormSchema, HANDLERS_PATH, useCreateHandler } from '../api/handlers';
import { HANDLER_FIELD_NAMES, HandlerFields, type HandlerFieldsControl } from '../components/handler-fields';

export function HandlerCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateHandler();
  const form = useZodForm(createHandlerFormSchema, { defaultValues: { airport: '', name: '' } });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('handlers.created'));
        void navigate(HANDLERS_PATH);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, HANDLER_FIELD_NAMES)) {
          toast(errorMessage(error, t, { Exists: t('handlers.errors.exists') }), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.handlersCreate')}
        actions={
          <Button component={Link} to={HANDLERS_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <HandlerFields
        control={form.control as unknown as HandlerFieldsControl}
        chooseAirline={profile?.company_business_type === 'platform'}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
