import { ALLOTMENT_TYPES } from '@aircargo/contract/bookings';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import type { CreateAllotmentForm } from '../api/allotments';
import { useCompanyOptions } from '../api/references';
import { SegmentField } from './segment-picker';

export const ALLOTMENT_FIELD_NAMES = [
  'carrier',
  'origin_iata',
  'destination_iata',
  'forwarder_id',
  'type',
  'weight',
  'volume',
  'timelimit_to_std',
  'segment_id',
  'valid_until',
  'postal',
] as const;

/** Both forms hold these fields; the edit form only the terms (type, amounts, time limit, validity, postal). */
export type AllotmentFieldsControl = Control<CreateAllotmentForm, unknown, unknown>;

/**
 * Allotment fields (seed 001 section 3 Allotment). On create the carrier (the platform's choice), the route, the
 * forwarder and the flight are chosen; afterwards they identify the allotment and stay fixed.
 */
export function AllotmentFields({
  control,
  mode,
  chooseCarrier,
}: {
  control: AllotmentFieldsControl;
  mode: 'create' | 'edit';
  chooseCarrier: boolean;
}) {
  const { t } = useTranslation();
  const creating = mode === 'create';
  const airlines = useCompanyOptions('airline', creating && chooseCarrier);
  const forwarders = useCompanyOptions('forwarder', creating);
  const [carrier, origin, destination] = useWatch({ control, name: ['carrier', 'origin_iata', 'destination_iata'] });
  const f = (name: string) => t(`bookingSettings.allotments.fields.${name}`);

  return (
    <Stack>
      {creating && (
        <Fieldset legend={t('bookingSettings.allotments.sections.whom')}>
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
            <AirportField control={control} name="origin_iata" label={f('origin')} required />
            <AirportField control={control} name="destination_iata" label={f('destination')} required />
            <SelectField
              control={control}
              name="forwarder_id"
              numeric
              searchable
              label={f('forwarder')}
              data={forwarders.options}
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
            <SegmentField
              control={control}
              name="segment_id"
              label={f('flight')}
              description={t('bookingSettings.allotments.flightHint')}
              filters={{ carrier: carrier ?? null, origin: origin ?? null, destination: destination ?? null }}
            />
          </SimpleGrid>
        </Fieldset>
      )}
      <Fieldset legend={t('bookingSettings.allotments.sections.terms')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <SelectField
            control={control}
            name="type"
            label={f('type')}
            data={ALLOTMENT_TYPES.map((v) => ({ value: v, label: t(`bookingSettings.allotments.types.${v}`) }))}
            required
            allowDeselect={false}
          />
          <NumberField control={control} name="weight" label={f('weight')} min={0} decimalScale={3} required />
          <NumberField control={control} name="volume" label={f('volume')} min={0} decimalScale={3} required />
          <NumberField
            control={control}
            name="timelimit_to_std"
            label={f('timelimit_to_std')}
            description={t('bookingSettings.allotments.timelimitHint')}
            min={0}
            allowDecimal={false}
            required
          />
          <DateField control={control} name="valid_until" label={f('valid_until')} />
          <SwitchField control={control} name="postal" label={f('postal')} mt="xl" />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
