/**
 * The one frame of every email: the sender's name (and logo) on top, the message in a card, and a footer that says
 * who sent it, why the reader gets it, and what Payroute never asks for. Inline styles and tables only, as email
 * clients need; light colours stated on every element, so a client's dark mode inverts them evenly instead of
 * leaving dark text on a dark background; the content column is at most 560 px and shrinks with the screen.
 */
import type { ReactNode } from "react";
// The component packages one by one: @react-email/components also loads its Tailwind compiler (seconds and
// megabytes at start), which no email here uses. They are its own dependencies, at its pinned versions.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { COLORS, FONT } from "./email-style";

/** Who the email is from, as the reader knows them: the employer (an Integration), the account, or none (Payroute). */
export interface Brand {
  name: string;
  /** An absolute URL of the Integration's logo, when it has one. */
  logoUrl: string | null;
}

export interface EmailLayoutProps {
  locale: Locale;
  /** The line an inbox shows after the subject. */
  preview: string;
  brand: Brand | null;
  /** The footer's lines: who sent it and why the reader gets it. */
  footer: string[];
  /** The host the email's links go to, named in the safety line. */
  host: string;
  children: ReactNode;
}

export function EmailLayout({ locale, preview, brand, footer, host, children }: EmailLayoutProps) {
  const t = serverTexts(locale);
  const name = brand?.name ?? t("emails.layout.payroute");
  return (
    <Html lang={locale}>
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: "24px 0", backgroundColor: COLORS.page, fontFamily: FONT }}>
        <Container style={{ maxWidth: 560, width: "100%", margin: "0 auto", padding: "0 12px" }}>
          <Section style={{ backgroundColor: COLORS.brand, borderRadius: "8px 8px 0 0", padding: "16px 24px" }}>
            {brand?.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={t("emails.layout.logoAlt", { name })}
                height={40}
                style={{ maxHeight: 40, maxWidth: 200, height: 40, width: "auto", marginBottom: 8, backgroundColor: COLORS.card, borderRadius: 4, padding: 4 }}
              />
            ) : null}
            <Text style={{ margin: 0, color: COLORS.onBrand, fontSize: 20, lineHeight: "28px", fontWeight: 700 }}>{name}</Text>
          </Section>
          <Section style={{ backgroundColor: COLORS.card, borderRadius: "0 0 8px 8px", padding: "8px 24px 24px", color: COLORS.text }}>{children}</Section>
          <Section style={{ padding: "8px 24px" }}>
            {footer.map((line) => (
              <Text key={line} style={{ margin: "8px 0", color: COLORS.muted, fontSize: 13, lineHeight: "20px" }}>
                {line}
              </Text>
            ))}
            <Hr style={{ borderColor: COLORS.rule, margin: "12px 0" }} />
            <Text style={{ margin: "8px 0", color: COLORS.muted, fontSize: 12, lineHeight: "18px" }}>{t("emails.layout.safety", { host })}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
