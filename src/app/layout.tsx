import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/dashboard/providers";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Payroute", template: "%s · Payroute" } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
