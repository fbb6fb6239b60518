/**
 * The request's language. The edge (and the tRPC handler) runs each request inside `withLocale`,
 * so that zod and domain errors are written in the caller's language without threading it through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { en, sv, type MessageKey } from "./messages";
import type { Locale } from "./catalogue/locales";

export { LOCALES, negotiateLocale, type Locale } from "./catalogue/locales";

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
