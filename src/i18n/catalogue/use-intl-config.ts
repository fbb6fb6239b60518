/** use-intl's types: `useTranslations` and `createTranslator` accept only this catalogue's namespaces and keys. */
import type { Messages } from "./catalogue";
import type { Locale } from "./locales";

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
