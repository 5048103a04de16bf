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
  PERMITTED_ROUTES_PATH,
  type PermittedRoute,
  useDeletePermittedRoute,
  usePermittedRoutes,
} from '../api/permitted-routes';
import { useCompanyOptions } from '../api/references';

const FILTER_KEYS = ['q', 'origin', 'destination', 'airline_id'] as const;

/** "SVO–LED" or "SVO–OVB–KHV" with its transit airports; "any" transit when the route names none. */
export function routeText(r: Pick<PermittedRoute, 'origin' | 'destination' | 'via'>): string {
  return [r.origin, ...(r.via ?? []), r.destination].join('–');
}

/** The airline's permitted routes (every airline's for the platform), server paged and filtered. */
export function PermittedRoutesTable({ showAirline }: { showAirline: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'origin' });
  const routes = usePermittedRoutes(table.query);
  const airlines = useCompanyOptions('airline', showAirline);
  const remove = useDeletePermittedRoute();

  const columns = useMemo<ColumnDef<PermittedRoute>[]>(() => {
    const f = (name: string) => t(`bookingSettings.permittedRoutes.fields.${name}`);
    const onDelete = async (r: PermittedRoute) => {
      const message = t('bookingSettings.permittedRoutes.confirmDelete', { route: routeText(r) });
      if (!(await confirmAction({ message, danger: true }))) return;
      remove.mutate(r.id, {
        onSuccess: () => toast(t('bookingSettings.permittedRoutes.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    return [
      ...(showAirline
        ? [
            {
              id: 'airline',
              header: f('airline'),
              enableSorting: false,
              cell: ({ row }) => `${row.original.carrier} — ${row.original.airline.short_name}`,
            } satisfies ColumnDef<PermittedRoute>,
          ]
        : []),
      { id: 'origin', header: f('origin'), accessorKey: 'origin' },
      { id: 'destination', header: f('destination'), accessorKey: 'destination' },
      {
        id: 'via',
        header: f('via'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.via === null
            ? t('bookingSettings.permittedRoutes.anyTransit')
            : row.original.via.length === 0
              ? t('bookingSettings.permittedRoutes.direct')
              : row.original.via.join(', '),
      },
      { id: 'notes', header: f('notes'), enableSorting: false, accessorKey: 'notes' },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`${PERMITTED_ROUTES_PATH}/${row.original.id}/edit`}
            onDelete={() => void onDelete(row.original)}
          />
        ),
      },
    ];
  }, [t, showAirline, remove]);

  return (
    <DataTable
      columns={columns}
      data={routes.data?.data}
      meta={routes.data?.meta}
      loading={routes.isFetching}
      error={routes.isError ? errorMessage(routes.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        { id: 'q', label: t('common.search'), type: 'text' },
        { id: 'origin', label: t('bookingSettings.permittedRoutes.fields.origin'), type: 'text' },
        { id: 'destination', label: t('bookingSettings.permittedRoutes.fields.destination'), type: 'text' },
        ...(showAirline
          ? [
              {
                id: 'airline_id',
                label: t('bookingSettings.permittedRoutes.fields.airline'),
                type: 'select' as const,
                options: airlines.options,
              },
            ]
          : []),
      ]}
    />
  );
}
