import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  CONNECTION_TIMES_PATH,
  type ConnectionTime,
  useConnectionTimes,
  useDeleteConnectionTime,
} from '../api/connection-times';

const FILTER_KEYS = ['airport', 'q'] as const;

/**
 * Minimum connection times: the platform's airport standards and exceptions, and the airline's own exceptions. A row
 * offers edit and delete only to who may change it (the platform any, an airline its own).
 */
export function ConnectionTimesTable({ canEdit, ownAirlineId }: { canEdit: boolean; ownAirlineId: number | null }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'airport' });
  const times = useConnectionTimes(table.query);
  const remove = useDeleteConnectionTime();

  const columns = useMemo<ColumnDef<ConnectionTime>[]>(() => {
    const f = (name: string) => t(`bookingSettings.connectionTimes.fields.${name}`);
    const any = t('bookingSettings.any');
    const writable = (row: ConnectionTime) => canEdit && (ownAirlineId === null || row.airline?.id === ownAirlineId);
    const onDelete = async (row: ConnectionTime) => {
      const message = t('bookingSettings.connectionTimes.confirmDelete', {
        airport: row.airport,
        minutes: row.minutes,
      });
      if (!(await confirmAction({ message, danger: true }))) return;
      remove.mutate(row.id, {
        onSuccess: () => toast(t('bookingSettings.connectionTimes.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    return [
      {
        id: 'airline',
        header: f('airline'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline?.short_name ?? t('bookingSettings.connectionTimes.standard'),
      },
      { id: 'airport', header: f('airport'), accessorKey: 'airport' },
      { id: 'minutes', header: f('minutes'), accessorKey: 'minutes' },
      {
        id: 'arrival_carrier',
        header: f('arrival_carrier'),
        enableSorting: false,
        cell: ({ row }) => row.original.arrival_carrier ?? any,
      },
      {
        id: 'departure_carrier',
        header: f('departure_carrier'),
        enableSorting: false,
        cell: ({ row }) => row.original.departure_carrier ?? any,
      },
      {
        id: 'connection_type',
        header: f('connection_type'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.connection_type
            ? `${row.original.connection_type} — ${t(`bookingSettings.connectionTimes.types.${row.original.connection_type}`)}`
            : any,
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) =>
          writable(row.original) ? (
            <RowActions
              editTo={`${CONNECTION_TIMES_PATH}/${row.original.id}/edit`}
              onDelete={() => void onDelete(row.original)}
            />
          ) : null,
      },
    ];
  }, [t, canEdit, ownAirlineId, remove]);

  return (
    <DataTable
      columns={columns}
      data={times.data?.data}
      meta={times.data?.meta}
      loading={times.isFetching}
      error={times.isError ? errorMessage(times.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        { id: 'airport', label: t('bookingSettings.connectionTimes.fields.airport'), type: 'text' },
        { id: 'q', label: t('bookingSettings.connectionTimes.search'), type: 'text' },
      ]}
    />
  );
}
