import { TARIFF_LIST_MODES, TARIFF_LIST_ORDERS } from '@aircargo/contract/tariffs';
import type { TFunction } from 'i18next';
import type { TableFilter } from '@/components/data-table/data-table';

/** URL keys of the filters the tariff, charge and surcharge lists share (seed 000 /tariffs). */
export const LIST_FILTER_KEYS = [
  'date',
  'mode',
  'order',
  'origin',
  'destination',
  'carrier',
  'airline_id',
  'q',
] as const;

export function listFilters(t: TFunction, { withOrder }: { withOrder: boolean }): TableFilter[] {
  return [
    {
      id: 'mode',
      label: t('tariffs.filters.mode'),
      type: 'select',
      options: TARIFF_LIST_MODES.map((mode) => ({ value: mode, label: t(`tariffs.modes.${mode}`) })),
    },
    ...(withOrder
      ? [
          {
            id: 'order',
            label: t('tariffs.filters.order'),
            type: 'select',
            options: TARIFF_LIST_ORDERS.map((order) => ({ value: order, label: t(`tariffs.orders.${order}`) })),
          } satisfies TableFilter,
        ]
      : []),
    { id: 'origin', label: t('tariffs.fields.origin'), type: 'text' },
    { id: 'destination', label: t('tariffs.fields.destination'), type: 'text' },
    { id: 'carrier', label: t('tariffs.fields.carrier'), type: 'text' },
  ];
}

/** The list query without paging: the filters tariffs.xlsx is downloaded with. */
export function filtersOnly(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key]) => (LIST_FILTER_KEYS as readonly string[]).includes(key))
      .map(([key, value]) => [key, String(value)]),
  );
}
