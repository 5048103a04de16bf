/** AWB number rules of the domain primer section 1: `PPP-SSSSSSSC`, C = serial mod 7. */
export const AWB_PATTERN = /^(\d{3})-?(\d{7})(\d)$/;

export function awbCheckDigit(serial: number): number {
  return serial % 7;
}

export interface AwbNumber {
  prefix: string;
  serial: string;
  checkDigit: number;
}

/** Parses `PPP-SSSSSSSC` (the hyphen optional); null when the form or the check digit is wrong. */
export function parseAwb(text: string): AwbNumber | null {
  const match = AWB_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, prefix, serial, check] = match as unknown as [string, string, string, string];
  const checkDigit = Number(check);
  if (awbCheckDigit(Number(serial)) !== checkDigit) return null;
  return { prefix, serial, checkDigit };
}

export function formatAwb(prefix: string, serial: number): string {
  const body = String(serial).padStart(7, '0');
  return `${prefix}-${body}${awbCheckDigit(serial)}`;
}
