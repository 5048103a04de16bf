import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export function PasswordField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <PasswordInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
