import { type FLIGHT_TABS, SEGMENT_STATES, segmentsQuery } from '@aircargo/contract/flights';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PER_PAGE_OPTIONS } from '@/components/data-table/table-url-state';
import { errorMessage } from '@/lib/api/errors';
import { DATE_FORMAT } from '@/lib/time/date-time';
import { flightPath, type Segment, type SegmentsQuery, useSegments } from '../api/flights';
import { AirportTime, LoadFactorText, SegmentRoute, SegmentStateBadges } from './segment-display';

export type FlightTab = (typeof FLIGHT_TABS)[number];

/** Filters kept in the URL, each checked by the contract's query schema before it is sent. */
export const FILTER_KEYS = ['date_from', 'date_to', 'carrier', 'origin', 'destination', 'number', 'state'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const TEXT_FILTERS = ['carrier', 'origin', 'destination', 'number'] as const;

function validFilter(key: FilterKey, value: string): boolean {
  return segmentsQuery.shape[key].safeParse(value).success;
}

/** The list query of a tab from the URL: valid filters, the page cursor and the page size. */
export function queryFromUrl(tab: FlightTab, params: URLSearchParams): SegmentsQuery {
  const query: Record<string, string | number> = { tab };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim().toUpperCase();
    if (value && validFilter(key, key === 'state' ? value.toLowerCase() : value)) {
      query[key] = key === 'state' ? value.toLowerCase() : value;
    }
  }
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  const perPage = Number(params.get('per_page'));
  if (PER_PAGE_OPTIONS.includes(perPage as (typeof PER_PAGE_OPTIONS)[number])) query.per_page = perPage;
  return query as SegmentsQuery;
}

function TextFilter({
  name,
  label,
  value,
  onChange,
}: {
  name: FilterKey;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const push = useDebouncedCallback(onChange, 400);
  useEffect(() => setText(value), [value]);
  const invalid = text.trim() !== '' && !validFilter(name, text.trim().toUpperCase());
  return (
    <TextInput
      size="xs"
      w={110}
      label={label}
      value={text}
      error={invalid ? t('flights.filters.invalid') : undefined}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value.trim().toUpperCase());
      }}
    />
  );
}

/** The segments of one tab: filters in the URL, keyset pages (next/previous by cursor), a row opens the flight. */
export function FlightsTable({ tab }: { tab: FlightTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromUrl(tab, params), [tab, params]);
  const segments = useSegments(query);

  const setParam = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      // A new filter or page size starts from the first page.
      if (!('cursor' in patch)) next.delete('cursor');
      return next;
    });

  const columns = useMemo<ColumnDef<Segment>[]>(
    () => [
      {
        id: 'flight',
        header: t('flights.fields.flight'),
        cell: ({ row }) => (
          <Anchor component={Link} to={flightPath(row.original.id)} onClick={(event) => event.stopPropagation()}>
            {row.original.number_with_date}
          </Anchor>
        ),
      },
      { id: 'route', header: t('flights.fields.route'), cell: ({ row }) => <SegmentRoute segment={row.original} /> },
      {
        id: 'std',
        header: t('flights.fields.std'),
        cell: ({ row }) => <AirportTime value={row.original.std} timeZone={row.original.origin_timezone} />,
      },
      {
        id: 'sta',
        header: t('flights.fields.sta'),
        cell: ({ row }) => <AirportTime value={row.original.sta} timeZone={row.original.destination_timezone} />,
      },
      {
        id: 'aircraft',
        header: t('flights.fields.aircraft'),
        cell: ({ row }) => [row.original.aircraft_type, row.original.aircraft_reg].filter(Boolean).join(' · ') || '—',
      },
      { id: 'type', header: t('flights.fields.segment_type'), accessorKey: 'segment_type' },
      {
        id: 'state',
        header: t('flights.fields.state'),
        cell: ({ row }) => <SegmentStateBadges segment={row.original} />,
      },
      {
        id: 'load',
        header: t('flights.fields.load_factor'),
        cell: ({ row }) => <LoadFactorText load={row.original.load} />,
      },
    ],
    [t],
  );

  const rows = useMemo(() => segments.data?.data ?? [], [segments.data]);
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  const meta = segments.data?.meta;
  const value = (key: FilterKey) => params.get(key) ?? '';

  return (
    <Box>
      <Group align="flex-end" mb="sm" wrap="wrap" gap="xs">
        <DateInput
          size="xs"
          w={130}
          clearable
          valueFormat={DATE_FORMAT}
          label={t('flights.filters.date_from')}
          value={value('date_from') || null}
          onChange={(next) => setParam({ date_from: next ?? null })}
        />
        <DateInput
          size="xs"
          w={130}
          clearable
          valueFormat={DATE_FORMAT}
          label={t('flights.filters.date_to')}
          value={value('date_to') || null}
          onChange={(next) => setParam({ date_to: next ?? null })}
        />
        {TEXT_FILTERS.map((key) => (
          <TextFilter
            key={key}
            name={key}
            label={t(`flights.filters.${key}`)}
            value={value(key)}
            onChange={(next) => setParam({ [key]: next })}
          />
        ))}
        <Select
          size="xs"
          w={150}
          clearable
          label={t('flights.filters.state')}
          data={SEGMENT_STATES.map((state) => ({ value: state, label: t(`flights.states.${state}`) }))}
          value={value('state') || null}
          onChange={(next) => setParam({ state: next })}
        />
      </Group>
      {segments.isError && (
        <Alert color="red" mb="sm" role="alert">
          {errorMessage(segments.error, t)}
        </Alert>
      )}
      <Box style={{ overflowX: 'auto' }} data-testid="flights-table">
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={segments.isFetching}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={() => void navigate(flightPath(row.original.id))}
                style={{ cursor: 'pointer' }}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {segments.isFetching && (
          <Center p="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {!segments.isFetching && rows.length === 0 && !segments.isError && (
          <Text c="dimmed" ta="center" p="md">
            {t('table.empty')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {meta
            ? t(meta.total_count_exact ? 'flights.list.total' : 'flights.list.totalEstimate', {
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
        </Group>
      </Group>
    </Box>
  );
}
