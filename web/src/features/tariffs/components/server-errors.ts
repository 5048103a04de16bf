import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@/components/form/use-zod-form';
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
  return applyServerErrors(error, setError, fields, serverFieldOf);
}
