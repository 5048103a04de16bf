import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export function NumberField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <NumberInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as number | null | undefined) ?? ''}
      onChange={(next) => field.onChange(next === '' ? null : Number(next))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
