/**
 * Two-factor sign-in in the audit log (issue 27): turned on and off by the person, and "lost my authenticator":
 * an admin resets a member's (never their own, never another account's), the CLI anyone's. Apart from
 * two-factor.test.ts so that its enrolments do not count against that file's per-address limit on /two-factor/enable.
 */
import crypto from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { CLI_ACTOR } from "@/domain/audit/audit-record";
import { resetTwoFactorByEmail } from "@/domain/team/two-factor-reset";
import { callerFor, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";

beforeAll(async () => {
  app = await startTestApp({ signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 100, addressBurst: 1000 } });
});
afterAll(() => app?.close());

/** The session cookies of one browser (this file's requests never clear one). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  has(fragment: string): boolean {
    return [...this.cookies].some(([k, v]) => k.includes(fragment) && v !== "");
  }
}

async function auth(path: string, body: unknown, jar: Jar): Promise<{ status: number }> {
  const res = await fetch(`${app.url}/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, Cookie: jar.header },
    body: JSON.stringify(body),
  });
  jar.take(res);
  const text = await res.text();
  return { status: res.status, ...(text ? { body: JSON.parse(text) as Record<string, unknown> } : {}) };
}

async function signIn(email: string) {
  const jar = new Jar();
  await auth("/sign-in/email", { email, password: PASSWORD }, jar);
  return { jar };
}

async function person(opts: { accountPk?: string | null; role?: "client" | "operator" } = {}) {
  const accountPk = opts.accountPk === undefined ? (await app.newKey("demo")).accountPk : opts.accountPk;
  const email = `p-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name: "Pat", accountPk, role: opts.role ?? "client", teamRole: "member" });
  return { email, accountPk };
}

/** Turns 2FA on for the signed-in person in `jar` (password, then a first code from the secret), as the security page does. */
async function enrol(jar: Jar): Promise<void> {
  const res = await fetch(`${app.url}/api/auth/two-factor/enable`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, Cookie: jar.header },
    body: JSON.stringify({ password: PASSWORD }),
  });
  jar.take(res);
  expect(res.status).toBe(200);
  const { totpURI } = (await res.json()) as { totpURI: string };
  const code = await createOTP(base32.decode(new URL(totpURI).searchParams.get("secret")!)).totp();
  expect((await auth("/two-factor/verify-totp", { code }, jar)).status).toBe(200);
}

describe(`two-factor sign-in in the audit log (${TEST_DB})`, () => {
  it("records 2FA turned on and off, and an admin's reset of a member's lost 2FA (never their own), in the audit log", async () => {
    const { email, accountPk } = await person();
    const user = await app.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const audit = (action: string) => app.db.auditRecord.findMany({ where: { accountPk, action, targetId: user.id } });
    await enrol((await signIn(email)).jar);
    expect(await audit("user.two_factor_enabled")).toHaveLength(1);
    expect((await audit("user.two_factor_enabled"))[0]).toMatchObject({
      actorKind: "user",
      actorId: user.id,
      actorLabel: email,
      before: { two_factor: false },
      after: { two_factor: true },
    });

    const adminEmail = `a-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const { id: adminId } = await createUser(app.db, { email: adminEmail, password: PASSWORD, name: "Ada", accountPk, role: "client", teamRole: "admin" });
    const admin = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", teamRole: "admin", userId: adminId });
    await expect(admin.team.resetTwoFactor({ id: adminId })).rejects.toThrow(/your own two-factor/);
    const member = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", teamRole: "member", userId: user.id });
    await expect(member.team.resetTwoFactor({ id: adminId })).rejects.toThrow();
    // Another account's admin cannot reach this person.
    const other = await person();
    const outsider = await app.db.user.findUniqueOrThrow({ where: { email: other.email }, select: { id: true } });
    const stranger = callerFor(app, {
      via: "session",
      accountPk: other.accountPk,
      environment: "demo",
      role: "client",
      teamRole: "admin",
      userId: outsider.id,
    });
    await expect(stranger.team.resetTwoFactor({ id: user.id })).rejects.toThrow();

    await admin.team.resetTwoFactor({ id: user.id });
    const [reset] = await audit("user.two_factor_reset");
    expect(reset).toMatchObject({
      actorKind: "user",
      actorId: adminId,
      actorLabel: adminEmail,
      targetLabel: email,
      before: { two_factor: true },
      after: { two_factor: false },
    });
    expect(await audit("user.two_factor_reset")).toHaveLength(1);
    expect(await app.db.twoFactor.count({ where: { userId: user.id } })).toBe(0);
    // The password alone signs in again; a second reset has nothing to reset.
    expect((await signIn(email)).jar.has("session_token")).toBe(true);
    await expect(admin.team.resetTwoFactor({ id: user.id })).rejects.toThrow(/has not turned on/);

    // Enrolled again and turned off by the person: recorded as theirs.
    const again = await signIn(email);
    await enrol(again.jar);
    expect((await auth("/two-factor/disable", { password: PASSWORD }, again.jar)).status).toBe(200);
    expect(await audit("user.two_factor_disabled")).toHaveLength(1);
    expect((await audit("user.two_factor_disabled"))[0]).toMatchObject({ actorId: user.id, before: { two_factor: true }, after: { two_factor: false } });
  });

  it("the CLI resets an operator's lost 2FA, recorded with the CLI as actor in the review team's log", async () => {
    const { email } = await person({ accountPk: null, role: "operator" });
    await enrol((await signIn(email)).jar);
    const cli = { ...CLI_ACTOR, label: "cli (ops)" };
    expect(await resetTwoFactorByEmail(app.db, email.toUpperCase(), { actor: cli, at: new Date() })).toBe(true);
    expect(await resetTwoFactorByEmail(app.db, "nobody@example.test", { actor: cli, at: new Date() })).toBe(false);
    const operator = await app.db.user.findUniqueOrThrow({ where: { email }, select: { id: true, twoFactorEnabled: true } });
    expect(operator.twoFactorEnabled).toBe(false);
    const records = await app.db.auditRecord.findMany({ where: { action: "user.two_factor_reset", targetId: operator.id } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ accountPk: null, actorKind: "cli", actorId: null, actorLabel: "cli (ops)", targetLabel: email });
    const reviewer = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: operator.id });
    expect((await reviewer.audit.operatorList({ action: "user.two_factor_reset" })).results.map((r) => r.id)).toContain(records[0].id);
  });
});
