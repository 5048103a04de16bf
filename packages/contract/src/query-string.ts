import { parse, stringify } from 'qs';

/**
 * The one query-string codec of server and web (seed 001 section 7 calls): arrays in brackets (`ids[]=3&ids[]=4`),
 * objects as `f[x]=1`, dates as ISO 8601; null, undefined and empty values are left out. A key given twice without
 * brackets keeps its last value.
 */
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

/** Parsed query values: text, lists of text and (for `f[x]=`) objects of them. */
export type ParsedQueryValue = string | ParsedQueryValue[] | { [key: string]: ParsedQueryValue };

/** At most this many parameters are read from one query string, and a list holds at most this many items. */
export const QUERY_PARAMETER_LIMIT = 1000;

export function toQueryString(params: QueryParams | null | undefined): string {
  if (!params) return '';
  return stringify(params, {
    arrayFormat: 'brackets',
    encodeValuesOnly: true,
    skipNulls: true,
    filter: (_prefix, value: unknown) => (value === '' ? undefined : value),
  });
}

export function parseQueryString(text: string): Record<string, ParsedQueryValue> {
  return parse(text.startsWith('?') ? text.slice(1) : text, {
    arrayLimit: QUERY_PARAMETER_LIMIT,
    parameterLimit: QUERY_PARAMETER_LIMIT,
    depth: 2,
    duplicates: 'last',
    allowPrototypes: false,
    plainObjects: true,
    strictDepth: false,
  }) as Record<string, ParsedQueryValue>;
}
