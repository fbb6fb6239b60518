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

  it("are all there: the old file's texts, and only the invoice PDF's besides", () => {
    const now = textEntries(serverMessagesFor("en")).map(([path]) => path);
    expect(now.filter((path) => !path.startsWith("invoicePdf.")).sort()).toEqual(before.map((text) => text.path).sort());
  });

  it("API errors keep their keys: `t()` writes apiErrors in the request's language", () => {
    expect(t("rate_limited", { seconds: 3 }, "sv")).toBe("Förfrågan begränsades. Försök igen om 3 sekunder.");
    expect(t("not_found")).toBe("Not found.");
  });
});
