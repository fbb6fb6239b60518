/** Each email from fixed inputs, by name: the snapshot tests and the screenshot script render these. */
import type { Locale } from "@/i18n/catalogue/locales";
import type { EmailContent } from "@/domain/notifications/emails/email-content";
import { invitationEmail } from "@/domain/notifications/emails/invitation-email";
import { invoiceEmail } from "@/domain/notifications/emails/invoice-email";
import { passwordResetEmail } from "@/domain/notifications/emails/password-reset-email";
import { payoutEmail } from "@/domain/notifications/emails/payout-email";
import { signInLinkEmail } from "@/domain/notifications/emails/sign-in-link-email";
import { bankChangedEmail } from "@/domain/notifications/emails/bank-changed-email";
import { teamInvitationEmail } from "@/domain/notifications/emails/team-invitation-email";
import { webhookAlertEmail } from "@/domain/notifications/emails/webhook-alert-email";
import { documentFormat } from "@/i18n/document-format";

const ORIGIN = "https://pay.example.com";
const logoUrl = `${ORIGIN}/media/0b7c1f0e-5d1e-4f8a-9a51-6c2f4e0d9b11/bygg-logo.png`;
const employer = { name: "Bygg & Måleri AB", logoUrl };
const TOKEN = "Xq3vR8nT2kLp9sYw4zBc7dFg1hJm6NoPa5eUi0tQrS8";

export const EMAIL_FIXTURES: Record<string, (locale: Locale) => Promise<EmailContent>> = {
  invitation: (locale) => invitationEmail({ locale, employer, name: "Åsa Öberg", link: `${ORIGIN}/e/claim#token=${TOKEN}`, code: "59L4QSWK" }),
  invitationHostile: (locale) =>
    invitationEmail({
      locale,
      employer: { name: "<script>alert(1)</script>", logoUrl: null },
      name: '"><img src=x>',
      link: `${ORIGIN}/e/claim#token=${TOKEN}`,
      code: "X",
    }),
  signInLink: (locale) =>
    signInLinkEmail({ locale, employer: { name: "Bygg & Måleri AB", logoUrl: null }, name: "Åsa Öberg", link: `${ORIGIN}/e/claim#token=${TOKEN}` }),
  bankChanged: (locale) => bankChangedEmail({ locale, employer, name: "Åsa Öberg", bank: "SEB", link: `${ORIGIN}/e` }),
  payout: (locale) =>
    payoutEmail({ locale, employer, name: "Åsa Öberg", amount: "1500.50", currency: "SEK", description: "Catering, 12 June", link: `${ORIGIN}/e` }),
  invoice: (locale) =>
    invoiceEmail({
      locale,
      seller: "Payroute AB",
      recipient: "Nordvik ApS",
      number: "2026-000123",
      total: documentFormat(locale).money("21992.34", "SEK"),
      due: documentFormat(locale).day("2026-12-12"),
      ocr: "123456789012",
      link: `${ORIGIN}/invoices/inv_7d1a2b3c4d5e6f708192a3b4c5d6e7f8`,
      prepayment: false,
    }),
  invoicePrepayment: (locale) =>
    invoiceEmail({
      locale,
      seller: "Payroute AB",
      recipient: "Nordvik ApS",
      number: "2026-000124",
      total: documentFormat(locale).money("50000.00", "SEK"),
      due: documentFormat(locale).day("2026-12-12"),
      ocr: "123456789028",
      link: `${ORIGIN}/invoices/inv_8e2b3c4d5e6f708192a3b4c5d6e7f809`,
      prepayment: true,
    }),
  teamInvitation: (locale) => teamInvitationEmail({ locale, inviter: "Maja Lind", account: "Nordvik ApS", link: `${ORIGIN}/invitation#token=${TOKEN}` }),
  passwordReset: (locale) => passwordResetEmail({ locale, name: "Maja Lind", link: `${ORIGIN}/reset-password/${TOKEN}?callbackURL=%2Freset-password` }),
  webhookFailing: (locale) =>
    webhookAlertEmail({
      locale,
      notice: "failing",
      id: "wh_3f9a1c2e4b5d6f708192a3b4",
      url: "https://hooks.nordvik.example/payroute/events?source=payroute&tenant=nordvik-production",
      environment: "live",
      since: "2026-11-27 08:15 UTC",
      disabledAt: "2026-11-30 08:15 UTC",
      link: `${ORIGIN}/webhooks/wh_3f9a1c2e4b5d6f708192a3b4`,
    }),
  webhookDisabled: (locale) =>
    webhookAlertEmail({
      locale,
      notice: "disabled",
      id: "wh_3f9a1c2e4b5d6f708192a3b4",
      url: "https://hooks.nordvik.example/payroute/events",
      environment: "demo",
      since: "2026-11-27 08:15 UTC",
      disabledAt: "2026-11-30 08:15 UTC",
      link: `${ORIGIN}/webhooks/wh_3f9a1c2e4b5d6f708192a3b4`,
    }),
};
