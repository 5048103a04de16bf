import { TagsInput, type TagsInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

/** Free list of short codes (airports, prefixes); values are upper-cased. */
export function TagsField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FieldProps<T, TOut> & Omit<TagsInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField({ control, name });
  return (
    <TagsInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | null | undefined) ?? []}
      onChange={(values) => field.onChange(values.map((value) => value.trim().toUpperCase()))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
