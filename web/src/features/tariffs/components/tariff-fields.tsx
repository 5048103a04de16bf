import { TARIFF_LEVELS } from '@aircargo/contract/tariffs';
import { Fieldset, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FieldValues, type Path, useController, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { translateValidation } from '@/lib/validation/messages';
import { GRID_KEYS } from '../api/forms';
import { type AnyControl, ApplicabilityFields, BasisField, PlaceField, VatFields } from './shared-fields';

/** Fields a tariff form shows errors on (the server's included). */
export const TARIFF_FIELD_NAMES = [
  'airline_id',
  'origin.code',
  'destination.code',
  'internal_id',
  'basis',
  'currency',
  'vat_inclusion',
  'vat_percent',
  'level',
  'effective_from',
  'effective_to',
  'products',
  'sales_channel',
  'non_stop',
  'transfers',
  'company_ids',
  'notes',
  'min_charge_weight',
  'excluded_company_ids',
  'groups',
  'base_tariff_id',
  'derivation_percent',
  'derivation_amount',
  'root.rates',
] as const;

function GridCell({ control, name, label }: { control: AnyControl; name: string; label: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: name as Path<FieldValues> });
  const error = translateValidation(fieldState.error?.message, t);
  return (
    <TextInput
      ref={field.ref}
      size="xs"
      miw={72}
      aria-label={label}
      inputMode="decimal"
      value={(field.value as string) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Rates by weight break (M, N, 45 … 1000 kg) and level, per kg or per shipment as the basis says. */
function RateGrid({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control });
  const ratesError = (errors.root as { rates?: { message?: string } } | undefined)?.rates?.message;
  return (
    <Stack gap={4}>
      <Table withTableBorder aria-label={t('tariffs.sections.rates')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tariffs.fields.level')}</Table.Th>
            {GRID_KEYS.map((key) => (
              <Table.Th key={key}>{t(`tariffs.summary.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TARIFF_LEVELS.map((level) => (
            <Table.Tr key={level}>
              <Table.Td>{t(`tariffs.levels.${level}`)}</Table.Td>
              {GRID_KEYS.map((key) => (
                <Table.Td key={key}>
                  <GridCell
                    control={control}
                    name={`grid.${level}.${key}`}
                    label={t('tariffs.gridCell', {
                      level: t(`tariffs.levels.${level}`),
                      rate: t(`tariffs.summary.${key}`),
                    })}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('tariffs.hints.grid')}
      </Text>
      {ratesError && (
        <Text size="sm" c="red" role="alert">
          {translateValidation(ratesError, t)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A derivative tariff takes its rates from a base tariff, scaled by a percent and/or shifted by an amount; rates in the
 * grid above override the derived ones.
 */
function DerivativeFields({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const derivative = useWatch({ control, name: 'is_derivative' }) as boolean;
  return (
    <Fieldset legend={t('tariffs.sections.derivative')}>
      <Stack>
        <SwitchField control={control} name="is_derivative" label={t('tariffs.fields.is_derivative')} />
        {derivative && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={control}
              name="base_tariff_id"
              label={t('tariffs.fields.base_tariff_id')}
              description={t('tariffs.hints.baseTariff')}
              inputMode="numeric"
              required
            />
            <TextField control={control} name="derivation_percent" label={t('tariffs.fields.derivation_percent')} />
            <TextField control={control} name="derivation_amount" label={t('tariffs.fields.derivation_amount')} />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Tariff fields shared by create and edit; the airline is chosen only by the platform, on create. */
export function TariffFields({ control, chooseAirline }: { control: AnyControl; chooseAirline: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Fieldset legend={t('tariffs.sections.route')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <PlaceField control={control} name="origin" label={t('tariffs.fields.origin')} required />
          <PlaceField control={control} name="destination" label={t('tariffs.fields.destination')} required />
          <TextField control={control} name="internal_id" label={t('tariffs.fields.internal_id')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('tariffs.sections.price')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <BasisField control={control} />
          <TextField control={control} name="currency" label={t('tariffs.fields.currency')} maxLength={3} required />
          <SelectField
            control={control}
            name="level"
            label={t('tariffs.fields.level')}
            data={TARIFF_LEVELS.map((l) => ({ value: l, label: t(`tariffs.levels.${l}`) }))}
            allowDeselect={false}
          />
          <VatFields control={control} percentName="vat_percent" />
          <TextField control={control} name="min_charge_weight" label={t('tariffs.fields.min_charge_weight')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('tariffs.sections.rates')}>
        <RateGrid control={control} />
      </Fieldset>
      <DerivativeFields control={control} />
      <Fieldset legend={t('tariffs.sections.conditions')}>
        <Stack>
          <ApplicabilityFields control={control} chooseAirline={chooseAirline} />
          <TagsField control={control} name="products" label={t('tariffs.fields.products')} />
          <TextareaField control={control} name="notes" label={t('tariffs.fields.notes')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
