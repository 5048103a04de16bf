import { PROCESSING_STATUSES, TELEGRAM_KINDS } from '@aircargo/contract/ssim-telegrams';
import { Anchor, Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { SSIM_TELEGRAMS_PATH, type SsimTelegramSummary, useSsimTelegrams } from '../api/ssim-telegrams';
import { CountsText, ParsingBadge, ProcessingBadge, TelegramProgress } from './telegram-status';

const FILTER_KEYS = ['q', 'kind', 'processing_status'] as const;

/** Schedule telegrams received: server paging, filters in the URL; running ones refresh until done. */
export function TelegramsTable({ canOpen }: { canOpen: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-id' });
  const telegrams = useSsimTelegrams(table.query);

  const columns = useMemo<ColumnDef<SsimTelegramSummary>[]>(
    () => [
      {
        id: 'id',
        header: t('ssimTelegrams.fields.id'),
        cell: ({ row }) =>
          canOpen ? (
            <Anchor component={Link} to={`${SSIM_TELEGRAMS_PATH}/${row.original.id}`}>
              {row.original.id}
            </Anchor>
          ) : (
            row.original.id
          ),
      },
      {
        id: 'received_at',
        header: t('ssimTelegrams.fields.received'),
        cell: ({ row }) => <DateTimeText value={row.original.received_at} withZone />,
      },
      {
        id: 'kind',
        header: t('ssimTelegrams.fields.kind'),
        enableSorting: false,
        cell: ({ row }) => t(`ssimTelegrams.kinds.${row.original.kind}`),
      },
      {
        id: 'carrier',
        header: t('ssimTelegrams.fields.carrier'),
        enableSorting: false,
        cell: ({ row }) => row.original.carriers.join(', '),
      },
      {
        id: 'source',
        header: t('ssimTelegrams.fields.source'),
        enableSorting: false,
        cell: ({ row }) => row.original.file_name ?? t(`ssimTelegrams.sources.${row.original.source}`),
      },
      {
        id: 'status',
        header: t('ssimTelegrams.fields.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={4}>
            <ParsingBadge status={row.original.parsing_status} />
            <ProcessingBadge status={row.original.processing_status} />
            <TelegramProgress telegram={row.original} />
          </Stack>
        ),
      },
      {
        id: 'counts',
        header: t('ssimTelegrams.fields.counts'),
        enableSorting: false,
        cell: ({ row }) => <CountsText counts={row.original.counts} />,
      },
    ],
    [t, canOpen],
  );

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
        { id: 'q', label: t('common.search'), type: 'text' },
        {
          id: 'kind',
          label: t('ssimTelegrams.fields.kind'),
          type: 'select',
          options: TELEGRAM_KINDS.map((k) => ({ value: k, label: t(`ssimTelegrams.kinds.${k}`) })),
        },
        {
          id: 'processing_status',
          label: t('ssimTelegrams.fields.status'),
          type: 'select',
          options: PROCESSING_STATUSES.map((s) => ({ value: s, label: t(`ssimTelegrams.processing.${s}`) })),
        },
      ]}
    />
  );
}
