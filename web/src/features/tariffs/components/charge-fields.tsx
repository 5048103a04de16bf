import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { type AnyControl, ApplicabilityFields, BasisField, PlaceField, VatFields } from './shared-fields';

export const CHARGE_FIELD_NAMES = [
  'airline_id',
  'charge_code',
  'charge_name',
  'due',
  'basis',
  'rate',
  'minimal_rate',
  'currency',
  'vat_inclusion',
  'vat',
  'origin.code',
  'destination.code',
  'shcs',
  'products',
  'effective_from',
  'effective_to',
  'sales_channel',
  'transfers',
  'non_stop',
  'company_ids',
] as const;

/** A charge by its code: basis, rate, minimum, VAT, dates and its conditions (route, SHC, product, companies). */
export function ChargeFields({ control, chooseAirline }: { control: AnyControl; chooseAirline: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Fieldset legend={t('tariffs.sections.charge')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField
            control={control}
            name="charge_code"
            label={t('tariffs.fields.charge_code')}
            maxLength={3}
            required
          />
          <TextField control={control} name="charge_name" label={t('tariffs.fields.charge_name')} />
          <SelectField
            control={control}
            name="due"
            label={t('tariffs.fields.due')}
            data={[
              { value: 'C', label: t('tariffs.due.C') },
              { value: 'A', label: t('tariffs.due.A') },
            ]}
            allowDeselect={false}
          />
          <BasisField control={control} />
          <TextField control={control} name="rate" label={t('tariffs.fields.rate')} required />
          <TextField control={control} name="minimal_rate" label={t('tariffs.fields.minimal_rate')} />
          <TextField control={control} name="currency" label={t('tariffs.fields.currency')} maxLength={3} required />
          <VatFields control={control} percentName="vat" />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('tariffs.sections.conditions')}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <PlaceField control={control} name="origin" label={t('tariffs.fields.origin')} />
            <PlaceField control={control} name="destination" label={t('tariffs.fields.destination')} />
            <TagsField control={control} name="shcs" label={t('tariffs.fields.shcs')} />
            <TagsField control={control} name="products" label={t('tariffs.fields.products')} />
          </SimpleGrid>
          <ApplicabilityFields control={control} chooseAirline={chooseAirline} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
