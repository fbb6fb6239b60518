"use client";

import type { ReactNode } from "react";
import { IntlProvider as UseIntlProvider } from "use-intl";
import type { Messages } from "@/i18n/catalogue/catalogue";
import type { Locale } from "@/i18n/catalogue/locales";
import "@/i18n/catalogue/use-intl-config";

/**
 * use-intl's provider with the page's language and its texts. Dates are shown in the reader's own time zone
 * (the browser's), as before; the server renders them in its zone and the browser corrects them.
 */
export function IntlProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return (
    <UseIntlProvider locale={locale} messages={messages} timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}>
      {children}
    </UseIntlProvider>
  );
}
