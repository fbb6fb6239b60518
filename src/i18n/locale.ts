/**
 * The request's language. The edge (and the tRPC handler) runs each request inside `withLocale`,
 * so that zod and domain errors are written in the caller's language without threading it through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerMessages } from "./catalogue/catalogue";
import type { Locale } from "./catalogue/locales";
import { serverTexts } from "./server-texts";

export { LOCALES, negotiateLocale, type Locale } from "./catalogue/locales";

const storage = new AsyncLocalStorage<Locale>();

export function withLocale<T>(locale: Locale, fn: () => T): T {
  return storage.run(locale, fn);
}

export function currentLocale(): Locale {
  return storage.getStore() ?? "en";
}

export type MessageParams = Record<string, string | number>;

/** An API message's key (the catalogue's `apiErrors`). */
export type ApiErrorKey = keyof ServerMessages["apiErrors"];

/** The API message `key`, in the request's language unless `locale` is given. */
export function t(key: ApiErrorKey, params?: MessageParams, locale: Locale = currentLocale()): string {
  return serverTexts(locale)(`apiErrors.${key}`, params);
}
