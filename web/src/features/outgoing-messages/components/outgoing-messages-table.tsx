import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { MESSAGE_CHANNELS, OUTGOING_EVENTS, OUTGOING_STATUSES } from '@aircargo/contract/outgoing-messages';
import { OUTGOING_TELEGRAM_TYPES } from '@aircargo/domain/telegram-types';
import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { callApi } from '@/lib/api/endpoint';
import { errorMessage } from '@/lib/api/errors';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { DATE_FORMAT } from '@/lib/time/date-time';
import { messagePath, type OutgoingMessageSummary, useOutgoingMessages } from '../api/outgoing-messages';
import { LoadedMessageDetails } from './message-details';
import { MessageStatus } from './message-status';

const FILTER_KEYS = [
  'q',
  'airline_id',
  'event',
  'message_type',
  'channel',
  'status',
  'forwarded',
  'air_waybill',
  'created_from',
  'created_to',
] as const;

/** The airlines as select options: the platform's filter. */
function useAirlineOptions(enabled: boolean) {
  const airlines = useQuery({
    queryKey: ['reference', 'notable-companies', 'airline'],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: 'airline', per_page: 200, sort: 'name' },
        signal,
        kind: 'notable-companies-airline',
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return (airlines.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));
}

/** The seed's message log: server paging, filters in the URL, rows expanding to their details. */
export function OutgoingMessagesTable({ canOpen, chooseAirline }: { canOpen: boolean; chooseAirline: boolean }) {
  const { t } = useTranslation();
  const airlines = useAirlineOptions(chooseAirline);
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-id' });
  const messages = useOutgoingMessages(table.query);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const f = (name: string) => t(`outgoingMessages.fields.${name}`);
  const none = t('outgoingMessages.none');

  const columns = useMemo<ColumnDef<OutgoingMessageSummary>[]>(() => {
    const f = (name: string) => t(`outgoingMessages.fields.${name}`);
    const text = (value: string | null) => value || none;
    const toggle = (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    return [
      {
        id: 'expand',
        header: '',
        enableSorting: false,
        cell: ({ row }) => {
          const open = expanded.has(row.original.id);
          return (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-expanded={open}
              aria-label={`${open ? t('outgoingMessages.collapse') : t('outgoingMessages.expand')} ${row.original.id}`}
              onClick={() => toggle(row.original.id)}
            >
              {open ? '▾' : '▸'}
            </ActionIcon>
          );
        },
      },
      {
        id: 'id',
        header: f('id'),
        cell: ({ row }) =>
          canOpen ? (
            <Anchor component={Link} to={messagePath(row.original.id)}>
              {row.original.id}
            </Anchor>
          ) : (
            row.original.id
          ),
      },
      {
        id: 'event',
        header: f('event'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{t(`outgoingMessages.events.${row.original.event}`)}</Text>
            <Text size="xs" c="dimmed">
              {[row.original.message_type, row.original.air_waybill].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'airline',
        header: f('airline'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline?.short_name ?? none,
      },
      { id: 'segment', header: f('segment'), enableSorting: false, cell: ({ row }) => text(row.original.segment) },
      {
        id: 'channel',
        header: f('channel'),
        enableSorting: false,
        cell: ({ row }) => t(`outgoingMessages.channels.${row.original.channel}`),
      },
      { id: 'subject', header: f('subject'), enableSorting: false, cell: ({ row }) => text(row.original.subject) },
      {
        id: 'request_url',
        header: f('request_url'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {text(row.original.request_url)}
          </Text>
        ),
      },
      { id: 'from', header: f('from'), enableSorting: false, cell: ({ row }) => text(row.original.from) },
      {
        id: 'created_at',
        header: f('created_at'),
        cell: ({ row }) => <DateTimeText value={row.original.created_at} withZone />,
      },
      {
        id: 'sent_at',
        header: f('sent_at'),
        cell: ({ row }) => (row.original.sent_at ? <DateTimeText value={row.original.sent_at} withZone /> : none),
      },
      {
        id: 'forwarded',
        header: f('forwarded'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge variant="outline" color={row.original.forwarded ? 'green' : 'gray'}>
            {row.original.forwarded ? t('outgoingMessages.yes') : t('outgoingMessages.no')}
          </Badge>
        ),
      },
      {
        id: 'sender',
        header: f('sender'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.sender?.short_name ?? none}</Text>
            {row.original.user_email && (
              <Text size="xs" c="dimmed">
                {row.original.user_email}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'status',
        header: f('status'),
        enableSorting: false,
        cell: ({ row }) => <MessageStatus status={row.original.status} />,
      },
    ];
  }, [t, none, canOpen, expanded]);

  const dateFilter = (key: 'created_from' | 'created_to') => (
    <DateInput
      size="xs"
      label={f(key)}
      valueFormat={DATE_FORMAT}
      clearable
      value={table.state.filters[key] || null}
      onChange={(value) => table.update({ filters: { [key]: value ?? '' } })}
      w={150}
    />
  );

  const yesNo = [
    { value: 'yes', label: t('outgoingMessages.yes') },
    { value: 'no', label: t('outgoingMessages.no') },
  ];

  return (
    <DataTable
      columns={columns}
      data={messages.data?.data}
      meta={messages.data?.meta}
      loading={messages.isFetching && !messages.data}
      error={messages.isError ? errorMessage(messages.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      renderDetail={(row) => (expanded.has(row.id) ? <LoadedMessageDetails id={row.id} /> : null)}
      filters={[
        { id: 'q', label: t('common.search'), type: 'text' },
        { id: 'air_waybill', label: f('air_waybill'), type: 'text' },
        ...(chooseAirline
          ? [{ id: 'airline_id', label: f('airline'), type: 'select' as const, options: airlines }]
          : []),
        {
          id: 'event',
          label: f('event'),
          type: 'select',
          options: OUTGOING_EVENTS.map((e) => ({ value: e, label: t(`outgoingMessages.events.${e}`) })),
        },
        {
          id: 'message_type',
          label: f('message_type'),
          type: 'select',
          options: OUTGOING_TELEGRAM_TYPES.map((type) => ({ value: type, label: type })),
        },
        {
          id: 'channel',
          label: f('channel'),
          type: 'select',
          options: MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`outgoingMessages.channels.${c}`) })),
        },
        {
          id: 'status',
          label: f('status'),
          type: 'select',
          options: OUTGOING_STATUSES.map((s) => ({ value: s, label: t(`outgoingMessages.statuses.${s}`) })),
        },
        { id: 'forwarded', label: f('forwarded'), type: 'select', options: yesNo },
      ]}
      toolbar={
        <Group gap="sm" align="flex-end">
          {dateFilter('created_from')}
          {dateFilter('created_to')}
        </Group>
      }
    />
  );
}
