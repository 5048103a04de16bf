import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NumberField } from '@/components/form/number-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { usePreferences } from '@/lib/preferences';
import { formatDateTime, zoneLabel } from '@/lib/time/date-time';
import {
  type Booking,
  type BookingSegment,
  type ChangeForm,
  changeFormSchema,
  changeFormValues,
  MOVE_WINDOW_DAYS,
  useChangeBooking,
  useLegAlternatives,
} from '../api/bookings';

const FIELDS = ['pieces', 'weight', 'volume', 'density_group', 'commodity', 'shcs', 'segment_ids'] as const;

/** One leg of the booking: its flight, or another flight of the same route open for sale around it. */
function LegField({
  leg,
  index,
  control,
}: {
  leg: BookingSegment;
  index: number;
  control: Control<ChangeForm, unknown, z.output<typeof changeFormSchema>>;
}) {
  const { t } = useTranslation();
  const { utcTime } = usePreferences();
  const { field } = useController({ control, name: 'segment_ids' });
  const ids = (field.value ?? []) as number[];
  const alternatives = useLegAlternatives(leg, index);
  // Departures in the airport's local time or in UTC, as the header toggle says.
  const options = (alternatives.data ?? []).map((s) => {
    const display = { utc: utcTime, timeZone: s.origin_timezone };
    return {
      value: String(s.id),
      label: `${s.number_with_date} · ${formatDateTime(s.std, display)} ${zoneLabel(s.std, display)}`,
    };
  });
  if (!options.some((o) => o.value === String(leg.segment_id))) {
    options.unshift({ value: String(leg.segment_id), label: leg.number_with_date });
  }
  return (
    <Select
      label={t('bookings.legLabel', { origin: leg.origin, destination: leg.destination })}
      data={options}
      value={String(ids[index] ?? leg.segment_id)}
      allowDeselect={false}
      disabled={alternatives.isPending}
      error={alternatives.isError ? errorMessage(alternatives.error, t) : undefined}
      onChange={(value) => {
        if (!value) return;
        const next = [...ids];
        next[index] = Number(value);
        field.onChange(next);
      }}
    />
  );
}

/** Change of the cargo figures: the server judges the rules, limits and capacity again and answers KK, NN or UU. */
export function ChangeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBooking(booking.id);
  const form = useZodForm(changeFormSchema, { defaultValues: changeFormValues(booking) });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const current = booking.segments.map((s) => s.segment_id);
      const moved = (values.segment_ids ?? current).some((id, i) => id !== current[i]);
      // The flights are sent only when one of them changes; the server then judges the new route as a whole.
      const { segment_ids, ...cargo } = values;
      const saved = await change.mutateAsync(moved ? { ...cargo, segment_ids } : cargo);
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
        <Stack gap="xs" mt="md">
          <Text size="sm" fw={500}>
            {t('bookings.flightsOfBooking')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('bookings.moveHint', { days: MOVE_WINDOW_DAYS })}
          </Text>
          {booking.segments.map((leg, index) => (
            <LegField key={leg.segment_id} leg={leg} index={index} control={form.control} />
          ))}
        </Stack>
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
