import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import {
  CONNECTION_TIMES_PATH,
  createConnectionTimeFormSchema,
  useCreateConnectionTime,
} from '../api/connection-times';
import {
  CONNECTION_TIME_FIELD_NAMES,
  ConnectionTimeFields,
  type ConnectionTimeFieldsControl,
} from '../components/connection-time-fields';

export function ConnectionTimeCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateConnectionTime();
  const ownCarrier = profile?.company_business_type === 'airline' ? profile.airline_code : null;
  const form = useZodForm(createConnectionTimeFormSchema, {
    // An airline's exception names its own carrier; it starts with its departures.
    defaultValues: { airport: '', departure_carrier: ownCarrier ?? null, arrival_carrier: null, connection_type: null },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('bookingSettings.connectionTimes.created'));
        void navigate(CONNECTION_TIMES_PATH);
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
        title={t('routes.connectionTimesCreate')}
        actions={
          <Button component={Link} to={CONNECTION_TIMES_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <ConnectionTimeFields
        control={form.control as unknown as ConnectionTimeFieldsControl}
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
