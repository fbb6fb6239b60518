// Moving the server's texts from `src/i18n/messages.ts` into the use-intl catalogue (issue 23) changed none of them.
// server-texts-as-before.json holds each text as the old `t()` wrote it, in both languages, with sample values that
// ICU could misread (apostrophes, braces, `#`, tags, numbers), and each /v2/ view's title as the view showed it. It
// was made from the old file before that went, and is not to be regenerated: a changed text changes it by hand.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { textEntries } from "@/i18n/catalogue/bilingual";
import { serverMessagesFor } from "@/i18n/catalogue/catalogue";
import { t } from "@/i18n/locale";
import { isServerTextKey, serverTexts } from "@/i18n/server-texts";
import asBefore from "./server-texts-as-before.json";

const before = z
  .array(z.object({ path: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(), en: z.string(), sv: z.string() }))
  .parse(asBefore);

describe("the server's texts, as before the one catalogue", () => {
  it.each(before)("$path", ({ path, params, en, sv }) => {
    expect(isServerTextKey(path)).toBe(true);
    if (!isServerTextKey(path)) return;
    expect(serverTexts("en")(path, params ?? undefined)).toBe(en);
    expect(serverTexts("sv")(path, params ?? undefined)).toBe(sv);
  });

  // Texts added since the move: the invoice PDF's, and what the HTML emails add to their plain texts (issue 28).
  const addedSince = [
    "invoicePdf.",
    "emails.layout.",
    "emails.facts.",
    "emails.payout.button",
    "emails.invoice.button",
    // The claim's identity and bank details (issue 28) and the events' redelivery (issue 24).
    "emails.bankChanged.",
    "apiErrors.account_number_",
    "apiErrors.bank_change_needs_fresh_link",
    "apiErrors.claim_details_",
    "apiErrors.clearing_number_invalid",
    "apiErrors.identity_number_",
    "apiErrors.postal_code_invalid",
    "apiErrors.redeliver_failed_too_many",
    "apiErrors.webhook_not_subscribed",
    // The demo clock (issue 25) and the team's roles (issue 27).
    "apiErrors.demo_clock_too_far",
    "apiErrors.team_role_self",
    // Resetting a member's lost two-factor sign-in (issue 27).
    "apiErrors.team_two_factor_",
    "apiViewTitles.testHelpers.advanceClock",
    "apiViewTitles.testHelpers.clock",
    "apiViewTitles.webhookDeliveries.redeliverFailed",
    // The CSV import's columns, template and row messages (issue 26).
    "payoutImport.",
    // The dashboard's resend refused once an Employee has claimed (issue 26).
    "apiErrors.resend_claimed",
  ];

  it("are all there: the old file's texts, and only those added since besides", () => {
    const now = textEntries(serverMessagesFor("en")).map(([path]) => path);
    expect(now.filter((path) => !addedSince.some((added) => path.startsWith(added))).sort()).toEqual(before.map((text) => text.path).sort());
  });

  it("API errors keep their keys: `t()` writes apiErrors in the request's language", () => {
    expect(t("rate_limited", { seconds: 3 }, "sv")).toBe("Förfrågan begränsades. Försök igen om 3 sekunder.");
    expect(t("not_found")).toBe("Not found.");
  });
});
