import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { HANDLERS_PATH, type Handler, useDeleteHandler, useHandlers } from '../api/handlers';

const FILTER_KEYS = ['q', 'airport'] as const;

/** The airline's handlers (every airline's for the platform): server paging, sorting and filters in the URL. */
export function HandlersTable({ canEdit, showAirline }: { canEdit: boolean; showAirline: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'airport' });
  const handlers = useHandlers(table.query);
  const remove = useDeleteHandler();

  const columns = useMemo<ColumnDef<Handler>[]>(() => {
    const onDelete = async (handler: Handler) => {
      if (!(await confirmAction({ message: t('handlers.confirmDelete', { name: handler.name }), danger: true })))
        return;
      remove.mutate(handler.id, {
        onSuccess: () => toast(t('handlers.deleted')),
        onError: (error) => toast(errorMessage(error, t, { NotFound: t('handlers.errors.notFound') }), 'negative'),
      });
    };
    return [
      ...(showAirline
        ? [
            {
              id: 'airline',
              header: t('handlers.fields.airline'),
              enableSorting: false,
              cell: ({ row }) => row.original.airline.short_name,
            } satisfies ColumnDef<Handler>,
          ]
        : []),
      { id: 'airport', header: t('handlers.fields.airport'), accessorKey: 'airport' },
      { id: 'name', header: t('handlers.fields.name'), accessorKey: 'name' },
      {
        id: 'handler_company',
        header: t('handlers.fields.handler_company'),
        enableSorting: false,
        cell: ({ row }) => row.original.handler_company?.short_name ?? '',
      },
      {
        id: 'contact_name',
        header: t('handlers.fields.contact_name'),
        enableSorting: false,
        accessorKey: 'contact_name',
      },
      { id: 'phone', header: t('handlers.fields.phone'), enableSorting: false, accessorKey: 'phone' },
      { id: 'email', header: t('handlers.fields.email'), enableSorting: false, accessorKey: 'email' },
      {
        id: 'sita_address',
        header: t('handlers.fields.sita_address'),
        enableSorting: false,
        accessorKey: 'sita_address',
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <RowActions
                  editTo={`${HANDLERS_PATH}/${row.original.id}/edit`}
                  onDelete={() => void onDelete(row.original)}
                />
              ),
            } satisfies ColumnDef<Handler>,
          ]
        : []),
    ];
  }, [t, canEdit, showAirline, remove]);

  return (
    <DataTable
      columns={columns}
      data={handlers.data?.data}
      meta={handlers.data?.meta}
      loading={handlers.isFetching}
      error={handlers.isError ? errorMessage(handlers.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        { id: 'q', label: t('common.search'), type: 'text' },
        { id: 'airport', label: t('handlers.fields.airport'), type: 'text' },
      ]}
    />
  );
}
