/** List filters typed as free text: airport and carrier codes go to the server upper-cased, as its schemas expect. */
export function upperCodes(
  query: Record<string, string | number>,
  keys: readonly string[],
): Record<string, string | number> {
  const out = { ...query };
  for (const key of keys) {
    const value = out[key];
    if (typeof value === 'string') out[key] = value.trim().toUpperCase();
  }
  return out;
}
