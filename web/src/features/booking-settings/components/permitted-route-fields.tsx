import { Fieldset, SimpleGrid } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import type { CreatePermittedRouteForm } from '../api/permitted-routes';
import { useCompanyOptions } from '../api/references';

export const PERMITTED_ROUTE_FIELD_NAMES = ['airline_id', 'origin', 'destination', 'via', 'notes'] as const;

export type PermittedRouteFieldsControl = Control<CreatePermittedRouteForm, unknown, unknown>;

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
        <TagsField
          control={control}
          name="via"
          label={f('via')}
          description={t('bookingSettings.permittedRoutes.viaHint')}
          maxTags={2}
        />
      </SimpleGrid>
      <TextareaField control={control} name="notes" label={f('notes')} mt="sm" />
    </Fieldset>
  );
}
