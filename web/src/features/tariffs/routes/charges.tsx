import { Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { CHARGES_PATH, type Charge, useCharges } from '../api/tariffs';
import { AwarenessActions } from '../components/awareness-actions';
import { DateFilter } from '../components/date-filter';
import { DeleteButton } from '../components/delete-button';
import { money, periodText, placeText } from '../components/format';
import { LIST_FILTER_KEYS, listFilters } from '../components/list-filters';
import { NewBadge } from '../components/new-badge';
import { PriceCheck } from '../components/price-check';
import { selectionColumn, useSelection } from '../components/selection';
import { TariffsNav } from '../components/tariffs-nav';

/** Tariffs / External charges: charges by code; only the platform creates and edits them (seed 000 section 6). */
export function ChargesRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('tariff_charges:write');
  const { data: profile } = useProfile();
  const canConfirm = profile?.company_business_type === 'forwarder';
  const table = useTableUrlState({ filterKeys: LIST_FILTER_KEYS, defaultSort: null });
  const charges = useCharges(table.query);
  const { selected, toggle, clear } = useSelection();

  const columns = useMemo<ColumnDef<Charge>[]>(
    () => [
      ...(canConfirm ? [selectionColumn<Charge>(t, selected, toggle)] : []),
      { id: 'is_new', header: '', enableSorting: false, cell: ({ row }) => <NewBadge record={row.original} /> },
      {
        id: 'carrier',
        header: t('tariffs.fields.carrier'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline.airline_code ?? row.original.airline.short_name,
      },
      {
        id: 'charge_code',
        header: t('tariffs.fields.charge_code'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <Text component="span" fw={600} size="sm">
              {row.original.charge_code}
            </Text>{' '}
            {row.original.charge_name ?? ''}
          </>
        ),
      },
      {
        id: 'basis',
        header: t('tariffs.fields.basis'),
        enableSorting: false,
        cell: ({ row }) => t(`tariffs.bases.${row.original.basis}`),
      },
      {
        id: 'rate',
        header: t('tariffs.fields.rate'),
        enableSorting: false,
        cell: ({ row }) => money(row.original.rate, row.original.currency),
      },
      {
        id: 'minimal_rate',
        header: t('tariffs.fields.minimal_rate'),
        enableSorting: false,
        cell: ({ row }) => money(row.original.minimal_rate, row.original.currency),
      },
      {
        id: 'vat',
        header: t('tariffs.fields.vat_inclusion'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.vat_inclusion === 'without'
            ? t('tariffs.vat.without')
            : `${t(`tariffs.vat.${row.original.vat_inclusion}`)} ${row.original.vat}%`,
      },
      {
        id: 'route',
        header: t('tariffs.fields.route'),
        enableSorting: false,
        cell: ({ row }) => `${placeText(row.original.origin, t)} → ${placeText(row.original.destination, t)}`,
      },
      {
        id: 'shcs',
        header: t('tariffs.fields.shcs'),
        enableSorting: false,
        cell: ({ row }) => row.original.shcs.join(' '),
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
                  <Button
                    component={Link}
                    to={`${CHARGES_PATH}/${row.original.id}/edit`}
                    size="compact-xs"
                    variant="light"
                  >
                    {t('common.edit')}
                  </Button>
                  <DeleteButton kind="charges" id={row.original.id} name={row.original.charge_code} />
                </Group>
              ),
            } satisfies ColumnDef<Charge>,
          ]
        : []),
    ],
    [t, canEdit, canConfirm, selected, toggle],
  );

  return (
    <>
      <PageHeader
        title={t('routes.tariffs')}
        actions={
          canEdit && (
            <Button component={Link} to={`${CHARGES_PATH}/create`}>
              {t('tariffs.createCharge')}
            </Button>
          )
        }
      />
      <TariffsNav />
      <DataTable
        columns={columns}
        data={charges.data?.data}
        meta={charges.data?.meta}
        loading={charges.isFetching}
        error={charges.isError ? errorMessage(charges.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        filters={[...listFilters(t, { withOrder: false }), { id: 'q', label: t('common.search'), type: 'text' }]}
        toolbar={
          <Group gap="xs" align="flex-end">
            <DateFilter table={table} />
            {canConfirm && <AwarenessActions kind="charges" selected={selected} onDone={clear} />}
          </Group>
        }
      />
      <PriceCheck defaults={{ carrier: table.state.filters.carrier }} />
    </>
  );
}
