import { MAX_PAGE_SIZE } from '@aircargo/contract/common';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableFilter } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import {
  exportQuery,
  LOW_STOCK_SHARE,
  RANGES_CSV_PATH,
  RANGES_XLSX_PATH,
  type StockRange,
  useCompanyOptions,
  useLowStock,
  useStockRanges,
} from '../api/stocks';
import { WithdrawDialog } from './withdraw-dialog';

const FILTER_KEYS = ['prefix', 'forwarder_id', 'location', 'free_only'] as const;

/** The free numbers of a range, marked when they are running low. */
function FreeCount({ range }: { range: StockRange }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{range.free_count}</Text>
      {range.low_stock && (
        <Badge color="orange" variant="light" size="sm">
          {t('stocks.lowStock')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * AWB stock ranges with their counts of free, allocated, used and voided numbers; filters in the URL, exports of what
 * the filters select, and a warning for ranges running low. `canEdit` offers withdrawal.
 */
export function RangesTable({
  showAirline,
  showHolder,
  canEdit,
}: {
  showAirline: boolean;
  /** The forwarder filter and column: an airline's or the platform's view of every holder. */
  showHolder: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS });
  const ranges = useStockRanges(table.query);
  const forwarders = useCompanyOptions('forwarder', showHolder);
  const [withdrawing, setWithdrawing] = useState<StockRange | null>(null);
  const { low, more } = useLowStock();

  const columns = useMemo<ColumnDef<StockRange>[]>(() => {
    const f = (name: string) => t(`stocks.fields.${name}`);
    const list: ColumnDef<StockRange>[] = [
      { id: 'prefix', header: f('prefix'), enableSorting: false, accessorKey: 'prefix' },
      ...(showAirline
        ? [
            {
              id: 'airline',
              header: f('airline'),
              enableSorting: false,
              accessorKey: 'airline_short_name',
            } satisfies ColumnDef<StockRange>,
          ]
        : []),
      {
        id: 'numbers',
        header: f('numbers'),
        enableSorting: false,
        cell: ({ row }) => `${row.original.first_number} – ${row.original.last_number}`,
      },
      { id: 'quantity', header: f('quantity'), enableSorting: false, accessorKey: 'quantity' },
      { id: 'free', header: f('free'), enableSorting: false, cell: ({ row }) => <FreeCount range={row.original} /> },
      { id: 'allocated', header: f('allocated'), enableSorting: false, accessorKey: 'allocated_count' },
      { id: 'used', header: f('used'), enableSorting: false, accessorKey: 'used_count' },
      { id: 'voided', header: f('voided'), enableSorting: false, accessorKey: 'voided_count' },
      ...(showHolder
        ? [
            {
              id: 'holder',
              header: f('holder'),
              enableSorting: false,
              cell: ({ row }) =>
                row.original.forwarder_short_name ??
                (row.original.location ? t('stocks.atLocation', { location: row.original.location }) : ''),
            } satisfies ColumnDef<StockRange>,
          ]
        : [
            {
              id: 'location',
              header: f('location'),
              enableSorting: false,
              cell: ({ row }) => row.original.location ?? '',
            } satisfies ColumnDef<StockRange>,
          ]),
      {
        id: 'bso',
        header: f('bso'),
        enableSorting: false,
        cell: ({ row }) => (row.original.bso ? t('stocks.yes') : t('stocks.no')),
      },
    ];
    if (canEdit) {
      list.push({
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.free_count > 0 ? (
            <Group justify="flex-end">
              <Button size="compact-xs" variant="light" color="red" onClick={() => setWithdrawing(row.original)}>
                {t('stocks.withdraw.button')}
              </Button>
            </Group>
          ) : null,
      });
    }
    return list;
  }, [t, showAirline, showHolder, canEdit]);

  const filters: TableFilter[] = [
    { id: 'prefix', label: t('stocks.fields.prefix'), type: 'text' },
    ...(showHolder
      ? [{ id: 'forwarder_id', label: t('stocks.fields.forwarder'), type: 'select' as const, options: forwarders }]
      : []),
    { id: 'location', label: t('stocks.fields.location'), type: 'text' },
    {
      id: 'free_only',
      label: t('stocks.filters.free_only'),
      type: 'select',
      options: [
        { value: 'true', label: t('stocks.filters.withFree') },
        { value: 'false', label: t('stocks.filters.all') },
      ],
    },
  ];

  const sent = exportQuery(table.query);
  return (
    <>
      {low.length > 0 && (
        <Alert color="orange" mb="sm" title={t('stocks.lowStockTitle')} role="status">
          {t('stocks.lowStockText', {
            count: low.length,
            share: Math.round(LOW_STOCK_SHARE * 100),
            ranges: low.map((r) => `${r.first_number} – ${r.last_number} (${r.free_count})`).join(', '),
          })}
          {more && ` ${t('stocks.lowStockMore', { count: MAX_PAGE_SIZE })}`}
        </Alert>
      )}
      <DataTable
        columns={columns}
        data={ranges.data?.data}
        meta={ranges.data?.meta}
        loading={ranges.isFetching}
        error={ranges.isError ? errorMessage(ranges.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        filters={filters}
        caption={t('stocks.ranges')}
        toolbar={
          <Group gap="xs" align="flex-end">
            <DownloadButton
              path={RANGES_CSV_PATH}
              query={sent}
              fallbackName="stocks.csv"
              label={t('stocks.exportCsv')}
            />
            <DownloadButton
              path={RANGES_XLSX_PATH}
              query={sent}
              fallbackName="stocks.xlsx"
              label={t('stocks.exportXlsx')}
            />
          </Group>
        }
      />
      {withdrawing && <WithdrawDialog range={withdrawing} onClose={() => setWithdrawing(null)} />}
    </>
  );
}
