import {
  contactNumberIssue,
  hostnameIssue,
  INN_COUNTRIES,
  innIssue,
  isLatin,
  kppIssue,
  postCodeRequired,
  type RuleMessageKey,
  webLinkIssue,
} from '@aircargo/domain';
import { z } from 'zod';
import { type Message, type MessageKey, msg } from './messages';

// Seed 001 section 5 rules as zod pieces, shared by the server's request schemas and the web's forms.
// Messages are catalogue keys (packages/contract/src/messages.ts, English texts from packages/domain RULE_MESSAGES):
// the server answers the English text with the key beside it, the web translates the key.

/** The catalogue key of a broken rule. */
const keyOf = (issue: RuleMessageKey | 'invalid format'): MessageKey =>
  issue === 'invalid format' ? 'invalidFormat' : issue;
const messageOf = (issue: RuleMessageKey | 'invalid format') => msg(keyOf(issue));

/** PostgreSQL text cannot hold NUL; refusing it here keeps such input a 422 instead of a driver error. */
const noNul = (v: string) => !v.includes('\u0000');
const invalidCharacter = msg('invalidCharacter');

/** Adds a rule's issue to a string schema: `check` answers the broken rule or null. */
function withRule<S extends z.ZodType<string | null | undefined>>(
  schema: S,
  check: (value: string) => RuleMessageKey | 'invalid format' | null,
) {
  return schema.superRefine((value, ctx) => {
    if (typeof value !== 'string' || value === '') return;
    const issue = check(value);
    if (issue) ctx.addIssue({ code: 'custom', message: messageOf(issue) });
  });
}

const trimmed = (max: number) => z.string().trim().max(max).refine(noNul, invalidCharacter);

/** An optional field: an empty string clears it (stored as null). */
const clearable = <S extends z.ZodType<string>>(schema: S) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** A contact (phone) number: digits with the usual separators, under 25 digits. */
export const contactNumber = withRule(trimmed(40), contactNumberIssue);
export const optionalContactNumber = clearable(contactNumber);

/** Latin-script text of at most `max` characters (and at least `min`). */
export const latinText = (max: number, min = 0) =>
  withRule(z.string().trim().min(min, msg('required')).max(max).refine(noNul, invalidCharacter), (v) =>
    isLatin(v) ? null : 'latinOnly',
  );
export const optionalLatinText = (max: number) => clearable(latinText(max));

/** A mail domain: a strict hostname (or an IP address). */
// The 253-byte limit is the hostname rule's own message; the schema's cap only bounds the input.
export const mailDomain = withRule(trimmed(1000).toLowerCase(), (v) => hostnameIssue(v));
export const optionalMailDomain = clearable(mailDomain);

/** A web link: an http(s) address or a bare host, its host following the hostname rules. */
export const webLink = withRule(trimmed(500), webLinkIssue);
export const optionalWebLink = clearable(webLink);

/** A KPP as written (capital letters). */
export const kpp = trimmed(9).toUpperCase();

/** The fields the cross-field rules look at; absent ones are not checked. */
export interface AddressTaxFields {
  country?: string | null;
  post_code?: string | null;
  tax_number?: string | null;
  kpp?: string | null;
}

/**
 * Cross-field rules of a record with an address and a tax number: a post code in the GB and EU custom regions; in
 * Russia the tax number is an INN of 10 or 12 digits and a KPP needs a 10-digit INN. Answers field -> messages.
 */
export function addressTaxIssues(
  values: AddressTaxFields,
  options: { postCode?: boolean } = {},
): Record<string, Message[]> {
  const out: Record<string, Message[]> = {};
  const add = (field: string, issue: RuleMessageKey | 'invalid format') => {
    out[field] = [...(out[field] ?? []), { key: keyOf(issue), params: {} }];
  };
  if ((options.postCode ?? true) && postCodeRequired(values.country) && !values.post_code) {
    add('post_code', 'postCodeRequired');
  }
  const country = values.country?.toUpperCase();
  if (country && INN_COUNTRIES.includes(country) && values.tax_number) {
    const issue = innIssue(values.tax_number);
    if (issue) add('tax_number', issue);
  }
  if (values.kpp) {
    const issue = kppIssue(values.kpp, values.tax_number);
    if (issue) add('kpp', issue);
  }
  return out;
}

function addIssues(issues: Record<string, Message[]>, ctx: z.RefinementCtx): void {
  for (const [field, messages] of Object.entries(issues)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message: msg(message.key) });
  }
}

/** The cross-field rules as a zod refinement of an object schema with an address. */
export function refineAddressTax(value: AddressTaxFields, ctx: z.RefinementCtx): void {
  addIssues(addressTaxIssues(value), ctx);
}

/** The tax-number rules alone, for records without a post code (agreements). */
export function refineTaxNumber(value: AddressTaxFields, ctx: z.RefinementCtx): void {
  addIssues(addressTaxIssues(value, { postCode: false }), ctx);
}
