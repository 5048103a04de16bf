import { CONTACT_KINDS, FREE_TEXT_LINES, WEIGHT_CODES } from '@aircargo/contract/house-waybills';
import { ActionIcon, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldValues, useController, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import type { AnyControl } from '@/components/form/record-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { usePreviousSsrs } from '../api/air-waybills';
import { CodeField, CodesField } from './fields';

/** At most this many contacts of a party (the contract's limit). */
const MAX_CONTACTS = 5;

function Contacts({ control, name, party }: { control: AnyControl; name: 'shipper' | 'consignee'; party: string }) {
  const { t } = useTranslation();
  const rows = useFieldArray<FieldValues>({ control, name: `${name}.contacts` });
  return (
    <Stack gap="xs">
      {rows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="xs">
          <SelectField
            control={control}
            name={`${name}.contacts.${index}.kind`}
            label={`${t('airWaybillForms.house.contactKind')}, ${party} ${index + 1}`}
            data={CONTACT_KINDS.map((kind) => ({
              value: kind,
              label: t(`airWaybillForms.house.contactKinds.${kind}`),
            }))}
            allowDeselect={false}
            w={140}
          />
          <TextField
            control={control}
            name={`${name}.contacts.${index}.number`}
            label={`${t('airWaybillForms.party.contacts')}, ${party} ${index + 1}`}
            w={220}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('airWaybillForms.house.removeContact', { party, row: index + 1 })}
            onClick={() => rows.remove(index)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {rows.fields.length < MAX_CONTACTS && (
        <Group>
          <Button variant="light" size="xs" onClick={() => rows.append({ kind: 'TE', number: '' })}>
            {t('airWaybillForms.house.addContact', { party })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A house's shipper or consignee (Cargo-IMP: Latin text; name, city and country when the party is given). */
function HousePartyFields({ control, name }: { control: AnyControl; name: 'shipper' | 'consignee' }) {
  const { t } = useTranslation();
  const party = t(`airWaybillForms.parties.${name}`);
  const label = (field: string) => `${t(`airWaybillForms.party.${field}`)}, ${party}`;
  return (
    <Stack gap="xs" data-testid={`party-${name}`}>
      <Text fw={600} size="sm">
        {party}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <TextField control={control} name={`${name}.name`} label={label('name')} maxLength={70} />
        <TextField control={control} name={`${name}.address`} label={label('address')} maxLength={70} />
        <TextField control={control} name={`${name}.city`} label={label('city')} maxLength={17} />
        <TextField control={control} name={`${name}.state`} label={label('state')} maxLength={9} />
        <CodeField control={control} name={`${name}.country_code`} label={label('country_code')} maxLength={2} />
        <TextField control={control} name={`${name}.post_code`} label={label('post_code')} maxLength={9} />
        <TextField control={control} name={`${name}.tax_id`} label={label('tax_id')} maxLength={35} />
      </SimpleGrid>
      <Contacts control={control} name={name} party={party} />
    </Stack>
  );
}

/** Free text (FHL TXT), and a picker adding a special service request the company wrote before as a line of it. */
function FreeText({ control, withPicker }: { control: AnyControl; withPicker: boolean }) {
  const { t } = useTranslation();
  const { field } = useController<FieldValues>({ control, name: 'free_text' });
  const previous = usePreviousSsrs(withPicker);
  return (
    <Stack gap="xs">
      <TextareaField
        control={control}
        name="free_text"
        label={t('airWaybillForms.house.free_text')}
        description={t('airWaybillForms.house.freeTextHint', { lines: FREE_TEXT_LINES })}
        rows={3}
      />
      {withPicker && (
        <Select
          label={t('airWaybillForms.house.previousSsr')}
          placeholder={previous.length === 0 ? t('airWaybillForms.house.noPreviousSsr') : undefined}
          data={previous}
          value={null}
          searchable
          disabled={previous.length === 0}
          onChange={(text) => {
            if (!text) return;
            const current = ((field.value as string) ?? '').trimEnd();
            field.onChange(current ? `${current}\n${text}` : text);
          }}
        />
      )}
    </Stack>
  );
}

/** The house waybill's fields: number, route, cargo, description, codes, free text and parties. */
export function HouseFields({ control, withSsrPicker }: { control: AnyControl; withSsrPicker: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Fieldset legend={t('airWaybillForms.house.sections.cargo')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CodeField
              control={control}
              name="serial_number"
              label={t('airWaybillForms.house.serial_number')}
              required
              maxLength={12}
            />
            <CodeField
              control={control}
              name="origin_iata"
              label={t('airWaybillForms.route.origin')}
              description={t('airWaybillForms.house.airportHint')}
              maxLength={3}
            />
            <CodeField
              control={control}
              name="destination_iata"
              label={t('airWaybillForms.route.destination')}
              description={t('airWaybillForms.house.airportHint')}
              maxLength={3}
            />
            <NumberField
              control={control}
              name="pieces"
              label={t('airWaybillForms.cargo.pieces')}
              required
              min={1}
              allowDecimal={false}
            />
            <SelectField
              control={control}
              name="weight_code"
              label={t('airWaybillForms.house.weight_code')}
              data={WEIGHT_CODES.map((code) => ({
                value: code,
                label: t(`airWaybillForms.house.weightCodes.${code}`),
              }))}
              allowDeselect={false}
            />
            <NumberField
              control={control}
              name="weight"
              label={t('airWaybillForms.house.weight')}
              required
              min={0}
              decimalScale={1}
            />
          </SimpleGrid>
          <TextField
            control={control}
            name="manifest_description_of_goods"
            label={t('airWaybillForms.house.manifest_description_of_goods')}
            description={t('airWaybillForms.house.descriptionHint')}
            required
            maxLength={15}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CodesField control={control} name="shcs" label={t('airWaybillForms.cargo.shcs')} />
            <CodesField control={control} name="hs_codes" label={t('airWaybillForms.cargo.hs_codes')} />
          </SimpleGrid>
          <FreeText control={control} withPicker={withSsrPicker} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('airWaybillForms.sections.parties')}>
        <Stack gap="md">
          <HousePartyFields control={control} name="shipper" />
          <HousePartyFields control={control} name="consignee" />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
