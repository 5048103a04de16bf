import { SEGMENT_TYPES, segmentCreate } from '@aircargo/contract/flights';
import {
  ActionIcon,
  Button,
  Chip,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { type Control, Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AirportField } from '@/components/form/airport-field';
import { CheckboxField } from '@/components/form/checkbox-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { translateValidation } from '@/lib/validation/messages';
import type { TimeMode } from '../api/flights';
import { CalendarDateField } from './calendar-date-field';
import { WallClockField } from './wall-clock-field';

export type CreateMode = 'single' | 'regular' | 'schedule';

export interface LegFormValues {
  origin: string;
  destination: string;
  std: string;
  sta: string;
  aircraft_type: string;
  aircraft_reg: string;
}

/** Every field of the three modes; the contract's schema reads those of the chosen mode. */
export interface FlightFormValues {
  mode: CreateMode;
  carrier: string;
  number: string;
  segment_type: string;
  time_mode: TimeMode;
  aci_required: boolean;
  notation: string;
  legs: LegFormValues[];
  period_from: string | null;
  period_to: string | null;
  weekdays: number[];
  schedule_id: number | null;
}

export const EMPTY_LEG: LegFormValues = {
  origin: '',
  destination: '',
  std: '',
  sta: '',
  aircraft_type: '',
  aircraft_reg: '',
};

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Empty inputs become absent (optional fields) or null (aircraft), then the contract's schema decides. */
export const flightFormSchema = z.preprocess((raw) => {
  const values = raw as FlightFormValues;
  return {
    ...values,
    notation: values.notation?.trim() ? values.notation : null,
    period_from: blank(values.period_from),
    period_to: blank(values.period_to),
    schedule_id: blank(values.schedule_id),
    legs: values.legs.map((leg) => ({
      ...leg,
      std: blank(leg.std),
      sta: blank(leg.sta),
      aircraft_type: leg.aircraft_type.trim() ? leg.aircraft_type : null,
      aircraft_reg: leg.aircraft_reg.trim() ? leg.aircraft_reg : null,
    })),
  };
}, segmentCreate) as unknown as z.ZodType<z.output<typeof segmentCreate>, FlightFormValues>;

export const LEG_FIELDS = ['origin', 'destination', 'std', 'sta', 'aircraft_type', 'aircraft_reg'] as const;

/** Names a server error may carry (`legs.0.std` for a leg's field). */
export function flightFieldNames(legCount: number): string[] {
  const legs = Array.from({ length: legCount }, (_, i) => LEG_FIELDS.map((field) => `legs.${i}.${field}`)).flat();
  return [
    'carrier',
    'number',
    'segment_type',
    'time_mode',
    'aci_required',
    'notation',
    'legs',
    'period_from',
    'period_to',
    'weekdays',
    'schedule_id',
    ...legs,
  ];
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

type FormControl = Control<FlightFormValues, unknown, z.output<typeof segmentCreate>>;

function LegRows({ control, mode }: { control: FormControl; mode: CreateMode }) {
  const { t } = useTranslation();
  const legs = useFieldArray({ control, name: 'legs' });
  const values = useWatch({ control, name: 'legs' });
  return (
    <Fieldset legend={t('flights.form.legs')}>
      {mode === 'regular' && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('flights.form.regularTimesHint')}
        </Text>
      )}
      <Stack>
        {legs.fields.map((leg, index) => (
          <Group key={leg.id} align="flex-start" wrap="wrap" gap="xs" data-testid={`leg-${index + 1}`}>
            <Text fw={600} mt={28} w={20}>
              {index + 1}
            </Text>
            <AirportField
              control={control}
              name={`legs.${index}.origin`}
              label={t('flights.fields.origin')}
              required
              w={200}
            />
            <AirportField
              control={control}
              name={`legs.${index}.destination`}
              label={t('flights.fields.destination')}
              required
              w={200}
            />
            <WallClockField control={control} name={`legs.${index}.std`} label={t('flights.fields.std')} required />
            <WallClockField control={control} name={`legs.${index}.sta`} label={t('flights.fields.sta')} required />
            <TextField
              control={control}
              name={`legs.${index}.aircraft_type`}
              label={t('flights.fields.aircraft_type')}
              maxLength={3}
              w={110}
            />
            <TextField
              control={control}
              name={`legs.${index}.aircraft_reg`}
              label={t('flights.fields.aircraft_reg')}
              maxLength={10}
              w={130}
            />
            {legs.fields.length > 1 && (
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t('flights.form.removeLeg', { leg: index + 1 })}
                onClick={() => legs.remove(index)}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {legs.fields.length < 10 && (
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                // The next leg departs where the previous one arrived.
                legs.append({ ...EMPTY_LEG, origin: values?.at(-1)?.destination ?? '' });
              }}
            >
              {t('flights.form.addLeg')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

function WeekdayPicker({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field, fieldState }) => (
        <Input.Wrapper
          label={t('flights.form.weekdays')}
          required
          error={translateValidation(fieldState.error?.message, t)}
        >
          <Chip.Group
            multiple
            value={(field.value ?? []).map(String)}
            onChange={(next) => field.onChange(next.map(Number).sort((a, b) => a - b))}
          >
            <Group gap={6} mt={4}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {t(`flights.weekdays.${day}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      )}
    />
  );
}

/** Create form: single, regular (weekdays over a period) or the flights of a stored schedule. */
export function FlightCreateFields({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  const mode = useWatch({ control, name: 'mode' });
  return (
    <Stack>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <SegmentedControl
            w="fit-content"
            value={field.value}
            onChange={field.onChange}
            data={(['single', 'regular', 'schedule'] as const).map((value) => ({
              value,
              label: t(`flights.modes.${value}`),
            }))}
          />
        )}
      />
      {mode === 'schedule' ? (
        <Fieldset legend={t('flights.form.schedule')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              control={control}
              name="schedule_id"
              label={t('flights.fields.schedule_id')}
              min={1}
              allowDecimal={false}
              required
            />
            <CalendarDateField control={control} name="period_from" label={t('flights.fields.period_from')} />
            <CalendarDateField control={control} name="period_to" label={t('flights.fields.period_to')} />
          </SimpleGrid>
        </Fieldset>
      ) : (
        <>
          <Fieldset legend={t('flights.form.flight')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextField control={control} name="carrier" label={t('flights.fields.carrier')} maxLength={2} required />
              <TextField control={control} name="number" label={t('flights.fields.number')} maxLength={5} required />
              <SelectField
                control={control}
                name="segment_type"
                label={t('flights.fields.segment_type')}
                data={SEGMENT_TYPES.map((type) => ({ value: type, label: t(`flights.segmentTypes.${type}`) }))}
                allowDeselect={false}
                searchable
              />
              <Controller
                control={control}
                name="time_mode"
                render={({ field }) => (
                  <Input.Wrapper label={t('flights.form.timeMode')}>
                    <SegmentedControl
                      display="flex"
                      value={field.value}
                      onChange={field.onChange}
                      data={[
                        { value: 'local', label: t('flights.timeModes.local') },
                        { value: 'utc', label: t('flights.timeModes.utc') },
                      ]}
                    />
                  </Input.Wrapper>
                )}
              />
            </SimpleGrid>
            <Group mt="sm" align="flex-start">
              <CheckboxField control={control} name="aci_required" label={t('flights.fields.aci_required')} />
            </Group>
            <TextareaField control={control} name="notation" label={t('flights.fields.notation')} rows={2} mt="sm" />
          </Fieldset>
          {mode === 'regular' && (
            <Fieldset legend={t('flights.form.period')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <CalendarDateField
                  control={control}
                  name="period_from"
                  label={t('flights.fields.period_from')}
                  required
                />
                <CalendarDateField control={control} name="period_to" label={t('flights.fields.period_to')} required />
                <WeekdayPicker control={control} />
              </SimpleGrid>
            </Fieldset>
          )}
          <LegRows control={control} mode={mode} />
        </>
      )}
    </Stack>
  );
}
