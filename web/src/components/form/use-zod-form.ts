import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { formErrorMap } from '@/lib/validation/messages';

/** react-hook-form bound to a zod schema; messages follow the specification and are translated on display. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema, { error: formErrorMap }),
  });
}

/**
 * Puts the server's field errors (422 `errors`, by their `error_keys` where given, so they are translated) on the
 * form's fields (a list of names, or a test for forms with rows); true if any matched. `fieldOf` names the form field a server field is shown on (`rates.3.value` on
 * a grid's root, say); by default the same name.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | ((field: string) => boolean),
  fieldOf: (field: string) => string = (field) => field,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const shown = typeof fields === 'function' ? fields : (field: string) => fields.includes(field);
  let matched = false;
  for (const [serverField, messages] of Object.entries(error.fieldMessages)) {
    const field = fieldOf(serverField);
    if (!shown(field) || !messages[0]) continue;
    // A field shows one message, as a form's own validation does: the server's first for it.
    setError(field as Path<T>, { type: 'server', message: messages[0] });
    matched = true;
  }
  return matched;
}
