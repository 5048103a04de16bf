import { awbCheckDigit } from '@aircargo/domain/awb';
import { Fieldset, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FieldValues, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyControl, AnyForm } from '@/components/form/record-form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { translateValidation } from '@/lib/validation/messages';
import { useForwarderOptions, useNextFreeNumber, useStockPrefixes } from '../api/air-waybills';
import { NUMBER_SOURCES, type NumberSource } from '../api/forms';
import { CodeField } from './fields';

/** Digits of a typed number, and the check digit its serial needs once prefix and serial are there. */
function checkDigitHint(text: string): number | null {
  const digits = text.replace(/[-\s]/g, '');
  if (!/^\d{10,11}$/.test(digits)) return null;
  return awbCheckDigit(digits.slice(3, 10));
}

/**
 * The number typed as `PPP-SSSSSSSC`, checked as it is typed once it has all its digits (pattern and control bit by
 * the contract); the check digit the serial needs is shown beside it.
 */
function MawbInput({ control, form, postal }: { control: AnyControl; form: AnyForm; postal: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FieldValues>({ control, name: 'mawb' });
  const value = (field.value as string) ?? '';
  const hint = checkDigitHint(value);
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      label={postal ? t('airWaybillForms.number.postalMawb') : t('airWaybillForms.number.mawb')}
      placeholder="555-12345675"
      required
      w={260}
      value={value}
      description={
        hint === null ? t('airWaybillForms.number.pattern') : t('airWaybillForms.number.checkDigit', { digit: hint })
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        field.onChange(next);
        // Checked live once every digit is there (or after the field was left, as every field is).
        if (next.replace(/\D/g, '').length >= 11 || fieldState.isTouched) void form.trigger('mawb');
      }}
      onBlur={field.onBlur}
      error={translateValidation(fieldState.error?.message, t)}
    />
  );
}

/** The prefix of the stock to take the next free number from: picked from the visible prefixes, else typed. */
function PrefixInput({ control, prefixes }: { control: AnyControl; prefixes: ReturnType<typeof useStockPrefixes> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FieldValues>({ control, name: 'prefix' });
  const error = translateValidation(fieldState.error?.message, t);
  if (prefixes.length > 0) {
    return (
      <Select
        ref={field.ref}
        label={t('airWaybillForms.number.prefix')}
        required
        w={260}
        data={prefixes.map((p) => ({ value: p.prefix, label: `${p.prefix} — ${p.airline_short_name}` }))}
        value={(field.value as string) || null}
        onChange={(next) => field.onChange(next ?? '')}
        onBlur={field.onBlur}
        error={error}
      />
    );
  }
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      label={t('airWaybillForms.number.prefix')}
      required
      w={140}
      maxLength={3}
      value={(field.value as string) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

function NextFreeNumber({ control, canReadStock }: { control: AnyControl; canReadStock: boolean }) {
  const { t } = useTranslation();
  const [prefix, forwarderId] = useWatch({ control, name: ['prefix', 'forwarder_id'] }) as [string, number | null];
  const next = useNextFreeNumber(prefix ?? '', forwarderId ?? null, canReadStock);
  if (!canReadStock || !/^\d{3}$/.test(prefix ?? '')) {
    return (
      <Text size="sm" c="dimmed" data-testid="next-free-number">
        {t('airWaybillForms.number.fromStockHint')}
      </Text>
    );
  }
  return (
    <Text size="sm" data-testid="next-free-number">
      {next.loading
        ? t('common.loading')
        : next.number
          ? t('airWaybillForms.number.nextFree', { number: next.number })
          : next.loaded
            ? t('airWaybillForms.number.noFree', { prefix })
            : ''}
    </Text>
  );
}

export interface NumberSectionProps {
  control: AnyControl;
  form: AnyForm;
  /** The caller may read the AWB stock (prefixes and free numbers). */
  canReadStock: boolean;
  /** The platform and airlines make a waybill for a forwarder they name. */
  chooseForwarder: boolean;
  /** The create screen has the postal variant; the booking's does not. */
  withPostal: boolean;
}

/** Number: typed and checked, or the next free one of a prefix's stock; the postal variant; the forwarder. */
export function NumberSection({ control, form, canReadStock, chooseForwarder, withPostal }: NumberSectionProps) {
  const { t } = useTranslation();
  const source = useController<FieldValues>({ control, name: 'number_source' });
  const postal = useWatch({ control, name: 'postal' }) as boolean;
  const prefixes = useStockPrefixes(canReadStock);
  const forwarders = useForwarderOptions(chooseForwarder);
  return (
    <Fieldset legend={t('airWaybillForms.sections.number')}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t('airWaybillForms.number.source')}
            data={NUMBER_SOURCES.map((value) => ({ value, label: t(`airWaybillForms.number.sources.${value}`) }))}
            value={source.field.value as NumberSource}
            onChange={(value) => source.field.onChange(value)}
          />
          {withPostal && <SwitchField control={control} name="postal" label={t('airWaybillForms.number.postal')} />}
        </Group>
        {postal && (
          <CodeField
            control={control}
            name="mrn"
            label={t('airWaybillForms.number.postalNumber')}
            description={t('airWaybillForms.number.postalNumberHint')}
            maxLength={18}
            w={300}
          />
        )}
        {source.field.value === 'typed' ? (
          <MawbInput control={control} form={form} postal={postal} />
        ) : (
          <Group align="flex-end">
            <PrefixInput control={control} prefixes={prefixes} />
            <NextFreeNumber control={control} canReadStock={canReadStock} />
          </Group>
        )}
        {chooseForwarder && (
          <SelectField
            control={control}
            name="forwarder_id"
            numeric
            searchable
            w={360}
            label={t('airWaybillForms.number.forwarder')}
            data={forwarders}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
