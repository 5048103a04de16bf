import { decodeMessage, issueText, type Message, renderMessage } from '@aircargo/contract/messages';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { i18n } from '@/lib/i18n/i18n';

// Messages of the specification (seed 001 sections 5 and 8) are keys of the contract's catalogue
// (packages/contract/src/messages.ts), translated under "validation.". A zod message made by `msg()` is the key with
// JSON parameters after "|"; the server sends the same keys in `error_keys` and `message_key` (decision 013).

/** Zod error map for forms: the same issue-to-key mapping the server's error handler uses. */
export function formErrorMap(issue: z.core.$ZodRawIssue): string | undefined {
  return issueText(issue);
}

/** The text of a catalogue message in the current language; its English text when no translation exists. */
export function translateMessage(message: Message, t: TFunction): string {
  const key = `validation.${message.key}`;
  return i18n.exists(key) ? t(key, message.params) : renderMessage(message);
}

/** Text of a form error in the current language; a text that is not a catalogue key is shown as it is. */
export function translateValidation(input: string | undefined, t: TFunction): string | undefined {
  if (!input) return undefined;
  const message = decodeMessage(input);
  return message ? translateMessage(message, t) : input;
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
