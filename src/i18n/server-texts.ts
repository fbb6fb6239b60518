/**
 * The texts the server writes (API errors, emails, the `/v2/` HTML views, the invoice PDF), formatted by use-intl
 * from the catalogue's server namespaces. One translator per language, made once: API errors are written on the
 * request path, and a translator keeps each message it has parsed.
 */
import { createTranslator, type MessageKeys, type NestedKeyOf } from "use-intl";
import { textEntries } from "./catalogue/bilingual";
import { serverMessagesFor, type ServerMessages } from "./catalogue/catalogue";
import type { Locale } from "./catalogue/locales";

/** A text's key with its namespace, such as `"emails.invitation.subject"`. */
export type ServerTextKey = MessageKeys<ServerMessages, NestedKeyOf<ServerMessages>>;

const translatorFor = (locale: Locale) => createTranslator({ locale, messages: serverMessagesFor(locale) });
const translators: Record<Locale, ReturnType<typeof translatorFor>> = { en: translatorFor("en"), sv: translatorFor("sv") };

/** The server's translator in `locale`: `serverTexts("sv")("apiViews.docs")`. */
export function serverTexts(locale: Locale): ReturnType<typeof translatorFor> {
  return translators[locale];
}

const keys = new Set(textEntries(serverMessagesFor("en")).map(([path]) => path));

/** Whether `path`, made at run time (from a procedure's path, say), names a text. */
export function isServerTextKey(path: string): path is ServerTextKey {
  return keys.has(path);
}
