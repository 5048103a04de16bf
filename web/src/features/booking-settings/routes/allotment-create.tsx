import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { ALLOTMENTS_PATH, createAllotmentFormSchema, useCreateAllotment } from '../api/allotments';
import { ALLOTMENT_FIELD_NAMES, AllotmentFields, type AllotmentFieldsControl } from '../components/allotment-fields';

export function AllotmentCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateAllotment();
  const form = useZodForm(createAllotmentFormSchema, {
    defaultValues: { origin_iata: '', destination_iata: '', type: 'hard', timelimit_to_std: 0, postal: false },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('bookingSettings.allotments.created'));
        void navigate(ALLOTMENTS_PATH);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ALLOTMENT_FIELD_NAMES)) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.allotmentsCreate')}
        actions={
          <Button component={Link} to={ALLOTMENTS_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <AllotmentFields
        control={form.control as unknown as AllotmentFieldsControl}
        mode="create"
        chooseCarrier={profile?.company_business_type === 'platform'}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
