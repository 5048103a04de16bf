import { PLACE_KINDS, TARIFF_BASES, VAT_INCLUSIONS } from '@aircargo/contract/tariffs';
import { Group, Input, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field';
import { MultiSelectField } from '@/components/form/multi-select-field';
import type { AnyControl } from '@/components/form/record-form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { translateValidation } from '@/lib/validation/messages';
import { useCompanyOptions } from '../api/companies';

// Fields every tariff-screen form has; the forms' values share these names (see api/forms.ts).

export type { AnyControl };

/** A place: its kind (airport, city, country, region) and its code. */
export function PlaceField({
  control,
  name,
  label,
  required,
}: {
  control: AnyControl;
  name: 'origin' | 'destination';
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const kind = useController({ control, name: `${name}.kind` as Path<FieldValues> });
  const code = useController({ control, name: `${name}.code` as Path<FieldValues> });
  return (
    <Input.Wrapper label={label} required={required} error={translateValidation(code.fieldState.error?.message, t)}>
      <Group gap={4} wrap="nowrap">
        <Select
          w={120}
          aria-label={t('tariffs.fields.placeKind', { field: label })}
          data={PLACE_KINDS.map((k) => ({ value: k, label: t(`tariffs.placeKinds.${k}`) }))}
          value={kind.field.value as string}
          onChange={(value) => value && kind.field.onChange(value)}
          allowDeselect={false}
        />
        <TextInput
          ref={code.field.ref}
          aria-label={label}
          style={{ flex: 1 }}
          value={(code.field.value as string) ?? ''}
          onChange={(event) => code.field.onChange(event.currentTarget.value.toUpperCase())}
          onBlur={code.field.onBlur}
          error={Boolean(code.fieldState.error)}
        />
      </Group>
    </Input.Wrapper>
  );
}

export function BasisField({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  return (
    <SelectField
      control={control}
      name="basis"
      label={t('tariffs.fields.basis')}
      data={TARIFF_BASES.map((b) => ({ value: b, label: t(`tariffs.bases.${b}`) }))}
      allowDeselect={false}
      required
    />
  );
}

export function VatFields({ control, percentName }: { control: AnyControl; percentName: string }) {
  const { t } = useTranslation();
  const inclusion = useController({ control, name: 'vat_inclusion' });
  return (
    <>
      <SelectField
        control={control}
        name="vat_inclusion"
        label={t('tariffs.fields.vat_inclusion')}
        data={VAT_INCLUSIONS.map((v) => ({ value: v, label: t(`tariffs.vat.${v}`) }))}
        allowDeselect={false}
      />
      <TextField
        control={control}
        name={percentName}
        label={t('tariffs.fields.vat_percent')}
        disabled={inclusion.field.value === 'without'}
      />
    </>
  );
}

/** Where and when the record applies and for whom: the fields all three forms share. */
export function ApplicabilityFields({ control, chooseAirline }: { control: AnyControl; chooseAirline: boolean }) {
  const { t } = useTranslation();
  const airlines = useCompanyOptions('airline', chooseAirline);
  const forwarders = useCompanyOptions('forwarder');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {chooseAirline && (
        <SelectField
          control={control}
          name="airline_id"
          numeric
          searchable
          label={t('tariffs.fields.airline')}
          data={airlines}
          required
        />
      )}
      <DateField control={control} name="effective_from" label={t('tariffs.fields.effective_from')} />
      <DateField control={control} name="effective_to" label={t('tariffs.fields.effective_to')} />
      <TextField control={control} name="sales_channel" label={t('tariffs.fields.sales_channel')} />
      <TagsField control={control} name="transfers" label={t('tariffs.fields.transfers')} />
      <SwitchField control={control} name="non_stop" label={t('tariffs.fields.non_stop')} mt="lg" />
      <MultiSelectField
        control={control}
        name="company_ids"
        label={t('tariffs.fields.companies')}
        description={t('tariffs.hints.companies')}
        data={forwarders}
        searchable
      />
      <MultiSelectField
        control={control}
        name="excluded_company_ids"
        label={t('tariffs.fields.excluded_companies')}
        description={t('tariffs.hints.excludedCompanies')}
        data={forwarders}
        searchable
      />
      <TagsField
        control={control}
        name="groups"
        label={t('tariffs.fields.groups')}
        description={t('tariffs.hints.groups')}
      />
    </SimpleGrid>
  );
}
