/**
 * "Forgot password" links: only the newest one works. A newer request revokes the older links, and a reset
 * revokes every link the person still has (better-auth alone keeps each link valid for its hour).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { decodeMail, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const post = (path: string, body: unknown) =>
  fetch(`${app.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: app.url }, body: JSON.stringify(body) });

/** Asks for a reset link and returns its token, as the emailed link hands it to the reset page. */
async function requestLink(email: string): Promise<string> {
  const seen = new Set(app.mails().map((m) => m.file)); // mails() is in file-name order, not sending order
  expect((await post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
  await app.drainJobs();
  const mail = decodeMail(app.mails().find((m) => !seen.has(m.file) && m.text.includes(`To: ${email}`))!.text);
  return /\/api\/auth\/reset-password\/([A-Za-z0-9]+)\?/.exec(mail)![1];
}

const reset = (token: string, newPassword: string) => post("/api/auth/reset-password", { token, newPassword });

describe(`password-reset links (${TEST_DB})`, () => {
  it("an older link stops working when a newer one is requested, and every link when one is used", async () => {
    const email = `reset-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const { id } = await createUser(app.db, { email, password: PASSWORD, name: "Rita", accountPk: (await app.newKey()).accountPk, role: "client" });
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(newer).not.toBe(older);

    // A link made alongside (a request in flight elsewhere) is revoked when the newer one is used.
    const alongside = crypto.randomBytes(12).toString("hex");
    await app.db.verification.create({
      data: { id: crypto.randomUUID(), identifier: `reset-password:${alongside}`, value: id, expiresAt: new Date(Date.now() + 3600_000) },
    });

    const stale = await reset(older, "password-from-old-link");
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ code: "INVALID_TOKEN" });

    expect((await reset(newer, "password-from-new-link")).status).toBe(200);
    expect((await reset(alongside, "password-from-other-link")).status).toBe(400);
    expect(await app.db.verification.count({ where: { value: id, identifier: { startsWith: "reset-password:" } } })).toBe(0);
    const signIn = await post("/api/auth/sign-in/email", { email, password: "password-from-new-link" });
    expect(signIn.status).toBe(200);
  });
});
