import { SURCHARGE_TYPES } from '@aircargo/contract/tariffs';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { type AnyControl, ApplicabilityFields, PlaceField, VatFields } from './shared-fields';

export const SURCHARGE_FIELD_NAMES = [
  'airline_id',
  'code',
  'name',
  'type',
  'value',
  'minimal_weight',
  'product_code',
  'currency',
  'vat_inclusion',
  'vat_percent',
  'origin.code',
  'destination.code',
  'effective_from',
  'effective_to',
  'sales_channel',
  'transfers',
  'non_stop',
  'company_ids',
] as const;

/** A surcharge: a percent of the freight or a value per chargeable kg on at least a minimal weight. */
export function SurchargeFields({ control, chooseAirline }: { control: AnyControl; chooseAirline: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Fieldset legend={t('tariffs.sections.surcharge')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField control={control} name="code" label={t('tariffs.fields.code')} />
          <TextField control={control} name="name" label={t('tariffs.fields.name')} />
          <SelectField
            control={control}
            name="type"
            label={t('tariffs.fields.type')}
            data={SURCHARGE_TYPES.map((type) => ({ value: type, label: t(`tariffs.surchargeTypes.${type}`) }))}
            allowDeselect={false}
          />
          <TextField control={control} name="value" label={t('tariffs.fields.value')} required />
          <TextField control={control} name="currency" label={t('tariffs.fields.currency')} maxLength={3} />
          <TextField control={control} name="minimal_weight" label={t('tariffs.fields.minimal_weight')} />
          <TextField control={control} name="product_code" label={t('tariffs.fields.product_code')} />
          <VatFields control={control} percentName="vat_percent" />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('tariffs.sections.conditions')}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PlaceField control={control} name="origin" label={t('tariffs.fields.origin')} />
            <PlaceField control={control} name="destination" label={t('tariffs.fields.destination')} />
          </SimpleGrid>
          <ApplicabilityFields control={control} chooseAirline={chooseAirline} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
