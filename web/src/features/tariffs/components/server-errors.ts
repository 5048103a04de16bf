import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/errors';
import { serverFieldOf } from '../api/forms';

/**
 * Puts the server's field errors on the form's fields (`rates.3.value` on the rate grid, `origin.code` on the origin,
 * and so on); true if any matched.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const [field, messages] of Object.entries(error.fieldMessages)) {
    const target = serverFieldOf(field);
    if (!fields.includes(target) || !messages[0]) continue;
    setError(target as Path<T>, { type: 'server', message: messages[0] });
    matched = true;
  }
  return matched;
}
