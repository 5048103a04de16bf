import { TagsInput } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation/messages';

/** The first message of a field's error, or of the first of its items that has one (address lists check each item). */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  const items = Array.isArray(error) ? error : Object.values(error);
  for (const item of items) {
    const message = firstErrorMessage(item);
    if (message) return message;
  }
  return undefined;
}

/** A list of addresses typed one by one; Type B addresses are upper-cased, mail addresses lower-cased. */
export function AddressListField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  upperCase,
  required,
}: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  description?: string;
  upperCase: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <TagsInput
      ref={field.ref}
      name={field.name}
      label={label}
      description={description}
      required={required}
      value={(field.value as string[] | null | undefined) ?? []}
      onChange={(values) =>
        field.onChange(values.map((v) => (upperCase ? v.trim().toUpperCase() : v.trim().toLowerCase())))
      }
      onBlur={field.onBlur}
      splitChars={[',', ' ', ';']}
      clearable
      error={translateValidation(firstErrorMessage(fieldState.error), t)}
    />
  );
}
