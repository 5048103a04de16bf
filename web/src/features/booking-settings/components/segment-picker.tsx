import { Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldProps, useField } from '@/components/form/use-field';
import { usePreferences } from '@/lib/preferences';
import { DATE_FORMAT, formatDateTime } from '@/lib/time/date-time';
import { type Segment, useSegmentSearch } from '../api/references';

/** A typed "23.11.2026" (the screens' date format) as "2026-11-23"; null for anything else. */
export function parseTypedDate(text: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m as unknown as [string, string, string, string];
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface SegmentFilters {
  carrier?: string | null;
  origin?: string | null;
  destination?: string | null;
}

/** "SU1234/23NOV SVO–LED 23.11.2026 10:00" with the departure in local time or UTC, as the header toggle says. */
export function useSegmentLabel() {
  const { utcTime } = usePreferences();
  return (s: Segment) =>
    `${s.number_with_date} ${s.origin}–${s.destination} ${formatDateTime(s.std, { utc: utcTime, timeZone: s.origin_timezone })}`;
}

export interface SegmentPickerProps {
  value: number | null;
  onChange: (id: number | null, segment: Segment | null) => void;
  label: string;
  filters?: SegmentFilters;
  /** How the current value is named before a search finds it (an edited record's flight). */
  initialLabel?: string | null;
  description?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
}

/** A flight segment found by its departure date (and the form's carrier and route, when given). */
export function SegmentPicker({
  value,
  onChange,
  label,
  filters = {},
  initialLabel,
  description,
  error,
  required,
  disabled,
  clearable = true,
}: SegmentPickerProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(null);
  const [labels, setLabels] = useState<Record<string, string>>(
    value !== null && initialLabel ? { [String(value)]: initialLabel } : {},
  );
  const segments = useSegmentSearch({ date, ...filters });
  const labelOf = useSegmentLabel();
  const found = useMemo(() => segments.data?.data ?? [], [segments.data]);
  useEffect(() => {
    if (value === null) return;
    const current = found.find((s) => s.id === value);
    if (current && labels[String(value)] !== labelOf(current)) {
      setLabels((known) => ({ ...known, [String(value)]: labelOf(current) }));
    }
  }, [found, value, labels, labelOf]);
  const options = useMemo(() => {
    const list = found.filter((s) => s.id !== value).map((s) => ({ value: String(s.id), label: labelOf(s) }));
    if (value !== null) list.unshift({ value: String(value), label: labels[String(value)] ?? `#${value}` });
    return list;
  }, [found, value, labels, labelOf]);

  return (
    <Group align="flex-start" gap="xs" grow wrap="nowrap">
      <DateInput
        label={t('bookingSettings.segment.date')}
        valueFormat={DATE_FORMAT}
        dateParser={parseTypedDate}
        clearable
        value={date}
        onChange={(next) => setDate(next ?? null)}
        disabled={disabled}
        style={{ maxWidth: 160 }}
      />
      <Select
        label={label}
        description={description}
        required={required}
        disabled={disabled}
        clearable={clearable}
        searchable
        data={options}
        value={value === null ? null : String(value)}
        placeholder={date ? undefined : t('bookingSettings.segment.pickDate')}
        nothingFoundMessage={date && !segments.isFetching ? t('bookingSettings.segment.none') : undefined}
        onChange={(next) => {
          const segment = next === null ? null : (found.find((s) => String(s.id) === next) ?? null);
          if (segment) setLabels((known) => ({ ...known, [next as string]: labelOf(segment) }));
          onChange(next === null ? null : Number(next), segment);
        }}
        error={error}
      />
    </Group>
  );
}

/** A form field holding a segment id. */
export function SegmentField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  disabled,
  filters,
  initialLabel,
  description,
}: Pick<FieldProps<T, TOut>, 'control' | 'name' | 'label' | 'required' | 'disabled' | 'description'> & {
  filters?: SegmentFilters;
  initialLabel?: string | null;
}) {
  const { field, error } = useField({ control, name });
  const value = typeof field.value === 'number' ? field.value : null;
  return (
    <SegmentPicker
      value={value}
      onChange={(id) => {
        field.onChange(id);
        field.onBlur();
      }}
      label={label}
      required={required}
      disabled={disabled}
      filters={filters}
      initialLabel={initialLabel}
      description={description}
      error={error}
    />
  );
}
