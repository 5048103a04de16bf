import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useAirports } from '@/lib/reference';
import { type FieldProps, useField } from './use-field';

/**
 * An airport by IATA code, searched by code or name (two characters or more). The chosen airport keeps its label, so
 * the search text the picker shows for it does not start another search.
 */
export function AirportField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<SelectProps, 'name' | 'value' | 'onChange' | 'error' | 'data' | 'searchable'>) {
  const { field, error } = useField({ control, name });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const showsChoice = value !== null && labels[value] === search;
  const airports = useAirports(showsChoice ? '' : search.trim());
  const found = useMemo(
    () =>
      (airports.data?.data ?? [])
        .filter((a) => !a.separator)
        .map((a) => ({ value: a.iata, label: `${a.iata} — ${a.name}${a.city_name ? `, ${a.city_name}` : ''}` })),
    [airports.data],
  );
  useEffect(() => {
    const current = found.find((o) => o.value === value);
    if (current && labels[current.value] !== current.label) {
      setLabels((known) => ({ ...known, [current.value]: current.label }));
    }
  }, [found, value, labels]);
  const options = useMemo(() => {
    const list = found.filter((o) => o.value !== value);
    if (value) list.unshift({ value, label: labels[value] ?? value });
    return list;
  }, [found, value, labels]);

  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      searchable
      filter={({ options: all }) => all}
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => field.onChange(next)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
