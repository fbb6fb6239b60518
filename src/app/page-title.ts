import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { messagesFor, type Messages } from "@/i18n/catalogue/catalogue";
import { LOCALE_COOKIE, requestLocale, type Locale } from "@/i18n/catalogue/locales";

/** The request's language, as the root layout reads it: the person's choice (cookie), else the browser's. */
export async function pageLocale(): Promise<Locale> {
  return requestLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** A page's `generateMetadata`: its `<title>` in the request's language (`titles` texts). */
export function titled(key: keyof Messages["titles"]): () => Promise<Metadata> {
  return async () => ({ title: messagesFor(await pageLocale()).titles[key] });
}
