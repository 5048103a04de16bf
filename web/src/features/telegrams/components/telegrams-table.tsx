import {
  INCOMING_PARSING_STATUSES,
  INCOMING_PROCESSING_STATUSES,
  INCOMING_TELEGRAM_SOURCES,
  type TelegramFamily,
} from '@aircargo/contract/incoming-telegrams';
import { Anchor, Box, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { type IncomingTelegramSummary, telegramPath, useIncomingTelegrams } from '../api/incoming-telegrams';
import { ErrorsBadge, ParsingBadge, ProcessingBadge, YesNo } from './telegram-status';

/** Types offered by the type filter: the Cargo-IMP messages and requests an airline mailbox receives; the AHM ones. */
export const TELEGRAM_TYPES: Record<TelegramFamily, readonly string[]> = {
  cimp: [
    'FWB',
    'FHL',
    'FSU',
    'FSA',
    'FFR',
    'FFA',
    'FBL',
    'FFM',
    'UWS',
    'CSN',
    'FMA',
    'FNA',
    'FWR',
    'FHR',
    'FBR',
    'FAD',
    'FDA',
    'FSR',
    'FVR',
  ],
  ahm: ['MVT', 'LDM', 'CPM', 'UCM'],
};

const FILTER_KEYS = [
  'message_type',
  'parsing_status',
  'processing_status',
  'source',
  'mawb',
  'received_from',
  'received_to',
  'has_errors',
] as const;

/** Received from / to: two date inputs kept in the table's URL state. */
function DateRange({ handle }: { handle: ReturnType<typeof useTableUrlState> }) {
  const { t } = useTranslation();
  const input = (key: 'received_from' | 'received_to', label: string) => (
    <TextInput
      size="xs"
      type="date"
      label={label}
      value={handle.state.filters[key] ?? ''}
      onChange={(event) => handle.update({ filters: { [key]: event.currentTarget.value } })}
    />
  );
  return (
    <Group gap="xs" align="flex-end">
      {input('received_from', t('telegrams.filters.receivedFrom'))}
      {input('received_to', t('telegrams.filters.receivedTo'))}
    </Group>
  );
}

/** Incoming telegrams of a family: server paging, the seed's columns, filters in the URL; running ones refresh. */
export function TelegramsTable({ family, canOpen }: { family: TelegramFamily; canOpen: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-id' });
  const telegrams = useIncomingTelegrams(family, table.query);

  const columns = useMemo<ColumnDef<IncomingTelegramSummary>[]>(
    () => [
      {
        id: 'id',
        header: t('telegrams.fields.id'),
        cell: ({ row }) =>
          canOpen ? (
            <Anchor component={Link} to={telegramPath(family, row.original.id)}>
              {row.original.id}
            </Anchor>
          ) : (
            row.original.id
          ),
      },
      {
        id: 'message_type',
        header: t('telegrams.fields.type'),
        cell: ({ row }) =>
          row.original.message_type
            ? `${row.original.message_type}${row.original.version !== null ? `/${row.original.version}` : ''}`
            : t('telegrams.unknownType'),
      },
      {
        id: 'received_at',
        header: t('telegrams.fields.sentReceived'),
        cell: ({ row }) => (
          <Stack gap={0} w="max-content">
            {row.original.sent_at ? <DateTimeText value={row.original.sent_at} withZone /> : null}
            <Text size="xs" c="dimmed">
              {t('telegrams.fields.received')}: <DateTimeText value={row.original.received_at} withZone />
            </Text>
          </Stack>
        ),
      },
      {
        id: 'airline',
        header: t('telegrams.fields.airline'),
        enableSorting: false,
        cell: ({ row }) => row.original.airline?.code ?? row.original.airline?.name ?? '',
      },
      {
        id: 'station',
        header: t('telegrams.fields.station'),
        enableSorting: false,
        cell: ({ row }) => row.original.station ?? '',
      },
      {
        id: 'mawb',
        header: t('telegrams.fields.mawb'),
        enableSorting: false,
        cell: ({ row }) => row.original.mawb ?? '',
      },
      {
        id: 'source',
        header: t('telegrams.fields.source'),
        enableSorting: false,
        cell: ({ row }) => t(`telegrams.sources.${row.original.source}`),
      },
      {
        id: 'sender',
        header: t('telegrams.fields.sender'),
        enableSorting: false,
        cell: ({ row }) => row.original.sender ?? '',
      },
      {
        id: 'notes',
        header: t('telegrams.fields.notes'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2}>
            {row.original.notes ?? ''}
          </Text>
        ),
      },
      {
        id: 'corrected',
        header: t('telegrams.fields.corrected'),
        enableSorting: false,
        cell: ({ row }) => <YesNo value={row.original.corrected} />,
      },
      {
        id: 'status',
        header: t('telegrams.fields.parsedProcessed'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={4} align="flex-start" w="max-content">
            <ParsingBadge status={row.original.parsing_status} />
            <ProcessingBadge status={row.original.processing_status} />
            {row.original.processing_status === 'duplicate' && row.original.duplicate_of !== null && (
              <Text size="xs">{t('telegrams.duplicateOf', { id: row.original.duplicate_of })}</Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'errors',
        header: t('telegrams.fields.errors'),
        enableSorting: false,
        cell: ({ row }) => (
          <Box w="max-content">
            <ErrorsBadge errors={row.original.errors} />
          </Box>
        ),
      },
    ],
    [t, canOpen, family],
  );

  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <DataTable
      columns={columns}
      data={telegrams.data?.data}
      meta={telegrams.data?.meta}
      loading={telegrams.isFetching && !telegrams.data}
      error={telegrams.isError ? errorMessage(telegrams.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        {
          id: 'message_type',
          label: t('telegrams.fields.type'),
          type: 'select',
          options: TELEGRAM_TYPES[family].map((value) => ({ value, label: value })),
        },
        {
          id: 'parsing_status',
          label: t('telegrams.fields.parsed'),
          type: 'select',
          options: options(INCOMING_PARSING_STATUSES, 'telegrams.parsing'),
        },
        {
          id: 'processing_status',
          label: t('telegrams.fields.processed'),
          type: 'select',
          options: options(INCOMING_PROCESSING_STATUSES, 'telegrams.processing'),
        },
        {
          id: 'source',
          label: t('telegrams.fields.source'),
          type: 'select',
          options: options(INCOMING_TELEGRAM_SOURCES, 'telegrams.sources'),
        },
        { id: 'mawb', label: t('telegrams.fields.mawb'), type: 'text' },
        {
          id: 'has_errors',
          label: t('telegrams.filters.hasErrors'),
          type: 'select',
          options: [
            { value: 'true', label: t('telegrams.yes') },
            { value: 'false', label: t('telegrams.no') },
          ],
        },
      ]}
      toolbar={<DateRange handle={table} />}
    />
  );
}
