import { Alert, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type Booking, changeFormSchema, changeFormValues, useChangeBooking } from '../api/bookings';

const FIELDS = ['pieces', 'weight', 'volume', 'density_group', 'commodity', 'shcs'] as const;

/** Change of the cargo figures: the server judges the rules, limits and capacity again and answers KK, NN or UU. */
export function ChangeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBooking(booking.id);
  const form = useZodForm(changeFormSchema, { defaultValues: changeFormValues(booking) });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await change.mutateAsync(values);
      toast(t('bookings.changed', { status: saved.response_status }));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      setFailure(errorMessage(error, t, { NotFound: t('validation.bookingNotFound') }));
    }
  });

  return (
    <Modal opened onClose={onClose} size="lg" title={t('bookings.changeTitle', { id: booking.mawb ?? booking.id })}>
      <form onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert color="red" role="alert" mb="md">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField control={form.control} name="pieces" label={t('bookings.fields.pieces')} min={1} />
          <NumberField
            control={form.control}
            name="weight"
            label={t('bookings.fields.weightKg')}
            decimalScale={3}
            min={0}
          />
          <NumberField
            control={form.control}
            name="volume"
            label={t('bookings.fields.volumeM3')}
            decimalScale={3}
            min={0}
          />
          <NumberField control={form.control} name="density_group" label={t('bookings.fields.density_group')} />
          <TextField control={form.control} name="commodity" label={t('bookings.fields.commodity')} />
          <TagsField control={form.control} name="shcs" label={t('bookings.fields.shcs')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
