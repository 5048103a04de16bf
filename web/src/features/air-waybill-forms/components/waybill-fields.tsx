import { Stack } from '@mantine/core';
import type { AnyControl, AnyForm } from '@/components/form/record-form';
import { CargoSection } from './cargo-section';
import { NumberSection } from './number-section';
import { PartiesSection } from './parties-section';
import { FlightsSection, RouteSection } from './route-section';

/** The sections of the waybill form (seed 000: number, cargo, route, parties, flights); the number only on create. */
export function WaybillFields({
  control,
  form,
  mode,
  canReadStock,
  chooseForwarder,
  withSsrPicker,
}: {
  control: AnyControl;
  form: AnyForm;
  mode: 'create' | 'edit';
  canReadStock: boolean;
  chooseForwarder: boolean;
  withSsrPicker: boolean;
}) {
  return (
    <Stack gap="md">
      {mode === 'create' && (
        <NumberSection
          control={control}
          form={form}
          canReadStock={canReadStock}
          chooseForwarder={chooseForwarder}
          withPostal
        />
      )}
      <CargoSection control={control} mrnHere={mode === 'edit'} />
      <RouteSection control={control} />
      <PartiesSection control={control} withSsrPicker={withSsrPicker} />
      <FlightsSection control={control} />
    </Stack>
  );
}
