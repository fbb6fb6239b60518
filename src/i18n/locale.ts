/**
 * The request's language. The edge (and the tRPC handler) runs each request inside `withLocale`,
 * so that zod and domain errors are written in the caller's language without threading it through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { en, sv, type MessageKey } from "./messages";
import { qualityValues } from "./quality-values";

export const LOCALES = ["en", "sv"] as const;
export type Locale = (typeof LOCALES)[number];

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, sv };
const storage = new AsyncLocalStorage<Locale>();

export function withLocale<T>(locale: Locale, fn: () => T): T {
  return storage.run(locale, fn);
}

export function currentLocale(): Locale {
  return storage.getStore() ?? "en";
}

export type MessageParams = Record<string, string | number>;

export function t(key: MessageKey, params?: MessageParams, locale: Locale = currentLocale()): string {
  const template = catalogues[locale][key];
  return params ? template.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : template;
}

/** Picks English or Swedish from an Accept-Language header, honouring q-values; English by default. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return "en";
  let best: Locale = "en";
  let bestQ = 0;
  for (const { value: tag, q } of qualityValues(header)) {
    const lang = tag.split("-")[0];
    const match = LOCALES.find((l) => l === lang) ?? (tag === "*" ? "en" : undefined);
    if (match && Number.isFinite(q) && q > bestQ) {
      best = match;
      bestQ = q;
    }
  }
  return best;
}
