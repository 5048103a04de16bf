/**
 * Air waybill numbers (domain primer section 1): `PPP-SSSSSSSC`, a 3-digit airline prefix, a 7-digit serial and a check
 * digit equal to the serial (as an integer) mod 7, so always 0 to 6. The one implementation: the server, the web and
 * the message library (`@aircargo/cargo-messages`) all use it.
 */

/** The written form: prefix, then an optional hyphen or blank, then serial and check digit. */
export const AWB_PATTERN = /^(\d{3})[- ]?(\d{7})(\d)$/;

export interface AwbNumber {
  prefix: string;
  /** The 7-digit serial, leading zeros kept. */
  serial: string;
  checkDigit: number;
}

/** Check digit of a serial of up to 7 digits (a string of digits or a non-negative integer): serial mod 7. */
export function awbCheckDigit(serial: string | number): number {
  const digits = typeof serial === 'number' ? String(serial) : serial;
  if (!/^\d{1,7}$/.test(digits)) throw new RangeError(`AWB serial must be up to 7 digits: ${digits}`);
  return Number(digits) % 7;
}

/** Parses `PPP-SSSSSSSC` (hyphen or blank optional); null when the form or the check digit is wrong. */
export function parseAwb(text: string): AwbNumber | null {
  const match = AWB_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, prefix = '', serial = '', check = ''] = match;
  const checkDigit = Number(check);
  if (awbCheckDigit(serial) !== checkDigit) return null;
  return { prefix, serial, checkDigit };
}

/** True when the text is a well-formed AWB number whose check digit matches. */
export function isValidAwb(text: string): boolean {
  return parseAwb(text) !== null;
}

/**
 * Formats `PPP-SSSSSSSC`. A serial given as a number or as 7 digits gets its check digit computed; 8 digits are taken as
 * serial plus check digit, which must match. Throws RangeError on a malformed prefix or serial.
 */
export function formatAwb(prefix: string, serial: string | number): string {
  if (!/^\d{3}$/.test(prefix)) throw new RangeError(`AWB prefix must be 3 digits: ${prefix}`);
  if (typeof serial === 'number') {
    if (!Number.isInteger(serial) || serial < 0 || serial > 9_999_999) {
      throw new RangeError(`AWB serial must be an integer from 0 to 9999999: ${serial}`);
    }
    const body = String(serial).padStart(7, '0');
    return `${prefix}-${body}${awbCheckDigit(body)}`;
  }
  if (/^\d{7}$/.test(serial)) return `${prefix}-${serial}${awbCheckDigit(serial)}`;
  if (/^\d{8}$/.test(serial)) {
    const expected = awbCheckDigit(serial.slice(0, 7));
    if (Number(serial[7]) !== expected) {
      throw new RangeError(`AWB check digit of ${prefix}-${serial} should be ${expected} (serial mod 7)`);
    }
    return `${prefix}-${serial}`;
  }
  throw new RangeError(`AWB serial must be 7 or 8 digits: ${serial}`);
}

/** Why a blank number was refused: not 7 digits (plus an optional check digit), or a check digit that does not match. */
export type BlankError = 'invalidBlankNumber' | 'invalidControlBit';

/**
 * Reads a blank number of an AWB stock: the 7-digit serial, or the serial followed by its check digit (8 digits). Gives
 * the serial as an integer, or why it is refused ("invalid blank number", "invalid control bit" of seed 001 section 5).
 */
export function parseBlank(text: string): { serial: number } | { error: BlankError } {
  const digits = text.trim();
  if (!/^\d{7,8}$/.test(digits)) return { error: 'invalidBlankNumber' };
  const serial = digits.slice(0, 7);
  if (digits.length === 8 && Number(digits[7]) !== awbCheckDigit(serial)) return { error: 'invalidControlBit' };
  return { serial: Number(serial) };
}
