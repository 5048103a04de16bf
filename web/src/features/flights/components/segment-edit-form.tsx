import { SEGMENT_TYPES, segmentUpdate } from '@aircargo/contract/flights';
import { Button, Fieldset, Group, Input, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { usePreferences } from '@/lib/preferences';
import { type Segment, type TimeMode, useUpdateSegment } from '../api/flights';
import { WallClockField } from './wall-clock-field';

interface EditValues {
  time_mode: TimeMode;
  segment_type: string;
  aircraft_type: string;
  aircraft_reg: string;
  aci_required: boolean;
  notation: string;
  legs: { sequence: number; std: string; sta: string }[];
}

const editSchema = z.preprocess((raw) => {
  const values = raw as EditValues;
  return {
    ...values,
    aircraft_type: values.aircraft_type.trim() ? values.aircraft_type : null,
    aircraft_reg: values.aircraft_reg.trim() ? values.aircraft_reg : null,
    notation: values.notation.trim() ? values.notation : null,
    legs: values.legs.map((leg) => ({ ...leg, std: leg.std || undefined, sta: leg.sta || undefined })),
  };
}, segmentUpdate) as unknown as z.ZodType<z.output<typeof segmentUpdate>, EditValues>;

/** A wall clock `YYYY-MM-DDTHH:mm` of the server's value: the local one with its offset, or the UTC instant. */
const wallClock = (value: string) => value.slice(0, 16);

/** The segment's legs in the chosen time mode, read from the server's local and UTC values. */
function legTimes(segment: Segment, mode: TimeMode): EditValues['legs'] {
  return segment.legs.map((leg) => ({
    sequence: leg.sequence,
    std: wallClock(mode === 'utc' ? leg.std : leg.std_local),
    sta: wallClock(mode === 'utc' ? leg.sta : leg.sta_local),
  }));
}

function valuesOf(segment: Segment, mode: TimeMode): EditValues {
  return {
    time_mode: mode,
    segment_type: segment.segment_type,
    aircraft_type: segment.aircraft_type ?? '',
    aircraft_reg: segment.aircraft_reg ?? '',
    aci_required: segment.aci_required,
    notation: segment.notation ?? '',
    legs: legTimes(segment, mode),
  };
}

const FIELDS = ['segment_type', 'aircraft_type', 'aircraft_reg', 'aci_required', 'notation', 'time_mode', 'legs'];

/** Edit a segment's flight: leg times (local or UTC), aircraft, type, ACI and notation. */
export function SegmentEditForm({ segment, onSaved }: { segment: Segment; onSaved?: (saved: Segment) => void }) {
  const { t } = useTranslation();
  const { utcTime } = usePreferences();
  const update = useUpdateSegment(segment.id);
  const form = useZodForm(editSchema, { defaultValues: valuesOf(segment, utcTime ? 'utc' : 'local') });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('flights.saved'));
        form.reset(valuesOf(saved, form.getValues('time_mode')));
        onSaved?.(saved);
      },
      onError: (error) => {
        const legFields = segment.legs.flatMap((_, i) => [`legs.${i}.std`, `legs.${i}.sta`]);
        if (!applyServerErrors(error, form.setError, [...FIELDS, ...legFields])) {
          toast(
            errorMessage(error, t, { NotFound: t('flights.errors.notFound'), Exists: t('flights.errors.exists') }),
            'negative',
          );
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Fieldset legend={t('flights.form.flight')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <SelectField
              control={form.control}
              name="segment_type"
              label={t('flights.fields.segment_type')}
              data={SEGMENT_TYPES.map((type) => ({ value: type, label: t(`flights.segmentTypes.${type}`) }))}
              allowDeselect={false}
              searchable
            />
            <TextField
              control={form.control}
              name="aircraft_type"
              label={t('flights.fields.aircraft_type')}
              maxLength={3}
            />
            <TextField
              control={form.control}
              name="aircraft_reg"
              label={t('flights.fields.aircraft_reg')}
              maxLength={10}
            />
            <CheckboxField
              control={form.control}
              name="aci_required"
              label={t('flights.fields.aci_required')}
              mt={28}
            />
          </SimpleGrid>
          <TextareaField control={form.control} name="notation" label={t('flights.fields.notation')} rows={2} mt="sm" />
        </Fieldset>
        <Fieldset legend={t('flights.form.legs')}>
          <Controller
            control={form.control}
            name="time_mode"
            render={({ field }) => (
              <Input.Wrapper label={t('flights.form.timeMode')} mb="sm">
                <SegmentedControl
                  display="flex"
                  w="fit-content"
                  value={field.value}
                  onChange={(next) => {
                    const mode = next as TimeMode;
                    field.onChange(mode);
                    // The times are shown again in the new mode, as the server gave them.
                    form.setValue('legs', legTimes(segment, mode), { shouldDirty: true });
                  }}
                  data={[
                    { value: 'local', label: t('flights.timeModes.local') },
                    { value: 'utc', label: t('flights.timeModes.utc') },
                  ]}
                />
              </Input.Wrapper>
            )}
          />
          <Stack gap="xs">
            {segment.legs.map((leg, index) => (
              <Group key={leg.id} align="flex-start" gap="xs">
                <Text fw={600} mt={28} w={110}>
                  {leg.origin} – {leg.destination}
                </Text>
                <WallClockField control={form.control} name={`legs.${index}.std`} label={t('flights.fields.std')} />
                <WallClockField control={form.control} name={`legs.${index}.sta`} label={t('flights.fields.sta')} />
              </Group>
            ))}
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
