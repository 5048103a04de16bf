import { Badge, Button, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { type Agreement, type AgreementSource, useAgreements } from '../api/agreements';

const FILTER_KEYS = ['q', 'active'] as const;

/** Agreements list: server paging, sorting and filters in the URL. */
export function AgreementsTable({ source, editBase }: { source: AgreementSource; editBase: string | null }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-effective_from' });
  const agreements = useAgreements(source, table.query);

  const columns = useMemo<ColumnDef<Agreement>[]>(
    () => [
      { id: 'id', header: t('agreements.fields.id'), accessorKey: 'id' },
      {
        id: 'supplier',
        header: t('agreements.fields.supplier'),
        enableSorting: false,
        cell: ({ row }) => row.original.supplier.short_name,
      },
      {
        id: 'client',
        header: t('agreements.fields.client'),
        enableSorting: false,
        cell: ({ row }) => row.original.client.name,
      },
      { id: 'contract_number', header: t('agreements.fields.contract_number'), accessorKey: 'contract_number' },
      { id: 'currency', header: t('agreements.fields.currency'), accessorKey: 'currency' },
      {
        id: 'effective_from',
        header: t('agreements.fields.effective_from'),
        cell: ({ row }) => <DateTimeText value={row.original.effective_from} />,
      },
      {
        id: 'effective_to',
        header: t('agreements.fields.effective_to'),
        cell: ({ row }) => <DateTimeText value={row.original.effective_to} />,
      },
      {
        id: 'sales_origins',
        header: t('agreements.fields.sales_origins'),
        enableSorting: false,
        cell: ({ row }) => row.original.sales_origins.join(', '),
      },
      {
        id: 'active',
        header: t('agreements.fields.active'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? (
            <Badge color="teal">{t('agreements.active')}</Badge>
          ) : (
            <Badge color="gray">{t('agreements.inactive')}</Badge>
          ),
      },
      ...(editBase
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <Group justify="flex-end">
                  <Button component={Link} to={`${editBase}/${row.original.id}/edit`} size="compact-xs" variant="light">
                    {t('common.edit')}
                  </Button>
                </Group>
              ),
            } satisfies ColumnDef<Agreement>,
          ]
        : []),
    ],
    [t, editBase],
  );

  return (
    <DataTable
      columns={columns}
      data={agreements.data?.data}
      meta={agreements.data?.meta}
      loading={agreements.isFetching}
      error={agreements.isError ? errorMessage(agreements.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        { id: 'q', label: t('common.search'), type: 'text' },
        {
          id: 'active',
          label: t('agreements.fields.active'),
          type: 'select',
          options: [
            { value: 'true', label: t('agreements.active') },
            { value: 'false', label: t('agreements.inactive') },
          ],
        },
      ]}
    />
  );
}
