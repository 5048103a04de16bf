import { SimpleGrid } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { type RecordFormOf, type RecordKind, useAircraftTypeOptions, useAirlineOptions } from '../api/capacities';

/** The form fields of each kind, in order (server errors are put on these). */
export const FIELD_NAMES: Record<RecordKind, readonly string[]> = {
  segmentPayloads: ['airline_id', 'origin', 'destination', 'aircraft_type', 'season', 'payload', 'reg_numbers'],
  paxOdAverages: ['airline_id', 'origin', 'destination', 'aircraft_type', 'quantity'],
  baggageAverages: [
    'airline_id',
    'origin',
    'destination',
    'beginning_of_period',
    'end_of_period',
    'manual_average_baggage_weight',
  ],
  baggageStats: ['airline_id', 'origin', 'destination', 'flight_date', 'pax', 'baggage_pcs', 'baggage_weight'],
};

// One control type for the fields of every kind: each kind's form holds the names it renders.
type AnyRecordForm = RecordFormOf['segmentPayloads'] &
  RecordFormOf['paxOdAverages'] &
  RecordFormOf['baggageAverages'] &
  RecordFormOf['baggageStats'];
export type RecordFieldsControl = Control<AnyRecordForm, unknown, unknown>;

function AircraftTypeField({ control, label }: { control: RecordFieldsControl; label: string }) {
  const options = useAircraftTypeOptions();
  return <SelectField control={control} name="aircraft_type" searchable label={label} data={options} required />;
}

/** The fields of a record of the kind; the airline is chosen only by the platform, on create. */
export function RecordFields({
  kind,
  control,
  chooseAirline,
}: {
  kind: RecordKind;
  control: RecordFieldsControl;
  chooseAirline: boolean;
}) {
  const { t } = useTranslation();
  const airlines = useAirlineOptions(chooseAirline);
  const label = (field: string) => t(`capacities.fields.${field}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {chooseAirline && (
        <SelectField
          control={control}
          name="airline_id"
          numeric
          searchable
          label={label('airline')}
          data={airlines}
          required
        />
      )}
      <AirportField control={control} name="origin" label={label('origin')} required />
      <AirportField control={control} name="destination" label={label('destination')} required />
      {kind === 'segmentPayloads' && (
        <>
          <AircraftTypeField control={control} label={label('aircraft_type')} />
          <SelectField
            control={control}
            name="season"
            label={label('season')}
            data={[
              { value: 'summer', label: t('capacities.seasons.summer') },
              { value: 'winter', label: t('capacities.seasons.winter') },
            ]}
            required
          />
          <NumberField control={control} name="payload" label={label('payload')} min={0} required />
          <TagsField control={control} name="reg_numbers" label={label('reg_numbers')} />
        </>
      )}
      {kind === 'paxOdAverages' && (
        <>
          <AircraftTypeField control={control} label={label('aircraft_type')} />
          <NumberField control={control} name="quantity" label={label('quantity')} min={0} required />
        </>
      )}
      {kind === 'baggageAverages' && (
        <>
          <DateField control={control} name="beginning_of_period" label={label('beginning_of_period')} required />
          <DateField control={control} name="end_of_period" label={label('end_of_period')} required />
          <NumberField
            control={control}
            name="manual_average_baggage_weight"
            label={label('manual_average_baggage_weight')}
            min={0}
            decimalScale={3}
          />
        </>
      )}
      {kind === 'baggageStats' && (
        <>
          <DateField control={control} name="flight_date" label={label('flight_date')} required />
          <NumberField control={control} name="pax" label={label('pax')} min={0} allowDecimal={false} required />
          <NumberField
            control={control}
            name="baggage_pcs"
            label={label('baggage_pcs')}
            min={0}
            allowDecimal={false}
            required
          />
          <NumberField control={control} name="baggage_weight" label={label('baggage_weight')} min={0} required />
        </>
      )}
    </SimpleGrid>
  );
}
