import { Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';

/** Row ids chosen with a checkbox column (for "confirm awareness of selected"). */
export function useSelection() {
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id))),
    [],
  );
  const clear = useCallback(() => setSelected([]), []);
  return { selected, toggle, clear };
}

export function selectionColumn<T extends { id: number }>(
  t: TFunction,
  selected: number[],
  toggle: (id: number, on: boolean) => void,
): ColumnDef<T> {
  return {
    id: 'select',
    header: '',
    enableSorting: false,
    cell: ({ row }) => (
      <Checkbox
        size="xs"
        aria-label={t('tariffs.awareness.select', { id: row.original.id })}
        checked={selected.includes(row.original.id)}
        onChange={(event) => toggle(row.original.id, event.currentTarget.checked)}
      />
    ),
  };
}
