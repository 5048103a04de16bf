import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from '@/components/form/use-field';

/** A calendar date `YYYY-MM-DD` (the browser's date input), with no time and no zone. */
export function CalendarDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'type'>) {
  const { field, error } = useField({ control, name });
  return (
    <TextInput
      {...props}
      type="date"
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value || null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
