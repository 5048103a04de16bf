import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  HANDLERS_PATH,
  type Handler,
  type UpdateHandlerForm,
  updateHandlerFormSchema,
  useHandler,
  useUpdateHandler,
} from '../api/handlers';
import { HANDLER_FIELD_NAMES, HandlerFields, type HandlerFieldsControl } from '../components/handler-fields';

function formValues(handler: Handler): UpdateHandlerForm {
  return {
    airport: handler.airport,
    name: handler.name,
    handler_company_id: handler.handler_company?.id ?? null,
    contact_name: handler.contact_name,
    phone: handler.phone,
    email: handler.email,
    sita_address: handler.sita_address,
    notes: handler.notes,
  };
}

function EditForm({ handler }: { handler: Handler }) {
  const { t } = useTranslation();
  const update = useUpdateHandler(handler.id);
  const form = useZodForm(updateHandlerFormSchema, { defaultValues: formValues(handler) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('handlers.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, HANDLER_FIELD_NAMES)) {
          toast(
            errorMessage(error, t, { NotFound: t('handlers.errors.notFound'), Exists: t('handlers.errors.exists') }),
            'negative',
          );
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.handlersEdit')} ${handler.airport} ${handler.name}`}
        actions={
          <Button component={Link} to={HANDLERS_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <HandlerFields control={form.control as unknown as HandlerFieldsControl} chooseAirline={false} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function HandlerEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const handler = useHandler(id);
  return (
    <RecordLoader query={handler} notFound={t('handlers.errors.notFound')}>
      {(record) => <EditForm key={record.id} handler={record} />}
    </RecordLoader>
  );
}
