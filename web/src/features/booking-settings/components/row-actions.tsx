/** A kg or m3 amount as the lists show it: up to three decimals, no trailing zeros. */
export function amount(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(Math.round(value * 1000) / 1000);
}
