// Every email in both languages, from fixed inputs: subject, plain text and HTML pinned as files in
// __email_snapshots__/ (read them in a browser: `node scripts/email-screenshots.mjs` renders these same fixtures).
// A change to a template or a text shows as a diff of these files; update them with `npx vitest run -u`.
import { describe, expect, it } from "vitest";
import { EMAIL_FIXTURES } from "../support/email-fixtures";

describe.each(["en", "sv"] as const)("emails in %s", (locale) => {
  it.each(Object.keys(EMAIL_FIXTURES))("%s", async (name) => {
    const email = await EMAIL_FIXTURES[name](locale);
    await expect(`Subject: ${email.subject}\n\n${email.text}`).toMatchFileSnapshot(`__email_snapshots__/${name}.${locale}.txt`);
    await expect(email.html).toMatchFileSnapshot(`__email_snapshots__/${name}.${locale}.html`);
    // Both parts carry the link, and the HTML its button; no text is left unformatted.
    const link = /^https?:\/\/\S+$/m.exec(email.text)?.[0] ?? "";
    expect(link).not.toBe("");
    expect(email.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(`${email.subject}${email.text}${email.html}`).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it("the text part ends with who sent it, why, and the safety line", async () => {
    const { text } = await EMAIL_FIXTURES.invitation(locale);
    expect(text).toMatch(/\n-- \n.*Bygg & Måleri AB.*\n.*\n.*pay\.example\.com\.\n$/);
  });
});

describe("the HTML of an email", () => {
  it("escapes what its reader or employer typed", async () => {
    const email = await EMAIL_FIXTURES.invitationHostile("en");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("shows the employer's logo when there is one, and their name alone when not", async () => {
    expect((await EMAIL_FIXTURES.invitation("sv")).html).toContain('src="https://pay.example.com/media/');
    expect((await EMAIL_FIXTURES.signInLink("sv")).html).not.toContain("<img");
  });

  it("is in the reader's language: lang attribute and words", async () => {
    const sv = await EMAIL_FIXTURES.passwordReset("sv");
    expect(sv.html).toMatch(/<html[^>]* lang="sv"/);
    expect(sv.html).toContain("Välj ett nytt lösenord");
    expect((await EMAIL_FIXTURES.passwordReset("en")).html).toMatch(/<html[^>]* lang="en"/);
  });
});
