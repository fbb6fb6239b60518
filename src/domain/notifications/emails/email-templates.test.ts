import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/catalogue/locales";
import { invitationEmail, renderInvitationEmail, type InvitationEmail } from "./invitation-email";
import { EmailTemplates } from "./email-templates";

const ORIGIN = "https://pay.example.com";
const employers = [
  { name: "Bygg & Måleri AB", logoUrl: `${ORIGIN}/media/0b7c1f0e/bygg-logo.png` },
  { name: `<b>"Kalle's"</b>`, logoUrl: null },
];
const readers: Pick<InvitationEmail, "name" | "link" | "code">[] = [
  { name: "Åsa Öberg", link: `${ORIGIN}/e/claim#token=Xq3vR8nT2kLp9sYw4zBc7dFg1hJm6NoPa5eUi0tQrS8`, code: "59L4QSWK" },
  { name: `"><img src=x onerror='alert(1)'> & Co`, link: `${ORIGIN}/e/claim#token=a&b<c>"d'`, code: "" },
  { name: "Zoë 🙂 O'Brien", link: `${ORIGIN}/e/claim#token=abc`, code: "ABCDEFGH" },
  // A name that holds another slot's stand-in is written as it is, not filled in again.
  { name: "Xq72codeXq7 Xq70nameXq7", link: `${ORIGIN}/e/claim#token=def`, code: "Xq70nameXq7" },
  // Line breaks would split paragraphs: rendered afresh.
  { name: "Anna\n\nBerg", link: `${ORIGIN}/e/claim#token=ghi`, code: "CODE" },
];

describe("invitations from a template", () => {
  it("equal the invitation rendered for each reader alone, in every language and for every employer", async () => {
    for (const locale of LOCALES) {
      for (const employer of employers) {
        for (const reader of readers) {
          const m = { locale, employer, ...reader };
          expect(await invitationEmail(m)).toEqual(await renderInvitationEmail(m));
        }
      }
    }
  });

  it("renders once per key and fills each reader's values in", async () => {
    let renders = 0;
    const templates = new EmailTemplates(["who"] as const);
    const render = async (value: (slot: "who") => string) => {
      renders += 1;
      return { subject: `Hi ${value("who")}`, text: `Hello ${value("who")}`, html: `<p title="${value("who")}">${value("who")}</p>` };
    };
    expect(await templates.fill("k", { who: "A & B" }, render)).toEqual({
      subject: "Hi A & B",
      text: "Hello A & B",
      html: '<p title="A &amp; B">A &amp; B</p>',
    });
    expect(await templates.fill("k", { who: "<C>" }, render)).toEqual({ subject: "Hi <C>", text: "Hello <C>", html: '<p title="&lt;C&gt;">&lt;C&gt;</p>' });
    expect(renders).toBe(1);
    await templates.fill("other", { who: "D" }, render);
    expect(renders).toBe(2);
  });

  it("keeps at most its limit of templates, dropping the oldest", async () => {
    let renders = 0;
    const templates = new EmailTemplates(["who"] as const, 2);
    const render = async (value: (slot: "who") => string) => {
      renders += 1;
      return { subject: value("who"), text: value("who"), html: value("who") };
    };
    for (const key of ["a", "b", "c", "b", "a"]) await templates.fill(key, { who: "x" }, render);
    // a, b, c rendered; c pushed a out; b still kept; a rendered again.
    expect(renders).toBe(4);
  });
});
