/**
 * Air waybill numbers: `PPP-SSSSSSSC`, airline prefix, 7-digit serial and a check digit
 * equal to the serial (as an integer) mod 7.
 */

export interface AwbParts {
  prefix: string;
  serial: string;
  checkDigit: number;
}

const AWB_RE = /^(\d{3})[- ]?(\d{7})(\d)$/;

/** Check digit of a 7-digit serial: serial mod 7 (always 0..6). */
export function awbCheckDigit(serial: string | number): number {
  const s = typeof serial === 'number' ? String(serial) : serial;
  if (!/^\d{1,7}$/.test(s)) throw new RangeError(`AWB serial must be up to 7 digits: ${s}`);
  return Number(s) % 7;
}

/** Splits `PPP-SSSSSSSC` (hyphen or space optional); null when the shape is wrong. */
export function parseAwb(text: string): AwbParts | null {
  const m = AWB_RE.exec(text.trim());
  if (!m) return null;
  return { prefix: m[1] ?? '', serial: m[2] ?? '', checkDigit: Number(m[3]) };
}

/** True when the text is a well-formed AWB number whose check digit matches. */
export function isValidAwb(text: string): boolean {
  const p = parseAwb(text);
  return p !== null && awbCheckDigit(p.serial) === p.checkDigit;
}

/** Formats `PPP-SSSSSSSC`; with a 7-digit serial the check digit is computed. */
export function formatAwb(prefix: string, serial: string): string {
  if (!/^\d{3}$/.test(prefix)) throw new RangeError(`AWB prefix must be 3 digits: ${prefix}`);
  if (/^\d{7}$/.test(serial)) return `${prefix}-${serial}${awbCheckDigit(serial)}`;
  if (/^\d{8}$/.test(serial)) return `${prefix}-${serial}`;
  throw new RangeError(`AWB serial must be 7 or 8 digits: ${serial}`);
}
