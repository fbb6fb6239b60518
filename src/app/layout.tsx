import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/dashboard/providers";
import { messagesFor } from "@/i18n/catalogue/catalogue";
import { pageLocale } from "./page-title";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Payroute", template: "%s · Payroute" } };

/**
 * Every page is rendered per request: Next.js puts the request's CSP nonce (src/http/security-headers.ts) on
 * its scripts only when it renders; a page prerendered at build time would carry none, and not run.
 * The language is the person's choice (a cookie), else the browser's; only that language's texts are sent.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await pageLocale();
  return (
    <html lang={locale}>
      <body>
        <Providers locale={locale} messages={messagesFor(locale)}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
