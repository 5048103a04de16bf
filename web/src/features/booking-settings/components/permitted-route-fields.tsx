import { Fieldset, SimpleGrid, Stack, Switch, TagsInput } from '@mantine/core';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { translateValidation } from '@/lib/validation/messages';
import type { CreatePermittedRouteForm } from '../api/permitted-routes';
import { useCompanyOptions } from '../api/references';

export const PERMITTED_ROUTE_FIELD_NAMES = ['airline_id', 'origin', 'destination', 'via', 'notes'] as const;

export type PermittedRouteFieldsControl = Control<CreatePermittedRouteForm, unknown, unknown>;

/**
 * The transit airports: null is any transit, [] non-stop only, a list exactly those airports in order. Removing the
 * last tag goes back to any transit; non-stop is its own switch.
 */
function ViaField({ control }: { control: PermittedRouteFieldsControl }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'via' });
  const via = (field.value as string[] | null | undefined) ?? null;
  const direct = Array.isArray(via) && via.length === 0;
  return (
    <Stack gap="xs">
      <TagsInput
        ref={field.ref}
        name={field.name}
        label={t('bookingSettings.permittedRoutes.fields.via')}
        description={t('bookingSettings.permittedRoutes.viaHint')}
        maxTags={2}
        disabled={direct}
        value={via ?? []}
        onChange={(values) => field.onChange(values.length > 0 ? values.map((v) => v.trim().toUpperCase()) : null)}
        onBlur={field.onBlur}
        error={translateValidation(fieldState.error?.message, t)}
      />
      <Switch
        label={t('bookingSettings.permittedRoutes.direct')}
        checked={direct}
        onChange={(event) => field.onChange(event.currentTarget.checked ? [] : null)}
      />
    </Stack>
  );
}

/** A permitted route: origin and destination (airport or city codes) and, optionally, exactly these transit airports. */
export function PermittedRouteFields({
  control,
  chooseAirline,
}: {
  control: PermittedRouteFieldsControl;
  chooseAirline: boolean;
}) {
  const { t } = useTranslation();
  const airlines = useCompanyOptions('airline', chooseAirline);
  const f = (name: string) => t(`bookingSettings.permittedRoutes.fields.${name}`);
  return (
    <Fieldset legend={t('bookingSettings.permittedRoutes.section')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {chooseAirline && (
          <SelectField
            control={control}
            name="airline_id"
            numeric
            searchable
            label={f('airline')}
            data={airlines.options}
            required
          />
        )}
        <TextField control={control} name="origin" label={f('origin')} maxLength={3} required />
        <TextField control={control} name="destination" label={f('destination')} maxLength={3} required />
        <ViaField control={control} />
      </SimpleGrid>
      <TextareaField control={control} name="notes" label={f('notes')} mt="sm" />
    </Fieldset>
  );
}
