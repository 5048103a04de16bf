import { CONTACT_NUMBER_MAX_DIGITS } from './constants';

/**
 * The validation rules of seed 001 section 5 that records of companies, users, agreements and airline settings share,
 * as pure functions. The contract's zod schemas wrap them (packages/contract/src/rules.ts), so server and web forms
 * apply the same rule and show the same message.
 */

/** The English texts of the rules' messages; the web translates them by these keys (validation.<key>). */
export const RULE_MESSAGES = {
  contactNumber: `Contact number must be under ${CONTACT_NUMBER_MAX_DIGITS + 1} digits`,
  innLength: 'Invalid INN length',
  innKppExists: 'INN/KPP pair already exists',
  kppFormat: 'KPP must be 9 characters: 4 digits, 2 digits or letters, 3 digits',
  kppWithoutInn: 'KPP needs a 10-digit INN',
  latinOnly: 'Latin only',
  postCodeRequired: 'Post code is required for the custom regions GB and EU',
  hostnameTooLong: 'Hostname must be at most 253 bytes',
  hostnameLabel: 'Each hostname label must be 1 to 63 bytes',
  hostnameStrict:
    'Hostname may hold letters, digits and hyphens only; a label may not start or end with a hyphen; the last label may not be all digits',
  webLink: 'Web link must be an http or https address or a host name',
} as const;
export type RuleMessageKey = keyof typeof RULE_MESSAGES;

const utf8 = new TextEncoder();
const byteLength = (value: string) => utf8.encode(value).length;

/** Digits in a phone number as people write it ("+7 (495) 123-45-67" has 11). */
export function contactDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** A contact number: digits with the usual separators, fewer than 25 digits. */
export function contactNumberIssue(value: string): RuleMessageKey | 'invalid format' | null {
  if (!/^\+?[\d\s().-]*$/.test(value)) return 'invalid format';
  return contactDigits(value) > CONTACT_NUMBER_MAX_DIGITS ? 'contactNumber' : null;
}

/** Latin script only: Latin letters (accented ones too), digits, punctuation, symbols and spaces; no Cyrillic. */
export function isLatin(value: string): boolean {
  return /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}\s]*$/u.test(value);
}

/** IPv4 in dotted-quad form; inputs longer than 15 characters are not taken as IPv4 (seed 001 section 5). */
export function isIpv4(value: string): boolean {
  if (value.length > 15) return false;
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && !/^0\d/.test(p));
}

/** IPv6 in its textual forms (with `::`, with an IPv4 tail); inputs longer than 45 characters are not taken as IPv6. */
export function isIpv6(value: string): boolean {
  if (value.length > 45 || !value.includes(':')) return false;
  let text = value;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    // The IPv4 tail stands for two groups.
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const all = [...head, ...rest];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}

/**
 * Hostname rules of seed 001 section 5: at most 253 bytes, each label 1 to 63 bytes; strict mode allows letters,
 * digits and hyphens only, no label starting or ending with a hyphen, and a last label that is not all digits.
 * IPv4 (up to 15 characters) and IPv6 (up to 45) addresses are recognised and accepted as they are.
 * Returns the first broken rule, or null.
 */
export function hostnameIssue(
  value: string,
  options: { strict?: boolean; allowIp?: boolean } = {},
): RuleMessageKey | null {
  const strict = options.strict ?? true;
  if ((options.allowIp ?? true) && (isIpv4(value) || isIpv6(value))) return null;
  if (byteLength(value) > 253) return 'hostnameTooLong';
  // One trailing dot (the fully qualified form) is allowed.
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const labels = name.split('.');
  if (labels.some((l) => byteLength(l) < 1 || byteLength(l) > 63)) return 'hostnameLabel';
  if (strict) {
    if (labels.some((l) => !/^[A-Za-z0-9-]+$/.test(l) || l.startsWith('-') || l.endsWith('-'))) return 'hostnameStrict';
    if (/^\d+$/.test(labels[labels.length - 1]!)) return 'hostnameStrict';
  }
  return null;
}

/**
 * A web link: `http(s)://host[:port][/path...]` or a bare host; the host follows the hostname rules (an IPv6 host in
 * brackets).
 */
export function webLinkIssue(value: string): RuleMessageKey | null {
  const match =
    /^(?:(?<scheme>[A-Za-z][A-Za-z0-9+.-]*):\/\/)?(?<host>\[[^\]]*\]|[^/?#:]*)(?::(?<port>\d{1,5}))?(?<rest>[/?#].*)?$/s.exec(
      value,
    );
  if (!match?.groups) return 'webLink';
  const { scheme, host = '', port } = match.groups;
  if (scheme && !/^https?$/i.test(scheme)) return 'webLink';
  if (port !== undefined && Number(port) > 65535) return 'webLink';
  if (/\s/.test(value)) return 'webLink';
  if (host.startsWith('[')) return isIpv6(host.slice(1, -1)) ? null : 'webLink';
  if (host === '') return 'webLink';
  return hostnameIssue(host);
}

/** Russian taxpayer number (INN): 10 digits for an organisation, 12 for an individual. */
export function innIssue(inn: string): RuleMessageKey | 'invalid format' | null {
  if (!/^\d+$/.test(inn)) return 'invalid format';
  return inn.length === 10 || inn.length === 12 ? null : 'innLength';
}

/** Russian tax registration reason code (KPP): 4 digits, 2 digits or capital letters, 3 digits; only with a 10-digit INN. */
export function kppIssue(kpp: string, inn: string | null | undefined): RuleMessageKey | null {
  if (!/^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp)) return 'kppFormat';
  if (!inn || !/^\d{10}$/.test(inn)) return 'kppWithoutInn';
  return null;
}

/** Countries whose tax numbers are INNs. */
export const INN_COUNTRIES: readonly string[] = ['RU'];
