import { WAYBILL_LIST_SORTS } from '@aircargo/contract/air-waybill-lists';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Select, Table, Tabs, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PER_PAGE_OPTIONS } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { DATE_FORMAT } from '@/lib/time/date-time';
import { shipmentPath, useAirWaybillList, type WaybillListKind, type WaybillListRow } from '../api/air-waybills';
import { amountsText, FlagBadges, ListStatusBadge, VoidPaymentText, weightText } from './format';
import {
  BOOKED_VALUES,
  DATE_TYPES,
  DEFAULT_TAB,
  type FilterKey,
  FLAG_KEYS,
  FLAG_VALUES,
  queryFromUrl,
  TEXT_FILTERS,
  VOID_PAYMENT_VALUES,
  validFilter,
  WAYBILL_TABS,
  type WaybillTab,
} from './list-filters';

/** Columns the server sorts by (the others are shown as they come). */
const SORTABLE = new Set<string>(WAYBILL_LIST_SORTS);
const DEFAULT_SORT = '-date';

function TextFilter({
  name,
  label,
  value,
  width,
  onChange,
}: {
  name: FilterKey;
  label: string;
  value: string;
  width: number;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const push = useDebouncedCallback(onChange, 400);
  useEffect(() => setText(value), [value]);
  const trimmed = text.trim().toUpperCase();
  const invalid = trimmed !== '' && !validFilter(name, trimmed);
  return (
    <TextInput
      size="xs"
      w={width}
      label={label}
      value={text}
      error={invalid ? t('airWaybills.filters.invalid') : undefined}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value.trim().toUpperCase());
      }}
    />
  );
}

function optionList(values: readonly string[], t: TFunction, prefix: string) {
  return values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
}

/** The seed's list columns (seed 001 section 3); the compact layout folds some into one cell. */
function useColumns(compact: boolean, showForwarder: boolean) {
  const { t } = useTranslation();
  return useMemo<ColumnDef<WaybillListRow>[]>(() => {
    const awb: ColumnDef<WaybillListRow> = {
      id: 'mawb',
      header: t('airWaybills.columns.awb'),
      cell: ({ row }) => (
        <Anchor component={Link} to={shipmentPath(row.original.mawb)} size="sm" fw={500}>
          {row.original.mawb}
        </Anchor>
      ),
    };
    const date: ColumnDef<WaybillListRow> = {
      id: 'date',
      header: t('airWaybills.columns.date'),
      cell: ({ row }) => <DateTimeText value={row.original.date} />,
    };
    const status: ColumnDef<WaybillListRow> = {
      id: 'status',
      header: t('airWaybills.columns.status'),
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <ListStatusBadge status={row.original.status} />
          {!compact && <FlagBadges flags={row.original.flags} />}
        </Group>
      ),
    };
    const amounts: ColumnDef<WaybillListRow> = {
      id: 'amounts',
      header: t('airWaybills.columns.amounts'),
      cell: ({ row }) => amountsText(row.original, t),
    };
    const chargeable: ColumnDef<WaybillListRow> = {
      id: 'chargeable_weight',
      header: t('airWaybills.columns.chargeable_weight'),
      cell: ({ row }) =>
        row.original.chargeable_weight === null ? '—' : weightText(row.original.chargeable_weight, t),
    };
    const forwarder: ColumnDef<WaybillListRow> = {
      id: 'forwarder',
      header: t('airWaybills.columns.forwarder'),
      cell: ({ row }) => row.original.forwarder.short_name,
    };
    if (compact) {
      return [
        date,
        awb,
        {
          id: 'route',
          header: t('airWaybills.columns.route'),
          cell: ({ row }) => `${row.original.origin} – ${row.original.destination}`,
        },
        status,
        amounts,
        chargeable,
        ...(showForwarder ? [forwarder] : []),
      ];
    }
    return [
      date,
      awb,
      { id: 'origin', header: t('airWaybills.columns.origin'), cell: ({ row }) => row.original.origin },
      {
        id: 'destination',
        header: t('airWaybills.columns.destination'),
        cell: ({ row }) => row.original.destination,
      },
      status,
      {
        id: 'bookings',
        header: t('airWaybills.columns.bookings'),
        cell: ({ row }) =>
          row.original.bookings.length === 0
            ? '—'
            : row.original.bookings.map((b) => (
                <Anchor key={b.id} component={Link} to={`/bookings/${b.id}`} size="sm" mr={6}>
                  #{b.id} {b.response_status}
                </Anchor>
              )),
      },
      amounts,
      chargeable,
      { id: 'product', header: t('airWaybills.columns.product'), cell: ({ row }) => row.original.product ?? '—' },
      { id: 'shc', header: t('airWaybills.columns.shc'), cell: ({ row }) => row.original.shcs.join(' ') || '—' },
      {
        id: 'commodity',
        header: t('airWaybills.columns.commodity'),
        cell: ({ row }) => row.original.commodity ?? '—',
      },
      {
        id: 'postal_number',
        header: t('airWaybills.columns.postal_number'),
        cell: ({ row }) => row.original.postal_number ?? '—',
      },
      ...(showForwarder ? [forwarder] : []),
      {
        id: 'booking_status',
        header: t('airWaybills.columns.booking_status'),
        cell: ({ row }) => row.original.booking_status ?? '—',
      },
      {
        id: 'reason',
        header: t('airWaybills.columns.reason'),
        cell: ({ row }) => (
          <Text size="xs" lineClamp={2}>
            {row.original.reason ?? '—'}
          </Text>
        ),
      },
      {
        id: 'payment',
        header: t('airWaybills.columns.payment'),
        cell: ({ row }) => (
          <>
            {row.original.payment
              ? t(`airWaybills.payments.${row.original.payment}`, { defaultValue: row.original.payment })
              : ''}
            <VoidPaymentText voided={row.original.flags.voided} voidPayment={row.original.void_payment} />
          </>
        ),
      },
    ];
  }, [t, compact, showForwarder]);
}

