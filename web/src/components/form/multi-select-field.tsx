import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export function MultiSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<MultiSelectProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <MultiSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | null | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
