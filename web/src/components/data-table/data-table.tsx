import type { PaginationMeta } from '@aircargo/contract/common';
import {
  Alert,
  Box,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PER_PAGE_OPTIONS, type TableUrlHandle } from './table-url-state';

export interface TableFilter {
  id: string;
  label: string;
  type: 'text' | 'select';
  options?: { value: string; label: string }[];
}

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  data: T[] | undefined;
  meta?: PaginationMeta;
  loading?: boolean;
  error?: string | null;
  table: TableUrlHandle;
  filters?: TableFilter[];
  getRowId?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Height of the scrolling body; rows (of a fixed estimated height) are virtualised inside it. */
  height?: number | string;
  rowHeight?: number;
  toolbar?: ReactNode;
  caption?: string;
  /**
   * Details shown under a row (an expanded row) when this returns something; each row and its details are measured
   * together, so the virtualised list keeps its place.
   */
  renderDetail?: (row: T) => ReactNode;
}

function sortingFrom(sort: string | null): SortingState {
  if (!sort) return [];
  return sort.startsWith('-') ? [{ id: sort.slice(1), desc: true }] : [{ id: sort, desc: false }];
}

function TextFilter({
  filter,
  value,
  onChange,
}: {
  filter: TableFilter;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  const push = useDebouncedCallback(onChange, 400);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      size="xs"
      label={filter.label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
    />
  );
}

/** Server-side paged, sorted and filtered table; its state lives in the URL and rows are virtualised. */
export function DataTable<T>({
  columns,
  data,
  meta,
  loading = false,
  error = null,
  table: handle,
  filters = [],
  getRowId,
  onRowClick,
  height = 'calc(100vh - 320px)',
  rowHeight = 44,
  toolbar,
  caption,
  renderDetail,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { state, update } = handle;
  const rows = useMemo(() => data ?? [], [data]);
  const sorting = useMemo(() => sortingFrom(state.sort), [state.sort]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      update({ sort: first ? `${first.desc ? '-' : ''}${first.id}` : null });
    },
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows with details are measured; one not laid out (a hidden tab, a test's DOM) keeps the estimate.
    measureElement: (element) => element.getBoundingClientRect().height || rowHeight,
    overscan: 12,
    initialRect: { width: 1024, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = table.getVisibleLeafColumns().length;
  const bodyRow = (row: Row<T>, index?: number) => (
    <Table.Tr
      key={row.id}
      data-index={index}
      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
      ))}
    </Table.Tr>
  );

  return (
    <Box>
      {(filters.length > 0 || toolbar) && (
        <Group align="flex-end" mb="sm" wrap="wrap">
          {filters.map((filter) =>
            filter.type === 'select' ? (
              <Select
                key={filter.id}
                size="xs"
                clearable
                label={filter.label}
                data={filter.options ?? []}
                value={state.filters[filter.id] ?? null}
                onChange={(value) => update({ filters: { [filter.id]: value ?? '' } })}
              />
            ) : (
              <TextFilter
                key={filter.id}
                filter={filter}
                value={state.filters[filter.id] ?? ''}
                onChange={(value) => update({ filters: { [filter.id]: value } })}
              />
            ),
          )}
          <Box style={{ flex: 1 }} />
          {toolbar}
        </Group>
      )}
      {error && (
        <Alert color="red" mb="sm" role="alert">
          {error}
        </Alert>
      )}
      <Box
        ref={scrollRef}
        style={{ maxHeight: height, overflow: 'auto', position: 'relative' }}
        data-testid="data-table"
      >
        <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-busy={loading}>
          {caption && <Table.Caption>{caption}</Table.Caption>}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                          {label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          {renderDetail ? (
            // A body per row, so a row and its details are measured as one virtual item.
            <>
              {paddingTop > 0 && (
                <Table.Tbody aria-hidden>
                  <Table.Tr>
                    <Table.Td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
                  </Table.Tr>
                </Table.Tbody>
              )}
              {items.map((item) => {
                const row = tableRows[item.index];
                if (!row) return null;
                const detail = renderDetail(row.original);
                return (
                  <Table.Tbody key={row.id} data-index={item.index} ref={virtualizer.measureElement}>
                    {bodyRow(row)}
                    {detail && (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount}>{detail}</Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                );
              })}
              {paddingBottom > 0 && (
                <Table.Tbody aria-hidden>
                  <Table.Tr>
                    <Table.Td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
                  </Table.Tr>
                </Table.Tbody>
              )}
            </>
          ) : (
            <Table.Tbody>
              {paddingTop > 0 && (
                <Table.Tr aria-hidden>
                  <Table.Td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
                </Table.Tr>
              )}
              {items.map((item) => {
                const row = tableRows[item.index];
                return row ? bodyRow(row, item.index) : null;
              })}
              {paddingBottom > 0 && (
                <Table.Tr aria-hidden>
                  <Table.Td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
                </Table.Tr>
              )}
            </Table.Tbody>
          )}
        </Table>
        {loading && (
          <Center p="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {!loading && rows.length === 0 && !error && (
          <Text c="dimmed" ta="center" p="md">
            {t('table.empty')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('table.total', { count: meta?.total_count ?? rows.length })}
        </Text>
        <Group gap="sm">
          <Select
            size="xs"
            w={90}
            aria-label={t('table.perPage')}
            data={PER_PAGE_OPTIONS.map(String)}
            value={String(state.perPage)}
            onChange={(value) => value && update({ perPage: Number(value) })}
            allowDeselect={false}
          />
          <Pagination
            size="sm"
            total={Math.max(meta?.total_pages ?? 1, 1)}
            value={state.page}
            onChange={(page) => update({ page })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next' ? t('table.next') : control === 'previous' ? t('table.previous') : control,
            })}
          />
        </Group>
      </Group>
    </Box>
  );
}
