import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

/** A single choice; `numeric` stores the chosen value as a number (ids). */
export function SelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  numeric = false,
  ...props
}: FieldProps<T, TOut> & { numeric?: boolean } & Omit<SelectProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  const value = field.value === null || field.value === undefined || field.value === '' ? null : String(field.value);
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={value}
      onChange={(next) => field.onChange(next === null ? null : numeric ? Number(next) : next)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
