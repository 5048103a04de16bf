export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

function scalar(value: string | number | boolean | Date): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function append(parts: string[], key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) append(parts, `${key}[]`, item);
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [child, item] of Object.entries(value)) append(parts, `${key}[${encodeURIComponent(child)}]`, item);
    return;
  }
  parts.push(`${key}=${encodeURIComponent(scalar(value as string | number | boolean | Date))}`);
}

/** Bracket-style query string: arrays as `a[]=1&a[]=2`, objects as `f[x]=1`; empty values are left out. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) append(parts, encodeURIComponent(key), value);
  return parts.join('&');
}
