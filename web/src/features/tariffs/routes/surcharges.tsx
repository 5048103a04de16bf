import { Button, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { type Surcharge, useSurcharges } from '../api/tariffs';
import { AwarenessActions } from '../components/awareness-actions';
import { DateFilter } from '../components/date-filter';
import { DeleteButton } from '../components/delete-button';
import { money, periodText, placeText } from '../components/format';
import { LIST_FILTER_KEYS, listFilters } from '../components/list-filters';
import { NewBadge } from '../components/new-badge';
import { PriceCheck } from '../components/price-check';
import { selectionColumn, useSelection } from '../components/selection';
import { SurchargeDialog } from '../components/surcharge-dialog';
import { TariffsNav } from '../components/tariffs-nav';

/** Tariffs / External surcharges: percent of the freight or a value per chargeable kg. */
export function SurchargesRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('tariffs:write');
  const { data: profile } = useProfile();
  const canConfirm = profile?.company_business_type === 'forwarder';
  const table = useTableUrlState({ filterKeys: LIST_FILTER_KEYS, defaultSort: null });
  const surcharges = useSurcharges(table.query);
  const { selected, toggle, clear } = useSelection();
  const [editing, setEditing] = useState<Surcharge | null | undefined>(undefined);

  const columns = useMemo<ColumnDef<Surcharge>[]>(
    () => [
      ...(canConfirm ? [selectionColumn<Surcharge>(t, selected, toggle)] : []),
      { id: 'is_new', header: '', enableSorting: false, cell: ({ row }) => <NewBadge record={row.original} /> },
      {
        id: 'carrier',
        header: t('tariffs.fields.carrier'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline.airline_code ?? row.original.airline.short_name,
      },
      {
        id: 'code',
        header: t('tariffs.fields.code'),
        enableSorting: false,
        cell: ({ row }) => [row.original.code, row.original.name].filter(Boolean).join(' '),
      },
      {
        id: 'value',
        header: t('tariffs.fields.value'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.type === 'percent'
            ? `${row.original.value}%`
            : `${money(row.original.value, row.original.currency)} / ${t('tariffs.units.KG')}`,
      },
      {
        id: 'minimal_weight',
        header: t('tariffs.fields.minimal_weight'),
        enableSorting: false,
        cell: ({ row }) => row.original.minimal_weight ?? '',
      },
      {
        id: 'product_code',
        header: t('tariffs.fields.product_code'),
        enableSorting: false,
        cell: ({ row }) => row.original.product_code ?? '',
      },
      {
        id: 'route',
        header: t('tariffs.fields.route'),
        enableSorting: false,
        cell: ({ row }) => `${placeText(row.original.origin, t)} → ${placeText(row.original.destination, t)}`,
      },
      {
        id: 'period',
        header: t('tariffs.fields.period'),
        enableSorting: false,
        cell: ({ row }) => periodText(row.original.effective_from, row.original.effective_to),
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <Group justify="flex-end" gap="xs" wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(row.original)}>
                    {t('common.edit')}
                  </Button>
                  <DeleteButton
                    kind="surcharges"
                    id={row.original.id}
                    name={row.original.code ?? String(row.original.id)}
                  />
                </Group>
              ),
            } satisfies ColumnDef<Surcharge>,
          ]
        : []),
    ],
    [t, canEdit, canConfirm, selected, toggle],
  );

  return (
    <>
      <PageHeader
        title={t('routes.tariffs')}
        actions={canEdit && <Button onClick={() => setEditing(null)}>{t('tariffs.createSurcharge')}</Button>}
      />
      <TariffsNav />
      <DataTable
        columns={columns}
        data={surcharges.data?.data}
        meta={surcharges.data?.meta}
        loading={surcharges.isFetching}
        error={surcharges.isError ? errorMessage(surcharges.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        filters={[...listFilters(t, { withOrder: false }), { id: 'q', label: t('common.search'), type: 'text' }]}
        toolbar={
          <Group gap="xs" align="flex-end">
            <DateFilter table={table} />
            {canConfirm && <AwarenessActions kind="surcharges" selected={selected} onDone={clear} />}
          </Group>
        }
      />
      {editing !== undefined && (
        <SurchargeDialog key={editing?.id ?? 'new'} surcharge={editing} onClose={() => setEditing(undefined)} />
      )}
      <PriceCheck defaults={{ carrier: table.state.filters.carrier }} />
    </>
  );
}
