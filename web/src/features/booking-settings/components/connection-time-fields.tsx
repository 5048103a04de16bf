import { CONNECTION_TYPES } from '@aircargo/contract/route-search';
import { Fieldset, SimpleGrid } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { CreateConnectionTimeForm } from '../api/connection-times';
import { useCompanyOptions } from '../api/references';

export const CONNECTION_TIME_FIELD_NAMES = [
  'airline_id',
  'airport',
  'minutes',
  'arrival_carrier',
  'departure_carrier',
  'connection_type',
] as const;

export type ConnectionTimeFieldsControl = Control<CreateConnectionTimeForm, unknown, unknown>;

/**
 * A minimum connection time: the airport, the minutes, and what narrows it (arriving and departing carrier,
 * domestic/international type). The platform writes standards (no airline) or an airline's exceptions.
 */
export function ConnectionTimeFields({
  control,
  chooseAirline,
}: {
  control: ConnectionTimeFieldsControl;
  chooseAirline: boolean;
}) {
  const { t } = useTranslation();
  const airlines = useCompanyOptions('airline', chooseAirline);
  const f = (name: string) => t(`bookingSettings.connectionTimes.fields.${name}`);
  return (
    <Fieldset legend={t('bookingSettings.connectionTimes.section')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {chooseAirline && (
          <SelectField
            control={control}
            name="airline_id"
            numeric
            searchable
            clearable
            label={f('airline')}
            description={t('bookingSettings.connectionTimes.airlineHint')}
            data={airlines.options}
          />
        )}
        <AirportField control={control} name="airport" label={f('airport')} required />
        <NumberField control={control} name="minutes" label={f('minutes')} min={0} allowDecimal={false} required />
        <TextField control={control} name="arrival_carrier" label={f('arrival_carrier')} maxLength={2} />
        <TextField control={control} name="departure_carrier" label={f('departure_carrier')} maxLength={2} />
        <SelectField
          control={control}
          name="connection_type"
          clearable
          label={f('connection_type')}
          data={CONNECTION_TYPES.map((v) => ({
            value: v,
            label: `${v} — ${t(`bookingSettings.connectionTimes.types.${v}`)}`,
          }))}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
