import { RULE_ANSWERS } from '@aircargo/domain/booking-rules';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import type { CreateBookingRuleForm } from '../api/booking-rules';
import { useCompanyOptions } from '../api/references';
import { SegmentField } from './segment-picker';

export const BOOKING_RULE_FIELD_NAMES = [
  'carrier',
  'origin_iata',
  'destination_iata',
  'segment_id',
  'shcs',
  'min_percent',
  'max_percent',
  'min_weight',
  'max_weight',
  'min_volume',
  'max_volume',
  'response_status',
] as const;

export type BookingRuleFieldsControl = Control<CreateBookingRuleForm, unknown, unknown>;

/** The answer a rule gives, named: "KK — confirmed". */
export function useAnswerOptions() {
  const { t } = useTranslation();
  return RULE_ANSWERS.map((v) => ({ value: v, label: `${v} — ${t(`bookingSettings.answers.${v}`)}` }));
}

/**
 * Booking rule fields (seed 001 section 3 Booking rule): which shipments it matches (route, flight, SHCs, load percent,
 * weight and volume; an empty condition matches any) and the answer it gives them.
 */
export function BookingRuleFields({
  control,
  chooseCarrier,
  carrier,
  flightLabel,
}: {
  control: BookingRuleFieldsControl;
  chooseCarrier: boolean;
  /** The rule's carrier on edit (the flight search keeps to it). */
  carrier?: string;
  flightLabel?: string | null;
}) {
  const { t } = useTranslation();
  const airlines = useCompanyOptions('airline', chooseCarrier);
  const answers = useAnswerOptions();
  const [chosenCarrier, origin, destination] = useWatch({
    control,
    name: ['carrier', 'origin_iata', 'destination_iata'],
  });
  const f = (name: string) => t(`bookingSettings.bookingRules.fields.${name}`);

  return (
    <Stack>
      <Fieldset legend={t('bookingSettings.bookingRules.sections.matches')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {chooseCarrier && (
            <SelectField
              control={control}
              name="carrier"
              searchable
              label={f('carrier')}
              data={airlines.codeOptions}
              required
            />
          )}
          <AirportField control={control} name="origin_iata" label={f('origin')} clearable />
          <AirportField control={control} name="destination_iata" label={f('destination')} clearable />
          <TagsField
            control={control}
            name="shcs"
            label={f('shcs')}
            description={t('bookingSettings.bookingRules.shcsHint')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
          <SegmentField
            control={control}
            name="segment_id"
            label={f('flight')}
            initialLabel={flightLabel}
            filters={{
              carrier: carrier ?? chosenCarrier ?? null,
              origin: origin ?? null,
              destination: destination ?? null,
            }}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('bookingSettings.bookingRules.sections.bounds')}>
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          <NumberField control={control} name="min_percent" label={f('min_percent')} min={0} max={1000} />
          <NumberField control={control} name="min_weight" label={f('min_weight')} min={0} decimalScale={3} />
          <NumberField control={control} name="min_volume" label={f('min_volume')} min={0} decimalScale={3} />
          <NumberField control={control} name="max_percent" label={f('max_percent')} min={0} max={1000} />
          <NumberField control={control} name="max_weight" label={f('max_weight')} min={0} decimalScale={3} />
          <NumberField control={control} name="max_volume" label={f('max_volume')} min={0} decimalScale={3} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('bookingSettings.bookingRules.sections.answer')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <SelectField
            control={control}
            name="response_status"
            label={f('response_status')}
            data={answers}
            required
            allowDeselect={false}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
