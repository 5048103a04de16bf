import type { IncomingTelegram } from '@aircargo/contract/incoming-telegrams';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telegramPath } from '../api/incoming-telegrams';

/** What the telegram touched or repeats: the waybill, booking, flight, houses, schedule telegram, the original. */
export function TelegramLinks({ telegram }: { telegram: IncomingTelegram }) {
  const { t } = useTranslation();
  const { links } = telegram;
  const mawb = links.air_waybill?.mawb ?? telegram.mawb;
  const items = [
    mawb && { key: 'waybill', label: t('telegrams.links.waybill', { mawb }), to: `/shipments/${mawb}` },
    links.booking_id !== null && {
      key: 'booking',
      label: t('telegrams.links.booking', { id: links.booking_id }),
      to: `/bookings/${links.booking_id}`,
    },
    links.flight_id !== null && {
      key: 'flight',
      label: t('telegrams.links.flight', { id: links.flight_id }),
      to: `/flights/${links.flight_id}`,
    },
    links.ssim_telegram_id !== null && {
      key: 'ssim',
      label: t('telegrams.links.ssimTelegram', { id: links.ssim_telegram_id }),
      to: `/messaging/ssim-telegrams/${links.ssim_telegram_id}`,
    },
    telegram.duplicate_of !== null && {
      key: 'duplicate',
      label: t('telegrams.duplicateOf', { id: telegram.duplicate_of }),
      to: telegramPath(telegram.family, telegram.duplicate_of),
    },
  ].filter((item): item is { key: string; label: string; to: string } => Boolean(item));
  if (items.length === 0 && links.house_waybill_ids.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" aria-label={t('telegrams.links.title')} component="nav">
      <Text size="sm" fw={600}>
        {t('telegrams.links.title')}:
      </Text>
      {items.map((item) => (
        <Anchor key={item.key} component={Link} to={item.to} size="sm">
          {item.label}
        </Anchor>
      ))}
      {links.house_waybill_ids.length > 0 && (
        <Text size="sm">{t('telegrams.links.houses', { count: links.house_waybill_ids.length })}</Text>
      )}
    </Group>
  );
}

/** The processing result (what was created or changed), as label: value lines. */
export function TelegramResult({ result }: { result: IncomingTelegram['result'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(result).filter(([, value]) => value !== null && value !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl aria-label={t('telegrams.resultTitle')} style={{ margin: 0 }}>
      <Text fw={600} size="sm">
        {t('telegrams.resultTitle')}
      </Text>
      {entries.map(([key, value]) => (
        <Group key={key} gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            {key}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {typeof value === 'object' ? JSON.stringify(value) : String(value)}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
