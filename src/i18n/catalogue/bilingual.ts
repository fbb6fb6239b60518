/**
 * A namespace of texts in every language, English first. The compiler checks that Swedish has exactly
 * English's keys (nested too), so a text cannot be missing in one language.
 */
import type { Locale } from "./locales";

/** Texts: strings (ICU messages: `{name}`, `{count, plural, one {# row} other {# rows}}`), nested by topic. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** The same keys as `T`, any strings. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export type Bilingual<T extends TextTree> = { en: T } & Record<Exclude<Locale, "en">, SameKeys<T>>;

export function bilingual<const T extends TextTree>(en: T, sv: SameKeys<T>): Bilingual<T> {
  return { en, sv };
}
