import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { BOOKING_RULES_PATH, createBookingRuleFormSchema, useCreateBookingRule } from '../api/booking-rules';
import {
  BOOKING_RULE_FIELD_NAMES,
  BookingRuleFields,
  type BookingRuleFieldsControl,
} from '../components/booking-rule-fields';

export function BookingRuleCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateBookingRule();
  const form = useZodForm(createBookingRuleFormSchema, {
    defaultValues: { origin_iata: null, destination_iata: null, segment_id: null, shcs: [], response_status: 'NN' },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('bookingSettings.bookingRules.created'));
        void navigate(BOOKING_RULES_PATH);
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
        title={t('routes.bookingRulesCreate')}
        actions={
          <Button component={Link} to={BOOKING_RULES_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <BookingRuleFields
        control={form.control as unknown as BookingRuleFieldsControl}
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
