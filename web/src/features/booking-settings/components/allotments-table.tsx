import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { ALLOTMENTS_PATH, type Allotment, useAllotments, useDeleteAllotment } from '../api/allotments';
import { useCompanyOptions } from '../api/references';
import { amount } from './row-actions';

const FILTER_KEYS = ['origin_iata', 'destination_iata', 'forwarder_id'] as const;

/** The airline's allotments (every airline's for the platform): server paging, sorting and filters in the URL. */
export function AllotmentsTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-created_at' });
  const allotments = useAllotments(table.query);
  const forwarders = useCompanyOptions('forwarder');
  const remove = useDeleteAllotment();

  const columns = useMemo<ColumnDef<Allotment>[]>(() => {
    const f = (name: string) => t(`bookingSettings.allotments.fields.${name}`);
    const onDelete = async (a: Allotment) => {
      const what = `${a.carrier} ${a.origin_iata}–${a.destination_iata} ${a.forwarder_short_name}`;
      if (!(await confirmAction({ message: t('bookingSettings.allotments.confirmDelete', { what }), danger: true })))
        return;
      remove.mutate(a.id, {
        onSuccess: () => toast(t('bookingSettings.allotments.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    return [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'carrier', header: f('carrier'), enableSorting: false, accessorKey: 'carrier' },
      {
        id: 'route',
        header: f('route'),
        enableSorting: false,
        cell: ({ row }) => `${row.original.origin_iata}–${row.original.destination_iata}`,
      },
      { id: 'forwarder', header: f('forwarder'), enableSorting: false, accessorKey: 'forwarder_short_name' },
      {
        id: 'type',
        header: f('type'),
        enableSorting: false,
        cell: ({ row }) => t(`bookingSettings.allotments.types.${row.original.type}`),
      },
      { id: 'weight', header: f('weight'), cell: ({ row }) => amount(row.original.weight) },
      { id: 'volume', header: f('volume'), enableSorting: false, cell: ({ row }) => amount(row.original.volume) },
      {
        id: 'flight',
        header: f('flight'),
        enableSorting: false,
        cell: ({ row }) => row.original.segment_number_with_date ?? t('bookingSettings.allotments.everyFlight'),
      },
      {
        id: 'valid_until',
        header: f('valid_until'),
        cell: ({ row }) => <DateTimeText value={row.original.valid_until} />,
      },
      {
        id: 'timelimit_to_std',
        header: f('timelimit_to_std'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.timelimit_to_std === 0
            ? t('bookingSettings.allotments.fullBlock')
            : t('bookingSettings.allotments.hours', { count: row.original.timelimit_to_std }),
      },
      {
        id: 'postal',
        header: f('postal'),
        enableSorting: false,
        cell: ({ row }) => (row.original.postal ? t('bookingSettings.yes') : t('bookingSettings.no')),
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <RowActions
                  editTo={`${ALLOTMENTS_PATH}/${row.original.id}/edit`}
                  onDelete={() => void onDelete(row.original)}
                />
              ),
            } satisfies ColumnDef<Allotment>,
          ]
        : []),
    ];
  }, [t, canEdit, remove]);

  return (
    <DataTable
      columns={columns}
      data={allotments.data?.data}
      meta={allotments.data?.meta}
      loading={allotments.isFetching}
      error={allotments.isError ? errorMessage(allotments.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        { id: 'origin_iata', label: t('bookingSettings.allotments.fields.origin'), type: 'text' },
        { id: 'destination_iata', label: t('bookingSettings.allotments.fields.destination'), type: 'text' },
        {
          id: 'forwarder_id',
          label: t('bookingSettings.allotments.fields.forwarder'),
          type: 'select',
          options: forwarders.options,
        },
      ]}
    />
  );
}
