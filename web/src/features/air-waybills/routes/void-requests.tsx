import { VOID_REQUEST_STATUSES } from '@aircargo/contract/waybill-lifecycle';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { shipmentPath } from '../api/air-waybills';
import { useVoidRequests, type VoidRequest, type VoidRequestsQuery } from '../api/lifecycle';
import { ResolveDialog } from '../components/void-dialogs';
import { CancelVoidRequestButton, useResolvesVoidRequests, VoidRequestStatus } from '../components/void-requests';

const FILTER_KEYS = ['status', 'mawb'] as const;

/**
 * `/void-requests`: a forwarder's requests to void its waybills, or the requests on an airline's waybills, newest
 * first; the airline resolves a request in progress from the list, the forwarder withdraws its own.
 */
export function VoidRequestsRoute() {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS });
  const requests = useVoidRequests(table.query as VoidRequestsQuery);
  const resolves = useResolvesVoidRequests();
  const [resolving, setResolving] = useState<VoidRequest | null>(null);

  const columns = useMemo<ColumnDef<VoidRequest>[]>(
    () => [
      {
        id: 'mawb',
        header: t('airWaybills.columns.awb'),
        enableSorting: false,
        cell: ({ row }) => (
          <Anchor component={Link} to={shipmentPath(row.original.mawb)} size="sm">
            {row.original.mawb}
          </Anchor>
        ),
      },
      {
        id: 'route',
        header: t('airWaybills.columns.route'),
        enableSorting: false,
        cell: ({ row }) => `${row.original.origin_iata} – ${row.original.destination_iata}`,
      },
      {
        id: 'forwarder',
        header: t('airWaybills.columns.forwarder'),
        enableSorting: false,
        cell: ({ row }) => row.original.forwarder_short_name,
      },
      {
        id: 'airline',
        header: t('airWaybills.columns.airline'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline_short_name,
      },
      {
        id: 'status',
        header: t('airWaybills.columns.status'),
        enableSorting: false,
        cell: ({ row }) => <VoidRequestStatus status={row.original.status} />,
      },
      {
        id: 'request_reason',
        header: t('airWaybills.fields.request_reason'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2}>
            {row.original.request_reason}
          </Text>
        ),
      },
      {
        id: 'resolve_reason',
        header: t('airWaybills.fields.resolve_reason'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2}>
            {row.original.resolve_reason ?? '—'}
          </Text>
        ),
      },
      {
        id: 'payment_required',
        header: t('airWaybills.columns.payment'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.payment_required === null ? (
            '—'
          ) : (
            <Badge variant="light" color={row.original.payment_required ? 'red' : 'gray'}>
              {t(row.original.payment_required ? 'airWaybills.paymentNeeded' : 'airWaybills.paymentNotNeeded')}
            </Badge>
          ),
      },
      {
        id: 'created_at',
        header: t('airWaybills.fields.requested_at'),
        enableSorting: false,
        cell: ({ row }) => <DateTimeText value={row.original.created_at} />,
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.status === 'requested' ? (
            <Group gap="xs" wrap="nowrap">
              {resolves && (
                <Button size="compact-xs" onClick={() => setResolving(row.original)}>
                  {t('airWaybills.actions.resolve')}
                </Button>
              )}
              <CancelVoidRequestButton request={row.original} />
            </Group>
          ) : null,
      },
    ],
    [t, resolves],
  );

  return (
    <>
      <PageHeader title={t('routes.voidRequests')} />
      <DataTable
        columns={columns}
        data={requests.data?.data}
        meta={requests.data?.meta}
        loading={requests.isFetching}
        error={requests.isError ? errorMessage(requests.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        filters={[
          {
            id: 'status',
            label: t('airWaybills.columns.status'),
            type: 'select',
            options: VOID_REQUEST_STATUSES.map((status) => ({
              value: status,
              label: t(`airWaybills.voidRequestStatuses.${status}`),
            })),
          },
          { id: 'mawb', label: t('airWaybills.filters.mawb'), type: 'text' },
        ]}
      />
      {resolving && <ResolveDialog request={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
