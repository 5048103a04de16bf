import type { en } from './en';

// Plural forms differ between languages (Russian has _few and _many), so extra keys are allowed.
type Stringify<T> = { [K in keyof T]: T[K] extends string ? string : Stringify<T[K]> } & { [extra: string]: unknown };
type Partialise<T> = { [K in keyof T]?: T[K] extends string ? string : Partialise<T[K]> };

/** Every key of the English resources, each with a string: Russian must be complete. */
export type Translation = Stringify<typeof en>;
export type PartialTranslation = Partialise<typeof en>;
