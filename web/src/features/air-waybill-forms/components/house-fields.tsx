import { FREE_TEXT_LINES, WEIGHT_CODES } from '@aircargo/contract/house-waybills';
import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import type { AnyControl } from '@/components/form/record-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { usePreviousSsrs } from '../api/air-waybills';
import { CodeField, CodesField } from './fields';
import { PartyFields } from './parties-section';

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
          <Text size="sm" c="dimmed">
            {t('airWaybillForms.house.partiesHint')}
          </Text>
          <PartyFields control={control} name="shipper" required={['name', 'city']} />
          <PartyFields control={control} name="consignee" required={['name', 'city']} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