export interface WaybillListProps {
  kind: WaybillListKind;
  /** The older compact layout of /shipments: fewer columns, "load more" instead of pages. */
  compact?: boolean;
  showForwarder: boolean;
}

/**
 * A list of air waybills: tabs, the seed's filter flags, a date type with its range, search by number or prefix,
 * server-side sorting and keyset pages; every filter lives in the URL so a view can be reloaded and shared.
 */
export function WaybillList({ kind, compact = false, showForwarder }: WaybillListProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromUrl(params, PER_PAGE_OPTIONS), [params]);
  const list = useAirWaybillList(kind, query);
  const columns = useColumns(compact, showForwarder);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const meta = list.data?.pages.at(-1)?.meta;

  const setParam = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      // Any new filter, tab, sort or page size starts from the first page.
      if (!('cursor' in patch)) next.delete('cursor');
      return next;
    });

  // The server's order without a sort: newest first.
  const sort: string = query.sort ?? DEFAULT_SORT;
  const sortedBy = sort.replace(/^-/, '');
  /** Ascending, descending, then the default again; the default column goes from its default to the other way. */
  const toggleSort = (id: string) => {
    const next = sortedBy !== id ? id : sort === id ? `-${id}` : id === 'date' ? 'date' : null;
    setParam({ sort: next === DEFAULT_SORT ? null : next });
  };

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  const tab = (query.tab ?? DEFAULT_TAB) as WaybillTab;
  const value = (key: string) => params.get(key) ?? '';

  return (
    <Box>
      <Tabs value={tab} onChange={(next) => next && setParam({ tab: next === DEFAULT_TAB ? null : next })} mb="sm">
        <Tabs.List>
          {WAYBILL_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`airWaybills.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" mb="xs" wrap="wrap" gap="xs">
        <TextFilter
          name="q"
          width={170}
          label={t('airWaybills.filters.q')}
          value={value('q')}
          onChange={(next) => setParam({ q: next })}
        />
        {TEXT_FILTERS.map((key) => (
          <TextFilter
            key={key}
            name={key}
            width={90}
            label={t(`airWaybills.filters.${key}`)}
            value={value(key)}
            onChange={(next) => setParam({ [key]: next })}
          />
        ))}
        <Select
          size="xs"
          w={190}
          label={t('airWaybills.filters.date_type')}
          data={optionList(DATE_TYPES, t, 'airWaybills.dateTypes')}
          value={query.date_type ?? 'created'}
          onChange={(next) => setParam({ date_type: next && next !== 'created' ? next : null })}
          allowDeselect={false}
        />
        <DateInput
          size="xs"
          w={130}
          clearable
          valueFormat={DATE_FORMAT}
          label={t('airWaybills.filters.date_from')}
          value={value('date_from') || null}
          onChange={(next) => setParam({ date_from: next ?? null })}
        />
        <DateInput
          size="xs"
          w={130}
          clearable
          valueFormat={DATE_FORMAT}
          label={t('airWaybills.filters.date_to')}
          value={value('date_to') || null}
          onChange={(next) => setParam({ date_to: next ?? null })}
        />
      </Group>
      <Group align="flex-end" mb="sm" wrap="wrap" gap="xs">
        <Select
          size="xs"
          w={140}
          clearable
          label={t('airWaybills.filters.booked')}
          data={optionList(BOOKED_VALUES, t, 'airWaybills.bookedValues')}
          value={value('booked') || null}
          onChange={(next) => setParam({ booked: next })}
        />
        {FLAG_KEYS.map((key) => (
          <Select
            key={key}
            size="xs"
            w={110}
            clearable
            label={t(`airWaybills.filters.${key}`)}
            data={optionList(FLAG_VALUES, t, 'airWaybills.flagValues')}
            value={value(key) || null}
            onChange={(next) => setParam({ [key]: next })}
          />
        ))}
        <Select
          size="xs"
          w={180}
          clearable
          label={t('airWaybills.filters.void_payment')}
          data={optionList(VOID_PAYMENT_VALUES, t, 'airWaybills.voidPaymentValues')}
          value={value('void_payment') || null}
          onChange={(next) => setParam({ void_payment: next })}
        />
      </Group>
      {list.isError && (
        <Alert color="red" mb="sm" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      )}
      <Box style={{ overflowX: 'auto' }} data-testid="air-waybills-table">
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const sorted = sortedBy === id ? (sort.startsWith('-') ? 'descending' : 'ascending') : undefined;
                  return (
                    <Table.Th key={header.id} aria-sort={sorted}>
                      {SORTABLE.has(id) ? (
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          fz="sm"
                          c="inherit"
                          onClick={() => toggleSort(id)}
                        >
                          {label} {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                        </Anchor>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.isFetching && (
          <Center p="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {!list.isFetching && rows.length === 0 && !list.isError && (
          <Text c="dimmed" ta="center" p="md">
            {t('table.empty')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {meta
            ? t(meta.total_count_exact ? 'airWaybills.list.total' : 'airWaybills.list.totalEstimate', {
                count: meta.total_count,
              })
            : ''}
        </Text>
        <Group gap="sm">
          <Select
            size="xs"
            w={90}
            aria-label={t('table.perPage')}
            data={PER_PAGE_OPTIONS.map(String)}
            value={String(query.per_page ?? meta?.per_page ?? 25)}
            onChange={(next) => next && setParam({ per_page: next })}
            allowDeselect={false}
          />
          {compact ? (
            <Button
              size="xs"
              variant="default"
              disabled={!list.hasNextPage}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('airWaybills.list.loadMore')}
            </Button>
          ) : (
            <>
              <Button
                size="xs"
                variant="default"
                disabled={!meta?.prev_cursor}
                onClick={() => setParam({ cursor: meta?.prev_cursor ?? null })}
              >
                {t('table.previous')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!meta?.next_cursor}
                onClick={() => setParam({ cursor: meta?.next_cursor ?? null })}
              >
                {t('table.next')}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Box>
  );
}
