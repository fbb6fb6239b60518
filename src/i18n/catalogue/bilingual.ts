/**
 * A namespace of texts in every language, written once: each text is a pair in the order of LOCALES,
 * `title: ["Payouts", "Utbetalningar"]`, so the two languages of a text stand side by side and the compiler
 * refuses a text that lacks one of them. `bilingual` turns the tree into one tree of strings per language.
 */
import type { Locale, LOCALES } from "./locales";

/** One text in every language (ICU messages: `{name}`, `{count, plural, one {# row} other {# rows}}`). */
export type Texts = StringPer<typeof LOCALES>;
type StringPer<L extends readonly unknown[]> = { readonly [I in keyof L]: string };

/** Texts nested by topic. */
export interface TextsTree {
  readonly [key: string]: Texts | TextsTree;
}

/** A language's texts: the keys of `T`, a string at each leaf. */
export type TextsIn<T> = { [K in keyof T]: T[K] extends Texts ? string : TextsIn<T[K]> };

export type Bilingual<T extends TextsTree> = Record<Locale, TextsIn<T>>;

export function bilingual<const T extends TextsTree>(texts: T): Bilingual<T> {
  return { en: textsIn(texts, 0), sv: textsIn(texts, 1) };
}

function isTexts(node: Texts | TextsTree): node is Texts {
  return Array.isArray(node);
}

/** The tree of the language at `index` in LOCALES. (An overload: TypeScript cannot follow a key-by-key rebuild.) */
function textsIn<T extends TextsTree>(tree: T, index: 0 | 1): TextsIn<T>;
function textsIn(tree: TextsTree, index: 0 | 1): { [key: string]: unknown } {
  return Object.fromEntries(Object.entries(tree).map(([key, node]) => [key, isTexts(node) ? node[index] : textsIn(node, index)]));
}

/** A language's texts as `[path, text]`, each path as use-intl names the text (`"nav.payouts"`). */
export function textEntries(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]): [string, string][] => {
    if (typeof value === "string") return [[`${prefix}${key}`, value]];
    return typeof value === "object" && value !== null ? textEntries(value, `${prefix}${key}.`) : [];
  });
}
