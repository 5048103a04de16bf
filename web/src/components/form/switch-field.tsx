import { Switch, type SwitchProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export function SwitchField<T extends FieldValues, TOut = T>({
  control,
  name,
  placeholder: _placeholder,
  ...props
}: FieldProps<T, TOut> & Omit<SwitchProps, 'name' | 'checked' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <Switch
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
