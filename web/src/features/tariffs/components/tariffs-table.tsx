import { SUMMARY_RATE_KEYS, TARIFFS_XLSX_FILENAME } from '@aircargo/contract/tariffs';
import { Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { TableUrlHandle } from '@/components/data-table/table-url-state';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { TARIFFS_PATH, type Tariff, useTariffs } from '../api/tariffs';
import { AirlineFilter } from './airline-filter';
import { AwarenessActions } from './awareness-actions';
import { DateFilter } from './date-filter';
import { DeleteButton } from './delete-button';
import { money, periodText, placeText } from './format';
import { filtersOnly, listFilters } from './list-filters';
import { NewBadge } from './new-badge';
import { selectionColumn, useSelection } from './selection';
import { UploadTariffs } from './upload-tariffs';

export interface TariffsTableProps {
  table: TableUrlHandle;
  canEdit: boolean;
  /** Forwarders confirm awareness of new tariffs. */
  canConfirm: boolean;
  showAirline: boolean;
  /** The platform picks the airline to list and to upload for. */
  chooseAirline: boolean;
}

/** Tariffs with their first-level summary rates; filters in the URL; XLSX download and upload; awareness marks. */
export function TariffsTable({ table, canEdit, canConfirm, showAirline, chooseAirline }: TariffsTableProps) {
  const { t } = useTranslation();
  const tariffs = useTariffs(table.query);
  const { selected, toggle, clear } = useSelection();

  const columns = useMemo<ColumnDef<Tariff>[]>(() => {
    const rateColumns = SUMMARY_RATE_KEYS.map(
      (key) =>
        ({
          id: key,
          header: t(`tariffs.summary.${key}`),
          enableSorting: false,
          cell: ({ row }) => (
            <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {money(row.original[key], row.original.currency)}
            </Text>
          ),
        }) satisfies ColumnDef<Tariff>,
    );
    return [
      ...(canConfirm ? [selectionColumn<Tariff>(t, selected, toggle)] : []),
      {
        id: 'is_new',
        header: '',
        enableSorting: false,
        cell: ({ row }) => <NewBadge record={row.original} />,
      },
      {
        id: 'carrier',
        header: t('tariffs.fields.carrier'),
        enableSorting: false,
        cell: ({ row }) =>
          showAirline
            ? `${row.original.airline.airline_code ?? ''} ${row.original.airline.short_name}`.trim()
            : (row.original.airline.airline_code ?? row.original.airline.short_name),
      },
      {
        id: 'origin',
        header: t('tariffs.fields.origin'),
        enableSorting: false,
        cell: ({ row }) => placeText(row.original.origin, t),
      },
      {
        id: 'destination',
        header: t('tariffs.fields.destination'),
        enableSorting: false,
        cell: ({ row }) => placeText(row.original.destination, t),
      },
      {
        id: 'routing',
        header: t('tariffs.fields.routing'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.transfers.length
            ? row.original.transfers.join(' ')
            : row.original.non_stop
              ? t('tariffs.fields.non_stop')
              : '',
      },
      {
        id: 'basis',
        header: t('tariffs.fields.basis'),
        enableSorting: false,
        cell: ({ row }) => t(`tariffs.bases.${row.original.basis}`),
      },
      ...rateColumns,
      {
        id: 'period',
        header: t('tariffs.fields.period'),
        enableSorting: false,
        cell: ({ row }) => periodText(row.original.effective_from, row.original.effective_to),
      },
      {
        id: 'restricted',
        header: t('tariffs.fields.companies'),
        enableSorting: false,
        cell: ({ row }) => row.original.companies.map((c) => c.short_name).join(', '),
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
                    to={`${TARIFFS_PATH}/${row.original.id}/edit`}
                    size="compact-xs"
                    variant="light"
                  >
                    {t('common.edit')}
                  </Button>
                  <DeleteButton
                    kind="tariffs"
                    id={row.original.id}
                    name={`${row.original.origin.code}–${row.original.destination.code}`}
                  />
                </Group>
              ),
            } satisfies ColumnDef<Tariff>,
          ]
        : []),
    ];
  }, [t, canEdit, canConfirm, showAirline, selected, toggle]);

  return (
    <DataTable
      columns={columns}
      data={tariffs.data?.data}
      meta={tariffs.data?.meta}
      loading={tariffs.isFetching}
      error={tariffs.isError ? errorMessage(tariffs.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={listFilters(t, { withOrder: true })}
      toolbar={
        <Group gap="xs" align="flex-end">
          {chooseAirline && <AirlineFilter table={table} />}
          <DateFilter table={table} />
          {canConfirm && <AwarenessActions kind="tariffs" selected={selected} onDone={clear} />}
          <DownloadButton
            size="xs"
            path="/api/v3/billing/tariffs.xlsx"
            query={filtersOnly(table.query)}
            fallbackName={TARIFFS_XLSX_FILENAME}
            label={t('tariffs.download')}
          />
          {canEdit && (
            <UploadTariffs
              airlineId={chooseAirline ? Number(table.state.filters.airline_id) || undefined : undefined}
              disabled={chooseAirline && !table.state.filters.airline_id}
            />
          )}
        </Group>
      }
    />
  );
}
