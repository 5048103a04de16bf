import { CURRENCIES } from '@aircargo/domain/constants';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { DateField } from '@/components/form/date-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { countryOptions, useCountries } from '@/lib/reference';
import { type CreateAgreementForm, useAgreementCompanies } from '../api/agreements';

export const AGREEMENT_FIELD_NAMES = [
  'supplier_id',
  'client_id',
  'currency',
  'effective_from',
  'effective_to',
  'contract_number',
  'client_local_name',
  'street',
  'local_street',
  'country',
  'city',
  'tax_number',
  'account_number',
  'sales_origins',
  'additional_prefixes',
  'beneficiary',
] as const;

/** The create and edit forms hold the same fields (the edit form with all of them optional). */
export type AgreementFieldsControl = Control<CreateAgreementForm, unknown, unknown>;

/** Agreement fields shared by create and edit; the supplier is chosen only by the platform. */
export function AgreementFields({
  control,
  chooseSupplier,
}: {
  control: AgreementFieldsControl;
  chooseSupplier: boolean;
}) {
  const { t, i18n } = useTranslation();
  const suppliers = useAgreementCompanies('airline', chooseSupplier);
  const clients = useAgreementCompanies('forwarder');
  const countries = useCountries();
  const countryList = countryOptions(countries.data, i18n.language);
  const companyOptions = (list: typeof clients.data) =>
    (list?.data ?? []).map((company) => ({
      value: String(company.id),
      label: `${company.short_name} — ${company.name}`,
    }));

  return (
    <Stack>
      <Fieldset legend={t('agreements.sections.parties')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {chooseSupplier && (
            <SelectField
              control={control}
              name="supplier_id"
              numeric
              searchable
              label={t('agreements.fields.supplier')}
              data={companyOptions(suppliers.data)}
              required
            />
          )}
          <SelectField
            control={control}
            name="client_id"
            numeric
            searchable
            label={t('agreements.fields.client')}
            data={companyOptions(clients.data)}
            required
          />
          <TextField control={control} name="client_local_name" label={t('agreements.fields.client_local_name')} />
          <TextField control={control} name="contract_number" label={t('agreements.fields.contract_number')} />
          <TextField control={control} name="beneficiary" label={t('agreements.fields.beneficiary')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('agreements.sections.terms')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <SelectField
            control={control}
            name="currency"
            label={t('agreements.fields.currency')}
            data={[...CURRENCIES]}
            required
          />
          <DateField control={control} name="effective_from" label={t('agreements.fields.effective_from')} required />
          <DateField control={control} name="effective_to" label={t('agreements.fields.effective_to')} />
          <TagsField control={control} name="sales_origins" label={t('agreements.fields.sales_origins')} />
          <TagsField control={control} name="additional_prefixes" label={t('agreements.fields.additional_prefixes')} />
          <TextField control={control} name="account_number" label={t('agreements.fields.account_number')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <CheckboxField control={control} name="show_tariffs" label={t('agreements.fields.show_tariffs')} />
          <CheckboxField
            control={control}
            name="balance_check_disabled"
            label={t('agreements.fields.balance_check_disabled')}
          />
          <CheckboxField control={control} name="smart_contract" label={t('agreements.fields.smart_contract')} />
          <CheckboxField
            control={control}
            name="allowed_manual_routes"
            label={t('agreements.fields.allowed_manual_routes')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('agreements.sections.address')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {countryList.length > 0 ? (
            <SelectField
              control={control}
              name="country"
              label={t('agreements.fields.country')}
              data={countryList}
              searchable
              clearable
            />
          ) : (
            <TextField control={control} name="country" label={t('agreements.fields.country')} maxLength={2} />
          )}
          <TextField control={control} name="city" label={t('agreements.fields.city')} />
          <TextField control={control} name="street" label={t('agreements.fields.street')} />
          <TextField control={control} name="local_street" label={t('agreements.fields.local_street')} />
          <TextField control={control} name="tax_number" label={t('agreements.fields.tax_number')} />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
