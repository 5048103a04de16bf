import type { Place } from '@aircargo/contract/tariffs';
import type { TFunction } from 'i18next';
import { DATE_FORMAT, dayjs } from '@/lib/time/date-time';

/** Decimal text as the server sent it, with its currency: "405.00 USD" (never through a float). */
export function money(amount: string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  return currency ? `${amount} ${currency}` : amount;
}

/** An airport as its code; a city, country or region with its kind: "MOW (city)". */
export function placeText(place: Place | null | undefined, t: TFunction): string {
  if (!place) return t('tariffs.anywhere');
  return place.kind === 'airport' ? place.code : `${place.code} (${t(`tariffs.placeKinds.${place.kind}`)})`;
}

/** A calendar date (effective dates have no time and no zone). */
export function dateText(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}

/** "01.01.2026 – 31.12.2026", open ends shown as "…". */
export function periodText(from: string | null, to: string | null): string {
  if (!from && !to) return '';
  return `${dateText(from) || '…'} – ${dateText(to) || '…'}`;
}
