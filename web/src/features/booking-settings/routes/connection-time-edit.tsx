import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  CONNECTION_TIMES_PATH,
  type ConnectionTime,
  type UpdateConnectionTimeForm,
  updateConnectionTimeFormSchema,
  useConnectionTime,
  useUpdateConnectionTime,
} from '../api/connection-times';
import {
  CONNECTION_TIME_FIELD_NAMES,
  ConnectionTimeFields,
  type ConnectionTimeFieldsControl,
} from '../components/connection-time-fields';

function formValues(r: ConnectionTime): UpdateConnectionTimeForm {
  return {
    airport: r.airport,
    minutes: r.minutes,
    arrival_carrier: r.arrival_carrier,
    departure_carrier: r.departure_carrier,
    connection_type: r.connection_type,
  };
}

function EditForm({ row }: { row: ConnectionTime }) {
  const { t } = useTranslation();
  const update = useUpdateConnectionTime(row.id);
  const form = useZodForm(updateConnectionTimeFormSchema, { defaultValues: formValues(row) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('bookingSettings.connectionTimes.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, CONNECTION_TIME_FIELD_NAMES)) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.connectionTimesEdit')} ${row.airport} ${row.airline?.short_name ?? ''}`.trim()}
        actions={
          <Button component={Link} to={CONNECTION_TIMES_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <ConnectionTimeFields control={form.control as unknown as ConnectionTimeFieldsControl} chooseAirline={false} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function ConnectionTimeEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const row = useConnectionTime(id);
  return (
    <RecordLoader query={row} notFound={t('validation.connectionTimeNotFound')}>
      {(record) => <EditForm key={record.id} row={record} />}
    </RecordLoader>
  );
}
