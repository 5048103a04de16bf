import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type WaybillFlags, type WaybillStatus, waybillStatus } from '../api/air-waybills';

/** A figure with thin grouping: "12 345.5". */
export const num = (value: number, digits = 3) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits }).replace(/,/g, ' ');
export const amount = (value: number, unit: string, digits = 3) => `${num(value, digits)} ${unit}`;

export const weightText = (value: number, t: TFunction) => amount(value, t('airWaybills.units.kg'));
export const volumeText = (value: number, t: TFunction) => amount(value, t('airWaybills.units.m3'));
export const money = (value: number | null, currency: string | null) =>
  value === null
    ? '—'
    : `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/,/g, ' ')}${currency ? ` ${currency}` : ''}`;

/** "5 pcs / 120 kg / 0.8 m3". */
export function amountsText(
  w: { pieces: number | null; weight: number | null; volume: number | null },
  t: TFunction,
): string {
  const pieces = w.pieces === null ? '—' : `${w.pieces} ${t('airWaybills.units.pcs')}`;
  const weight = w.weight === null ? '—' : weightText(w.weight, t);
  const volume = w.volume === null ? '—' : volumeText(w.volume, t);
  return `${pieces} / ${weight} / ${volume}`;
}

const STATUS_COLORS: Record<WaybillStatus, string> = {
  draft: 'gray',
  booked: 'blue',
  issued: 'cyan',
  departed: 'indigo',
  delivered: 'teal',
  verified: 'green',
  billed: 'lime',
  voided: 'red',
};

/** A status as the list names it: the furthest state the waybill has reached. */
export function ListStatusBadge({ status }: { status: WaybillStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`airWaybills.statuses.${status}`)}
    </Badge>
  );
}

/** The status of a waybill record, from its flags. */
export function StatusBadge({ waybill }: { waybill: WaybillFlags }) {
  return <ListStatusBadge status={waybillStatus(waybill)} />;
}

const FLAGS = ['booked', 'issued', 'departed', 'delivered', 'verified', 'billed'] as const;

/** The shipment flow flags that hold, and the warning. */
export function FlagBadges({ flags: waybill }: { flags: Omit<WaybillFlags, 'void_payment'> }) {
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
export function VoidPaymentText({
  voided,
  voidPayment,
}: {
  voided: boolean;
  voidPayment: WaybillFlags['void_payment'];
}) {
  const { t } = useTranslation();
  if (!voided) return null;
  return (
    <Text size="xs" c={voidPayment === 'required' ? 'red' : 'dimmed'}>
      {t(`airWaybills.voidPaymentValues.${voidPayment ?? 'undefined'}`)}
    </Text>
  );
}
