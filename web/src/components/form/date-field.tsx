import { DateInput, type DateInputProps } from '@mantine/dates';
import type { FieldValues } from 'react-hook-form';
import { DATE_FORMAT } from '@/lib/time/date-time';
import { type FieldProps, useField } from './use-field';

/** A calendar date kept as "YYYY-MM-DD" (no time, no zone). */
export function DateField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<DateInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      clearable
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={(next) => field.onChange(next ?? null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
