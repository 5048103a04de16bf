import { BILLING_DATE_SOURCES, ROUNDING_RULES } from '@aircargo/domain/constants';
import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  type AirlineSettings,
  type AirlineSettingsForm,
  airlineSettingsFormSchema,
  useUpdateAirlineSettings,
} from '../api/airline-settings';

const FIELD_NAMES = [
  'awb_prefix',
  'interline_accepted_prefixes',
  'sales_open_rules',
  'overflow_weight_percent',
  'overflow_volume_percent',
  'pax_weights.summer',
  'pax_weights.winter',
  'chargeable_ratio',
  'minimum_charge_weight',
  'rounding_rule',
  'billing_date_source',
] as const;

function formValues(settings: AirlineSettings): AirlineSettingsForm {
  const { company_id: _id, ...fields } = settings;
  return fields as AirlineSettingsForm;
}

/** The airline settings of seed 001 section 3; read-only without the right to change them. */
export function AirlineSettingsFormSection({ settings, canEdit }: { settings: AirlineSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAirlineSettings(settings.company_id);
  const form = useZodForm(airlineSettingsFormSchema, { defaultValues: formValues(settings) });
  const rules = useFieldArray({ control: form.control, name: 'sales_open_rules' as never });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('airlineSettings.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELD_NAMES)) {
          toast(errorMessage(error, t, { Exists: t('airlineSettings.errors.prefixTaken') }), 'negative');
        }
      },
    }),
  );

  const control = form.control;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('airlineSettings.sections.settings')}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <Fieldset legend={t('airlineSettings.sections.prefixes')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                control={control}
                name="awb_prefix"
                label={t('airlineSettings.fields.awb_prefix')}
                maxLength={3}
              />
              <TagsField
                control={control}
                name="interline_accepted_prefixes"
                label={t('airlineSettings.fields.interline_accepted_prefixes')}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('airlineSettings.sections.sales')}>
            <Stack gap="xs">
              {rules.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('airlineSettings.noSalesRules')}
                </Text>
              )}
              {rules.fields.map((rule, index) => (
                <Group key={rule.id} align="flex-end">
                  <NumberField
                    control={control}
                    name={`sales_open_rules.${index}.open_days_before_std` as 'sales_open_rules'}
                    label={t('airlineSettings.fields.open_days_before_std')}
                    min={0}
                    allowDecimal={false}
                  />
                  <NumberField
                    control={control}
                    name={`sales_open_rules.${index}.close_hours_before_std` as 'sales_open_rules'}
                    label={t('airlineSettings.fields.close_hours_before_std')}
                    min={0}
                    allowDecimal={false}
                  />
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={t('airlineSettings.removeRule')}
                    onClick={() => rules.remove(index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => rules.append({ open_days_before_std: 30, close_hours_before_std: 2 } as never)}
                >
                  {t('airlineSettings.addRule')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('airlineSettings.sections.weights')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <NumberField
                control={control}
                name="chargeable_ratio"
                label={t('airlineSettings.fields.chargeable_ratio')}
                allowDecimal={false}
                min={1}
              />
              <NumberField
                control={control}
                name="minimum_charge_weight"
                label={t('airlineSettings.fields.minimum_charge_weight')}
                decimalScale={2}
                min={0}
              />
              <SelectField
                control={control}
                name="rounding_rule"
                label={t('airlineSettings.fields.rounding_rule')}
                data={ROUNDING_RULES.map((value) => ({ value, label: t(`airlineSettings.rounding.${value}`) }))}
              />
              <NumberField
                control={control}
                name="overflow_weight_percent"
                label={t('airlineSettings.fields.overflow_weight_percent')}
                decimalScale={2}
                min={0}
                max={100}
              />
              <NumberField
                control={control}
                name="overflow_volume_percent"
                label={t('airlineSettings.fields.overflow_volume_percent')}
                decimalScale={2}
                min={0}
                max={100}
              />
              <NumberField
                control={control}
                name={'pax_weights.summer' as 'chargeable_ratio'}
                label={t('airlineSettings.fields.pax_summer')}
                decimalScale={1}
              />
              <NumberField
                control={control}
                name={'pax_weights.winter' as 'chargeable_ratio'}
                label={t('airlineSettings.fields.pax_winter')}
                decimalScale={1}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('airlineSettings.sections.billing')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <SelectField
                control={control}
                name="billing_date_source"
                label={t('airlineSettings.fields.billing_date_source')}
                data={BILLING_DATE_SOURCES.map((value) => ({
                  value,
                  label: t(`airlineSettings.billingDate.${value}`),
                }))}
              />
              <CheckboxField control={control} name="auto_billing" label={t('airlineSettings.fields.auto_billing')} />
              <CheckboxField
                control={control}
                name="auto_awb_verification"
                label={t('airlineSettings.fields.auto_awb_verification')}
              />
            </SimpleGrid>
          </Fieldset>
        </Stack>
      </fieldset>
      {canEdit && (
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      )}
    </form>
  );
}
