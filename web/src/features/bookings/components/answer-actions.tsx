import { msg } from '@aircargo/contract/messages';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { confirmAction } from '@/components/dialogs/confirm';
import { TextareaField } from '@/components/form/textarea-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { type Booking, useBookingStatus } from '../api/bookings';

/**
 * Whether the caller answers waiting bookings: the airline of the booking's flights or the platform, with the write
 * permission (the server checks both again).
 */
export function useAnswersBookings(): boolean {
  const canWrite = useCan('bookings:write');
  const { data: profile } = useProfile();
  const type = profile?.company_business_type;
  return canWrite && (type === 'airline' || type === 'platform');
}

/** The airline says why it refuses: the reason goes to the forwarder with the UU answer. */
const refuseSchema = z.object({ response_reason: z.string().trim().min(1, msg('required')).max(500) });

function RefuseDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const status = useBookingStatus();
  const form = useZodForm(refuseSchema, { defaultValues: { response_reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await status.mutateAsync({
        id: booking.id,
        body: { response_status: 'UU', response_reason: values.response_reason },
      });
      toast(t('bookings.refused'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t, { NotFound: t('validation.bookingNotFound') }));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('bookings.refuseTitle', { id: booking.mawb ?? booking.id })}>
      <form onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert color="red" role="alert" mb="md">
            {failure}
          </Alert>
        )}
        <TextareaField
          control={form.control}
          name="response_reason"
          label={t('bookings.fields.response_reason')}
          rows={3}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" color="red" loading={status.isPending}>
            {t('bookings.refuse')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** Confirm (KK) and Refuse (UU, with a reason) of a booking waiting for the airline (NN). */
export function AnswerActions({ booking, size = 'compact-xs' }: { booking: Booking; size?: 'compact-xs' | 'sm' }) {
  const { t } = useTranslation();
  const status = useBookingStatus();
  const [refusing, setRefusing] = useState(false);
  const onConfirm = async () => {
    const name = booking.mawb ?? `#${booking.id}`;
    if (!(await confirmAction({ message: t('bookings.confirmQuestion', { name }) }))) return;
    status.mutate(
      { id: booking.id, body: { response_status: 'KK', response_reason: null } },
      {
        onSuccess: () => toast(t('bookings.confirmed')),
        onError: (error) => toast(errorMessage(error, t, { NotFound: t('validation.bookingNotFound') }), 'negative'),
      },
    );
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size={size} color="teal" loading={status.isPending} onClick={() => void onConfirm()}>
        {t('bookings.confirm')}
      </Button>
      <Button size={size} variant="light" color="red" onClick={() => setRefusing(true)}>
        {t('bookings.refuse')}
      </Button>
      {refusing && <RefuseDialog booking={booking} onClose={() => setRefusing(false)} />}
    </Group>
  );
}
