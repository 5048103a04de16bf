import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from '@/components/form/use-field';

/**
 * A wall-clock date and time `YYYY-MM-DDTHH:mm` without a zone (the browser's date-time input); the form's time mode
 * says whether it is the airport's local time or UTC.
 */
export function WallClockField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'type'>) {
  const { field, error } = useField({ control, name });
  return (
    <TextInput
      {...props}
      type="datetime-local"
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value || null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
