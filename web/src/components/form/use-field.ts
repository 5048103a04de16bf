import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation/messages';

export interface FieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
}

/** Binds a Mantine input to a form field and translates its error message. */
export function useField<T extends FieldValues, TOut>({
  control,
  name,
}: Pick<FieldProps<T, TOut>, 'control' | 'name'>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return { field, error: translateValidation(fieldState.error?.message, t) };
}
