import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

/** Multi-line text; six rows by default as the specification says. */
export function TextareaField<T extends FieldValues, TOut = T>({
  control,
  name,
  rows = 6,
  ...props
}: FieldProps<T, TOut> & Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <Textarea
      {...props}
      rows={rows}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
