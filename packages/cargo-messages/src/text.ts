/** Control characters (other than tab, LF and CR) never belong in a telegram. */
function isControl(c: number): boolean {
  return (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127;
}

/** Removes control characters except tab, LF and CR. */
export function stripControl(s: string): string {
  let i = 0;
  while (i < s.length && !isControl(s.charCodeAt(i))) i++;
  if (i === s.length) return s;
  let out = s.slice(0, i);
  for (; i < s.length; i++) {
    if (!isControl(s.charCodeAt(i))) out += s[i];
  }
  return out;
}

type ArrayKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[] ? K : never }[keyof T];
type Item<T, K extends keyof T> = NonNullable<T[K]> extends readonly (infer U)[] ? U : never;

/** Appends to an optional array property, creating the array on first use. */
export function append<T extends object, K extends ArrayKeys<T>>(obj: T, key: K, ...items: Item<T, K>[]): void {
  const current = obj[key] as unknown as Item<T, K>[] | undefined;
  if (current) current.push(...items);
  else (obj as Record<K, unknown>)[key] = items;
}
