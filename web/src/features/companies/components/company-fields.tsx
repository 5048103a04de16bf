import { CREATABLE_COMPANY_TYPES } from '@aircargo/contract/companies';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { countryOptions, useCountries } from '@/lib/reference';
import type { CreateCompanyForm } from '../api/companies';

/** Fields whose server errors are shown on the field. */
export const COMPANY_FIELD_NAMES = [
  'company_type',
  'name',
  'short_name',
  'local_name',
  'airline_code',
  'operations_type',
  'default_airport',
  'country',
  'city',
  'post_code',
  'address',
  'tax_number',
  'account_number',
  'forwarder_iata_code',
  'cass_codes',
  'eori',
  'pima',
  'pima_location',
  'permitted_carriers',
  'service_shcs',
  'shcs_accepted',
  'cimp_code',
  'cimp_email',
  'cimp_sita',
  'maildomain',
  'web_link',
  'customs_hours',
  'terminal_hours',
  'notes',
] as const;

/** The company form's fields, shared by create and edit (the type is fixed once created). */
export function CompanyFields({
  control,
  mode,
  isAirline,
}: {
  // Both forms hold the same fields; the edit form only lacks the type.
  control: Control<CreateCompanyForm, unknown, unknown>;
  mode: 'create' | 'edit';
  isAirline: boolean;
}) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const options = countryOptions(countries.data, i18n.language);

  return (
    <Stack>
      <Fieldset legend={t('companies.sections.main')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {mode === 'create' && (
            <SelectField
              control={control}
              name="company_type"
              label={t('companies.fields.company_type')}
              data={CREATABLE_COMPANY_TYPES.map((value) => ({ value, label: t(`companies.types.${value}`) }))}
              required
            />
          )}
          <TextField control={control} name="name" label={t('companies.fields.name')} required />
          <TextField control={control} name="short_name" label={t('companies.fields.short_name')} required />
          <TextField control={control} name="local_name" label={t('companies.fields.local_name')} />
          {isAirline && (
            <TextField control={control} name="airline_code" label={t('companies.fields.airline_code')} maxLength={2} />
          )}
          <TextField control={control} name="operations_type" label={t('companies.fields.operations_type')} />
          <TextField
            control={control}
            name="default_airport"
            label={t('companies.fields.default_airport')}
            maxLength={3}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('companies.sections.address')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {options.length > 0 ? (
            <SelectField
              control={control}
              name="country"
              label={t('companies.fields.country')}
              data={options}
              searchable
              clearable
            />
          ) : (
            <TextField control={control} name="country" label={t('companies.fields.country')} maxLength={2} />
          )}
          <TextField control={control} name="city" label={t('companies.fields.city')} />
          <TextField control={control} name="post_code" label={t('companies.fields.post_code')} />
          <TextField control={control} name="address" label={t('companies.fields.address')} />
          <TextField control={control} name="tax_number" label={t('companies.fields.tax_number')} />
          <TextField control={control} name="account_number" label={t('companies.fields.account_number')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('companies.sections.codes')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField control={control} name="forwarder_iata_code" label={t('companies.fields.forwarder_iata_code')} />
          <TagsField control={control} name="cass_codes" label={t('companies.fields.cass_codes')} />
          <TextField control={control} name="eori" label={t('companies.fields.eori')} />
          <TextField control={control} name="pima" label={t('companies.fields.pima')} />
          <TextField control={control} name="pima_location" label={t('companies.fields.pima_location')} />
          <TagsField control={control} name="permitted_carriers" label={t('companies.fields.permitted_carriers')} />
          <TagsField control={control} name="service_shcs" label={t('companies.fields.service_shcs')} />
          <TagsField control={control} name="shcs_accepted" label={t('companies.fields.shcs_accepted')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('companies.sections.flags')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <CheckboxField
            control={control}
            name="access_to_all_carriers"
            label={t('companies.fields.access_to_all_carriers')}
          />
          <CheckboxField control={control} name="interline_booking" label={t('companies.fields.interline_booking')} />
          <CheckboxField
            control={control}
            name="intl_cargo_accepted"
            label={t('companies.fields.intl_cargo_accepted')}
          />
          <CheckboxField control={control} name="dg_storage" label={t('companies.fields.dg_storage')} />
          <CheckboxField control={control} name="invisible" label={t('companies.fields.invisible')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('companies.sections.messaging')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField control={control} name="cimp_code" label={t('companies.fields.cimp_code')} />
          <TextField control={control} name="cimp_email" label={t('companies.fields.cimp_email')} type="email" />
          <TextField control={control} name="cimp_sita" label={t('companies.fields.cimp_sita')} />
          <TextField control={control} name="maildomain" label={t('companies.fields.maildomain')} />
          <TextField control={control} name="web_link" label={t('companies.fields.web_link')} />
          <TextField control={control} name="customs_hours" label={t('companies.fields.customs_hours')} />
          <TextField control={control} name="terminal_hours" label={t('companies.fields.terminal_hours')} />
        </SimpleGrid>
        <TextareaField control={control} name="notes" label={t('companies.fields.notes')} mt="sm" />
      </Fieldset>
    </Stack>
  );
}
