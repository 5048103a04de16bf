import { TagsInput, type TagsInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { type FieldError, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyControl } from '@/components/form/record-form';
import { translateValidation } from '@/lib/validation/messages';

// Inputs of the waybill forms that the shared form components do not cover: codes typed in capitals, and code lists
// whose errors the contract reports per code (`shcs.1`), shown on the list.

/** The first message of a field's error, or of one of its items when the error is a list's (`hs_codes.2`). */
export function errorOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message;
  if (own) return own;
  const root = (error as { root?: FieldError }).root?.message;
  if (root) return root;
  for (const item of Object.values(error as Record<string, unknown>)) {
    const message = errorOf(item);
    if (message) return message;
  }
  return undefined;
}

/** Text kept in capitals as typed (airport, carrier, flight codes). */
export function CodeField({
  control,
  name,
  ...props
}: { control: AnyControl; name: string; label: string } & Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'error'
>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FieldValues>({ control, name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
      onBlur={field.onBlur}
      error={translateValidation(fieldState.error?.message, t)}
    />
  );
}

/** A list of codes (SHCs, HS codes) typed one by one; an error on any of them shows on the list. */
export function CodesField({
  control,
  name,
  ...props
}: { control: AnyControl; name: string; label: string } & Omit<
  TagsInputProps,
  'name' | 'value' | 'onChange' | 'error'
>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FieldValues>({ control, name });
  return (
    <TagsInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | null) ?? []}
      onChange={(values) => field.onChange(values.map((value) => value.trim().toUpperCase()))}
      onBlur={field.onBlur}
      error={translateValidation(errorOf(fieldState.error), t)}
    />
  );
}
