import type { TFunction } from 'i18next';
import { z } from 'zod';

// Validation messages of the specification (seed 001, section 5), as i18n keys under "validation.".
// A zod message is either a plain key ("validation.passwordsDoNotMatch") or a key with JSON parameters after "|".

const SEPARATOR = '|';

export function validationMessage(key: string, params?: Record<string, string | number>): string {
  const full = key.startsWith('validation.') ? key : `validation.${key}`;
  return params ? `${full}${SEPARATOR}${JSON.stringify(params)}` : full;
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));
}

function decimalsOf(divisor: number): number {
  return Math.max(0, Math.round(-Math.log10(divisor)));
}

/** Zod error map for forms: issue codes become the specification's message keys. */
export function formErrorMap(issue: z.core.$ZodRawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(input)) return validationMessage('required');
      if (issue.expected === 'int') return validationMessage('integer');
      return validationMessage('invalidFormat');
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (minimum <= 1 || isEmpty(input)) return validationMessage('required');
        return validationMessage('minLength', { min: minimum });
      }
      if (minimum === 0 && issue.inclusive === false) return validationMessage('positive');
      return validationMessage('minValue', { min: minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array')
        return validationMessage('maxLength', { max: maximum });
      return validationMessage('maxValue', { max: maximum });
    }
    case 'invalid_format':
      if (isEmpty(input)) return validationMessage('required');
      if (issue.format === 'email') return validationMessage('email');
      return validationMessage('invalidFormat');
    case 'not_multiple_of':
      return validationMessage('decimalPlaces', { digits: decimalsOf(Number(issue.divisor)) });
    case 'invalid_value':
      return isEmpty(input) ? validationMessage('required') : validationMessage('invalidFormat');
    default:
      return undefined;
  }
}

/** Fixed messages of the shared contract schemas, which take precedence over the form error map. */
const CONTRACT_MESSAGES: Record<string, string> = {
  'required field': validationMessage('required'),
  'invalid format': validationMessage('invalidFormat'),
  'invalid date': validationMessage('invalidFormat'),
  'invalid character': validationMessage('invalidFormat'),
  'must be 2 characters': validationMessage('exactLength', { length: 2 }),
  'must be 3 digits': validationMessage('exactLength', { length: 3 }),
  'must be an ISO alpha-2 code': validationMessage('exactLength', { length: 2 }),
  'must not be before effective_from': validationMessage('dateOrder'),
  PasswordTooShort: validationMessage('minLength', { min: 8 }),
  'Password is too short (minimum is 8 characters)': validationMessage('minLength', { min: 8 }),
  ConfirmationNotMatch: validationMessage('passwordsDoNotMatch'),
};

/** Text of a form error in the current language; messages that are not keys are shown as they are. */
export function translateValidation(input: string | undefined, t: TFunction): string | undefined {
  if (!input) return undefined;
  const message = CONTRACT_MESSAGES[input] ?? input;
  if (!message.startsWith('validation.')) return message;
  const [key, raw] = message.split(SEPARATOR, 2) as [string, string | undefined];
  let params: Record<string, unknown> = {};
  if (raw) {
    try {
      params = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      params = {};
    }
  }
  return t(key, params);
}

/**
 * A form schema from a shared contract schema: empty text inputs become null before validation, so optional fields
 * are cleared (PATCH) or left empty (POST) and required ones report "required field".
 */
export function formSchema<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.input<S>> {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, item === '' ? null : item]));
  }, schema) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}
