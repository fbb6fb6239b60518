import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/dashboard/providers";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Payroute", template: "%s · Payroute" } };

/**
 * Every page is rendered per request: Next.js puts the request's CSP nonce (src/http/security-headers.ts) on
 * its scripts only when it renders; a page prerendered at build time would carry none, and not run.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
