import { AWB_PAYMENTS } from '@aircargo/contract/air-waybills';
import { Autocomplete, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyControl } from '@/components/form/record-form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { translateValidation } from '@/lib/validation/messages';
import { usePreviousSsrs } from '../api/air-waybills';
import { CodeField } from './fields';

type PartyName = 'shipper' | 'consignee' | 'notify';

/** A party: name, address, city, state, country, post code, contact number (under 25 digits), INN (RU: 10 or 12). */
export function PartyFields({
  control,
  name,
  required,
}: {
  control: AnyControl;
  name: PartyName;
  /** Which of its fields a filled party needs. */
  required: readonly ('name' | 'city')[];
}) {
  const { t } = useTranslation();
  const party = t(`airWaybillForms.parties.${name}`);
  const label = (field: string) => `${t(`airWaybillForms.party.${field}`)}, ${party}`;
  return (
    <Stack gap="xs" data-testid={`party-${name}`}>
      <Text fw={600} size="sm">
        {party}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <TextField control={control} name={`${name}.name`} label={label('name')} required={required.includes('name')} />
        <TextField control={control} name={`${name}.address`} label={label('address')} />
        <TextField control={control} name={`${name}.city`} label={label('city')} required={required.includes('city')} />
        <TextField control={control} name={`${name}.state`} label={label('state')} />
        <CodeField control={control} name={`${name}.country_code`} label={label('country_code')} maxLength={2} />
        <TextField control={control} name={`${name}.post_code`} label={label('post_code')} />
        <TextField control={control} name={`${name}.contacts`} label={label('contacts')} />
        <TextField control={control} name={`${name}.tax_id`} label={label('tax_id')} />
      </SimpleGrid>
    </Stack>
  );
}

/** The special service request, with the texts the company used before offered as it is typed. */
function SsrField({ control, withPicker }: { control: AnyControl; withPicker: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FieldValues>({ control, name: 'special_service_request' });
  const previous = usePreviousSsrs(withPicker);
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label={t('airWaybillForms.parties.special_service_request')}
      data={previous}
      value={(field.value as string) ?? ''}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      error={translateValidation(fieldState.error?.message, t)}
    />
  );
}

/** Parties: shipper, consignee, notify, the forwarder's account; the requests and how the charges are paid. */
export function PartiesSection({ control, withSsrPicker }: { control: AnyControl; withSsrPicker: boolean }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('airWaybillForms.sections.parties')}>
      <Stack gap="md">
        <PartyFields control={control} name="shipper" required={['name']} />
        <PartyFields control={control} name="consignee" required={['name']} />
        <PartyFields control={control} name="notify" required={[]} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="forwarder_account"
            label={t('airWaybillForms.parties.forwarder_account')}
          />
          <SelectField
            control={control}
            name="payment"
            label={t('airWaybillForms.parties.payment')}
            data={AWB_PAYMENTS.map((value) => ({ value, label: t(`airWaybillForms.payments.${value}`) }))}
            allowDeselect={false}
          />
          <SsrField control={control} withPicker={withSsrPicker} />
          <TextField
            control={control}
            name="other_service_request"
            label={t('airWaybillForms.parties.other_service_request')}
          />
        </SimpleGrid>
        <SwitchField control={control} name="as_agreed_rates" label={t('airWaybillForms.parties.as_agreed_rates')} />
      </Stack>
    </Fieldset>
  );
}
