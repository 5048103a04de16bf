import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  ALLOTMENTS_PATH,
  type Allotment,
  type UpdateAllotmentForm,
  updateAllotmentFormSchema,
  useAllotment,
  useUpdateAllotment,
} from '../api/allotments';
import { ALLOTMENT_FIELD_NAMES, AllotmentFields, type AllotmentFieldsControl } from '../components/allotment-fields';

function formValues(a: Allotment): UpdateAllotmentForm {
  return {
    type: a.type,
    weight: a.weight,
    volume: a.volume,
    timelimit_to_std: a.timelimit_to_std,
    valid_until: a.valid_until,
    postal: a.postal,
  };
}

function EditForm({ allotment }: { allotment: Allotment }) {
  const { t } = useTranslation();
  const update = useUpdateAllotment(allotment.id);
  const form = useZodForm(updateAllotmentFormSchema, { defaultValues: formValues(allotment) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('bookingSettings.allotments.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ALLOTMENT_FIELD_NAMES)) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  const a = allotment;
  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.allotmentsEdit')} ${a.carrier} ${a.origin_iata}–${a.destination_iata}`}
        actions={
          <Button component={Link} to={ALLOTMENTS_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <Text mb="md" c="dimmed">
        {t('bookingSettings.allotments.fixed', {
          forwarder: a.forwarder_short_name,
          flight: a.segment_number_with_date ?? t('bookingSettings.allotments.everyFlight'),
        })}
      </Text>
      <AllotmentFields control={form.control as unknown as AllotmentFieldsControl} mode="edit" chooseCarrier={false} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function AllotmentEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const allotment = useAllotment(id);
  return (
    <RecordLoader query={allotment} notFound={t('validation.allotmentNotFound')}>
      {(record) => <EditForm key={record.id} allotment={record} />}
    </RecordLoader>
  );
}
