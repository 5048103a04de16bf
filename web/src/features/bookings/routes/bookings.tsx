import { RESPONSE_STATUSES } from '@aircargo/domain/booking-rules';
import { Anchor, Badge, CloseButton, Group, Tabs, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { type Booking, bookingPath, useBookings } from '../api/bookings';
import { AnswerActions, useAnswersBookings } from '../components/answer-actions';
import { routeText, SegmentsText, StatusBadge, volumeText, weightText } from '../components/format';

const FILTER_KEYS = ['response_status', 'mawb', 'active', 'segment_id'] as const;
const TABS = ['all', ...RESPONSE_STATUSES] as const;
type Tab = (typeof TABS)[number];

/**
 * `/bookings`: a forwarder's own bookings, an airline's on its flights, all of them for the platform; server paging,
 * sorting and filters in the URL. The NN tab is the airline's queue of requests waiting for its answer.
 */
export function BookingsRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const answers = useAnswersBookings();
  const showsForwarder = profile?.company_business_type !== 'forwarder';
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-id' });
  const bookings = useBookings(table.query);
  const tab: Tab = (TABS as readonly string[]).includes(table.state.filters.response_status ?? '')
    ? (table.state.filters.response_status as Tab)
    : 'all';
  const segmentId = table.state.filters.segment_id;

  const columns = useMemo<ColumnDef<Booking>[]>(
    () => [
      {
        id: 'id',
        header: t('bookings.fields.id'),
        cell: ({ row }) => (
          <Anchor component={Link} to={bookingPath(row.original.id)} size="sm">
            {row.original.id}
          </Anchor>
        ),
      },
      {
        id: 'mawb',
        header: t('bookings.fields.mawb'),
        enableSorting: false,
        cell: ({ row }) =>
          [row.original.mawb, row.original.parts_code].filter(Boolean).join(' / ') || t('bookings.noMawb'),
      },
      {
        id: 'route',
        header: t('bookings.fields.route'),
        enableSorting: false,
        cell: ({ row }) => routeText(row.original),
      },
      {
        id: 'flights',
        header: t('bookings.fields.flights'),
        enableSorting: false,
        cell: ({ row }) => <SegmentsText segments={row.original.segments} />,
      },
      {
        id: 'pieces',
        header: t('bookings.fields.pieces'),
        enableSorting: false,
        cell: ({ row }) => row.original.pieces,
      },
      { id: 'weight', header: t('bookings.fields.weight'), cell: ({ row }) => weightText(row.original.weight, t) },
      {
        id: 'volume',
        header: t('bookings.fields.volume'),
        enableSorting: false,
        cell: ({ row }) => volumeText(row.original.volume, t),
      },
      {
        id: 'shcs',
        header: t('bookings.fields.shcs'),
        enableSorting: false,
        cell: ({ row }) => row.original.shcs.join(' ') || '—',
      },
      {
        id: 'request_status',
        header: t('bookings.fields.request_status'),
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.request_status} />,
      },
      {
        id: 'response_status',
        header: t('bookings.fields.response_status'),
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <StatusBadge status={row.original.response_status} />
            {row.original.warnings.length > 0 && (
              <Badge color="orange" variant="outline" size="xs">
                {t('bookings.warningsCount', { count: row.original.warnings.length })}
              </Badge>
            )}
            {row.original.response_reason && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {row.original.response_reason}
              </Text>
            )}
          </Group>
        ),
      },
      {
        id: 'source',
        header: t('bookings.fields.source'),
        enableSorting: false,
        cell: ({ row }) => t(`bookings.sources.${row.original.source}`),
      },
      ...(showsForwarder
        ? [
            {
              id: 'forwarder',
              header: t('bookings.fields.forwarder'),
              enableSorting: false,
              cell: ({ row }) => row.original.forwarder.short_name,
            } satisfies ColumnDef<Booking>,
          ]
        : []),
      {
        id: 'created_at',
        header: t('bookings.fields.created_at'),
        cell: ({ row }) => <DateTimeText value={row.original.created_at} />,
      },
      ...(answers
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) =>
                row.original.response_status === 'NN' && row.original.active ? (
                  <AnswerActions booking={row.original} />
                ) : null,
            } satisfies ColumnDef<Booking>,
          ]
        : []),
    ],
    [t, showsForwarder, answers],
  );

  return (
    <>
      <PageHeader title={t('routes.bookings')} />
      <Tabs
        value={tab}
        onChange={(next) => table.update({ filters: { response_status: next && next !== 'all' ? next : '' } })}
        mb="md"
      >
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`bookings.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        columns={columns}
        data={bookings.data?.data}
        meta={bookings.data?.meta}
        loading={bookings.isFetching}
        error={bookings.isError ? errorMessage(bookings.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        caption={tab === 'NN' && answers ? t('bookings.queueHint') : undefined}
        filters={[
          { id: 'mawb', label: t('bookings.fields.mawb'), type: 'text' },
          {
            id: 'active',
            label: t('bookings.fields.active'),
            type: 'select',
            options: [
              { value: 'true', label: t('bookings.activeOptions.true') },
              { value: 'false', label: t('bookings.activeOptions.false') },
            ],
          },
        ]}
        toolbar={
          segmentId && (
            <Badge
              size="lg"
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('bookings.clearFlight')}
                  onClick={() => table.update({ filters: { segment_id: '' } })}
                />
              }
            >
              {t('bookings.flightFilter', { id: segmentId })}
            </Badge>
          )
        }
      />
    </>
  );
}
