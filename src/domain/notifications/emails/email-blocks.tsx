/** The parts of an email's card: its text as paragraphs with the link as a button, and a table of facts. */
import { Fragment, type ReactNode } from "react";
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { COLORS } from "./email-style";

// Long URLs and identifiers wrap instead of widening the email past a phone's screen.
const WRAP = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;
const PARAGRAPH = { fontSize: 16, lineHeight: "24px", margin: "16px 0", color: COLORS.text, ...WRAP } as const;

/**
 * The email's plain text, shown as it reads in the text part: a paragraph per blank line, line breaks kept; the
 * paragraph that is the link becomes the button, with the link written out below it for clients that hide buttons.
 * `facts` stand after the greeting.
 */
export function MessageText({ locale, text, link, button, facts }: { locale: Locale; text: string; link: string; button: string; facts?: ReactNode }) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <Fragment key={i}>
          {i === 1 ? facts : null}
          {paragraph === link ? (
            <Section style={{ margin: "24px 0" }}>
              <Button
                href={link}
                style={{
                  backgroundColor: COLORS.button,
                  color: COLORS.onButton,
                  borderRadius: 6,
                  padding: "12px 20px",
                  fontSize: 16,
                  lineHeight: "24px",
                  fontWeight: 600,
                  textDecoration: "none",
                  display: "inline-block",
                }}
              >
                {button}
              </Button>
              <Text style={{ fontSize: 13, lineHeight: "20px", margin: "16px 0 0", color: COLORS.muted, ...WRAP }}>
                {serverTexts(locale)("emails.layout.linkFallback")}{" "}
                <Link href={link} style={{ color: COLORS.link, textDecoration: "underline", ...WRAP }}>
                  {link}
                </Link>
              </Text>
            </Section>
          ) : (
            <Text style={PARAGRAPH}>
              {paragraph.split("\n").map((line, j) => (
                <Fragment key={j}>
                  {j > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </Text>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** What the email is about at a glance (an amount, an invoice's number and due date): label and value per row. */
export function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Section style={{ backgroundColor: COLORS.factsBg, borderRadius: 6, padding: "8px 16px", margin: "16px 0" }}>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td style={{ padding: "6px 12px 6px 0", color: COLORS.muted, fontSize: 14, lineHeight: "20px", verticalAlign: "top", width: "45%" }}>{label}</td>
              <td style={{ padding: "6px 0", color: COLORS.text, fontSize: 14, lineHeight: "20px", fontWeight: 600, textAlign: "right", ...WRAP }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
