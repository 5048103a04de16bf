import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  BOOKING_RULES_PATH,
  type BookingRule,
  type UpdateBookingRuleForm,
  updateBookingRuleFormSchema,
  useBookingRule,
  useUpdateBookingRule,
} from '../api/booking-rules';
import {
  BOOKING_RULE_FIELD_NAMES,
  BookingRuleFields,
  type BookingRuleFieldsControl,
} from '../components/booking-rule-fields';

function formValues(r: BookingRule): UpdateBookingRuleForm {
  return {
    origin_iata: r.origin_iata,
    destination_iata: r.destination_iata,
    segment_id: r.segment_id,
    shcs: r.shcs,
    min_percent: r.min_percent,
    max_percent: r.max_percent,
    min_weight: r.min_weight,
    max_weight: r.max_weight,
    min_volume: r.min_volume,
    max_volume: r.max_volume,
    response_status: r.response_status,
  };
}

function EditForm({ rule }: { rule: BookingRule }) {
  const { t } = useTranslation();
  const update = useUpdateBookingRule(rule.id);
  const form = useZodForm(updateBookingRuleFormSchema, { defaultValues: formValues(rule) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('bookingSettings.bookingRules.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, BOOKING_RULE_FIELD_NAMES)) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.bookingRulesEdit')} ${rule.carrier} #${rule.id}`}
        actions={
          <Button component={Link} to={BOOKING_RULES_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <BookingRuleFields
        control={form.control as unknown as BookingRuleFieldsControl}
        chooseCarrier={false}
        carrier={rule.carrier}
        flightLabel={rule.flight_number_with_date}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function BookingRuleEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const rule = useBookingRule(id);
  return (
    <RecordLoader query={rule} notFound={t('validation.bookingRuleNotFound')}>
      {(record) => <EditForm key={record.id} rule={record} />}
    </RecordLoader>
  );
}
