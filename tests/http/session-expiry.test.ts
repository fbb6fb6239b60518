/**
 * A dashboard session's end, as the expiry warning reads it: `session.expiry` (the end and the warning time), and
 * a request that refreshes the session (better-auth's `updateAge`) sending the browser the renewed cookie, so that
 * the cookie ends when the session's row does.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { DEFAULT_SESSION_WARNING_SECONDS, MAX_SESSION_LIFETIME_SECONDS } from "@/config/session-lifetime";
import { startTestApp, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Signs a new person in; returns the session cookie (name=value) and the session's id. */
async function signIn(): Promise<{ cookie: string; sessionId: string }> {
  const { accountPk } = await app.newKey("demo");
  const email = `s-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name: "Sam", accountPk, role: "client" });
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.includes("session_token="))
      ?.split(";")[0] ?? "";
  const user = await app.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const session = await app.db.session.findFirstOrThrow({ where: { userId: user.id }, select: { id: true } });
  return { cookie, sessionId: session.id };
}

type Expiry = { expires_at: string; warn_at: string; now: string };

describe("session.expiry", () => {
  it("says when the session ends and when to warn, in the server's time", async () => {
    const { cookie } = await signIn();
    const res = await trpc<Expiry>(app, "session.expiry", undefined, { cookie });
    expect(res.status).toBe(200);
    const { expires_at, warn_at, now } = res.data!;
    const left = Date.parse(expires_at) - Date.parse(now);
    expect(left).toBeGreaterThan((MAX_SESSION_LIFETIME_SECONDS - 60) * 1000);
    expect(left).toBeLessThanOrEqual(MAX_SESSION_LIFETIME_SECONDS * 1000);
    expect(Date.parse(expires_at) - Date.parse(warn_at)).toBe(DEFAULT_SESSION_WARNING_SECONDS * 1000);
  });

  it("is refused without a session", async () => {
    expect((await trpc(app, "session.expiry", undefined)).status).toBe(401);
  });
});

describe("a request that refreshes the session", () => {
  it("sends the renewed cookie with the row's new end; one that does not refresh sends none", async () => {
    const { cookie, sessionId } = await signIn();
    const fresh = await trpc(app, "session.me", undefined, { cookie });
    expect(fresh.setCookie).toBeNull();

    // A day and a second since the last refresh: better-auth's updateAge has passed.
    const due = new Date(Date.now() + (MAX_SESSION_LIFETIME_SECONDS - 86_401) * 1000);
    await app.db.session.update({ where: { id: sessionId }, data: { expiresAt: due } });
    const refreshed = await trpc(app, "session.me", undefined, { cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.setCookie).toMatch(/session_token=.+Max-Age=604800/);
    const row = await app.db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { expiresAt: true } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 86_000_000);
  });
});
