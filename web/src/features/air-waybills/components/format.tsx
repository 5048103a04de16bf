import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type WaybillFlags, waybillStatus } from '../api/air-waybills';

export const amount = (value: number, unit: string, digits = 3) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: digits }).replace(/,/g, ' ')} ${unit}`;

export const weightText = (value: number, t: TFunction) => amount(value, t('airWaybills.units.kg'));
export const volumeText = (value: number, t: TFunction) => amount(value, t('airWaybills.units.m3'));
export const money = (value: number | null, currency: string | null) =>
  value === null ? '—' : `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/,/g, ' ')}${currency ? ` ${currency}` : ''}`;

/** "5 pcs / 120 kg / 0.8 m3". */
export function amountsText(w: { pieces: number; weight: number; volume: number }, t: TFunction): string {
  return `${w.pieces} ${t('airWaybills.units.pcs')} / ${weightText(w.weight, t)} / ${volumeText(w.volume, t)}`;
}

const STATUS_COLORS: Record<ReturnType<typeof waybillStatus>, string> = {
  draft: 'gray',
  booked: 'blue',
  issued: 'cyan',
  departed: 'indigo',
  delivered: 'teal',
  verified: 'green',
  billed: 'lime',
  voided: 'red',
};

/** The furthest state the waybill has reached, from its flags. */
export function StatusBadge({ waybill }: { waybill: WaybillFlags }) {
  const { t } = useTranslation();
  const status = waybillStatus(waybill);
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`airWaybills.statuses.${status}`)}
    </Badge>
  );
}

const FLAGS = ['booked', 'issued', 'departed', 'delivered', 'verified', 'billed'] as const;

/** The shipment flow flags that hold, and the warning. */
export function FlagBadges({ waybill }: { waybill: WaybillFlags }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {FLAGS.filter((flag) => waybill[flag]).map((flag) => (
        <Badge key={flag} size="xs" variant="outline" color="gray">
          {t(`airWaybills.flags.${flag}`)}
        </Badge>
      ))}
      {waybill.warning && (
        <Badge size="xs" variant="filled" color="orange">
          {t('airWaybills.flags.warning')}
        </Badge>
      )}
    </Group>
  );
}

/** Void payment of a voided waybill: required, not required, or not decided yet. */
export function VoidPaymentText({ waybill }: { waybill: Pick<WaybillFlags, 'voided' | 'void_payment'> }) {
  const { t } = useTranslation();
  if (!waybill.voided) return <>—</>;
  return (
    <Text size="sm" c={waybill.void_payment === 'required' ? 'red' : undefined}>
      {t(`airWaybills.voidPaymentValues.${waybill.void_payment ?? 'undefined'}`)}
    </Text>
  );
}
