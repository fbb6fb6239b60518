/** The emails as sent: a real invitation through /v2/ and the worker, read back from the mailer's .eml file. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMail, integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
});
afterAll(() => app?.close());

/** The MIME parts of an .eml: each part's Content-Type and its body, quoted-printable undone. */
function parts(eml: string): { type: string; body: string }[] {
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  if (!boundary) return [];
  return eml
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const headerEnd = part.search(/\r?\n\r?\n/);
      return { type: /Content-Type: ([^;\s]+)/i.exec(part.slice(0, headerEnd))?.[1] ?? "", body: decodeMail(part.slice(headerEnd).trim()) };
    });
}

async function invite(integration: string, employee: Record<string, unknown>): Promise<string> {
  const created = await app.json("/v2/employees/", { method: "POST", key, headers: { "Integration-ID": integration }, body: employee });
  expect(created.status).toBe(201);
  await app.drainJobs();
  const mail = app.mails().find((m) => m.text.includes(`To: ${String(employee.email)}`));
  if (!mail) throw new Error("no invitation email");
  return mail.text;
}

describe("the invitation email", () => {
  it("is multipart/alternative: a text part and an HTML part, each with the claim link, in the Employee's language and the employer's name and logo", async () => {
    const integration = await app.json<{ id: string; logo: string | null }>("/v2/integrations/", {
      method: "POST",
      key,
      body: integrationBody({ id: "mail-int-logo", name: "Bygg & Måleri", logo: PNG.toString("base64") }),
    });
    expect(integration.status).toBe(201);
    const eml = await invite("mail-int-logo", { id: "mail-sv", name: "Åsa Öberg", email: "asa@mail.example.se", country: "SWE" });

    expect(eml).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    const [text, html] = parts(eml);
    expect(text.type).toBe("text/plain");
    expect(html.type).toBe("text/html");

    // The claim link with its token, the same in both parts; the token claims once, as before.
    const token = magicToken(eml);
    const link = `${app.url}/e/claim#token=${token}`;
    expect(text.body).toContain(`\n${link}\n`);
    expect(html.body).toContain(`href="${link}"`);
    expect(html.body.split(token)).toHaveLength(4); // the button, and the written-out link (its href and text): nothing else

    expect(text.body).toContain("Hej Åsa Öberg,");
    expect(text.body).toContain("Skickat av Payroute för Bygg & Måleri.");
    expect(html.body).toMatch(/<html[^>]* lang="sv"/);
    expect(html.body).toContain("Öppna Payroute");
    expect(html.body).toContain("Bygg &amp; Måleri");
    expect(integration.body.logo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    expect(html.body).toContain(`src="${integration.body.logo}"`);

    expect((await trpc(app, "employeeApp.claim", { token, details: TEST_CLAIM_DETAILS }, { mutation: true })).status).toBe(200);
    expect((await trpc(app, "employeeApp.claim", { token }, { mutation: true })).status).toBe(403);
  });

  it("is in English for an Employee outside Sweden, with the employer's name alone when it has no logo", async () => {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "mail-int-plain" }) })).status).toBe(201);
    const eml = await invite("mail-int-plain", { id: "mail-en", name: "Jens Holm", email: "jens@mail.example.dk", country: "DNK" });
    const [text, html] = parts(eml);
    expect(text.body).toContain("Hello Jens Holm,");
    expect(html.body).toMatch(/<html[^>]* lang="en"/);
    expect(html.body).toContain("Open Payroute");
    expect(html.body).toContain("Bygg &amp; Co");
    expect(html.body).not.toContain("<img");
    expect(text.body).toContain(`${app.url}/e/claim#token=${magicToken(eml)}`);
  });
});
