/**
 * Two-factor sign-in and the security page (issue 27, items 3 and 4), over real HTTP on either database:
 * enrolment with better-auth's two-factor plugin, sign-in with a TOTP code or a one-time backup code, wrong
 * codes counted with wrong passwords, the account's and the service's requirement, changing the password and
 * signing out everywhere else. Codes are computed with the library the plugin uses (@better-auth/utils/otp).
 */
import crypto from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { startTestApp, TEST_DB, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

beforeAll(async () => {
  // Many sign-ins from one address: the burst limit is sign-in-throttle.test.ts's subject. Operators must have 2FA.
  app = await startTestApp({
    signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 100, addressBurst: 1000 },
    requireOperatorTwoFactor: true,
  });
});
afterAll(() => app?.close());

/** Cookies as a browser keeps them: later Set-Cookie headers replace earlier ones, Max-Age=0 removes. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      if (/max-age=0/i.test(line) || pair.slice(eq + 1) === "") this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  has(fragment: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(fragment));
  }
}

async function auth(path: string, body: unknown, jar: Jar, userAgent?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: app.url, Cookie: jar.header };
  if (userAgent) headers["User-Agent"] = userAgent;
  const res = await fetch(`${app.url}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  jar.take(res);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function signIn(email: string, password = PASSWORD, userAgent?: string) {
  const jar = new Jar();
  const res = await auth("/sign-in/email", { email, password }, jar, userAgent);
  return { jar, ...res };
}

async function person(opts: { accountPk?: string | null; role?: "client" | "operator"; teamRole?: "admin" | "member" } = {}) {
  const accountPk = opts.accountPk === undefined ? (await app.newKey("demo")).accountPk : opts.accountPk;
  const email = `p-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name: "Pat", accountPk, role: opts.role ?? "client", teamRole: opts.teamRole });
  return { email, accountPk };
}

/** The current code of the authenticator app enrolled with `totpURI`. */
function totp(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret")!;
  return createOTP(base32.decode(secret)).totp();
}

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0");

/** Turns 2FA on for the signed-in person in `jar` (password, then a first code), as the security page does. */
async function enrol(jar: Jar): Promise<{ totpURI: string; backupCodes: string[] }> {
  const enabled = await auth("/two-factor/enable", { password: PASSWORD }, jar);
  expect(enabled.status).toBe(200);
  const totpURI = enabled.body.totpURI as string;
  const backupCodes = enabled.body.backupCodes as string[];
  const verified = await auth("/two-factor/verify-totp", { code: await totp(totpURI) }, jar);
  expect(verified.status).toBe(200);
  return { totpURI, backupCodes };
}

const me = async (jar: Jar) =>
  (await trpc<{ email: string; twoFactor: { enabled: boolean; required: boolean } } | null>(app, "session.me", undefined, { cookie: jar.header })).data;

describe(`two-factor sign-in (${TEST_DB})`, () => {
  it("enrols with the password, a QR/key URI and ten backup codes; sign-in then asks for the code, and a valid code signs in", async () => {
    const { email } = await person();
    const { jar } = await signIn(email);
    expect((await auth("/two-factor/enable", { password: "not-the-password" }, jar)).status).toBe(400);
    const { totpURI, backupCodes } = await enrol(jar);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Payroute:.*secret=[A-Z2-7]+.*issuer=Payroute/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect((await me(jar))?.twoFactor).toEqual({ enabled: true, required: false });
    // The secret is stored encrypted, never as the key the person saw.
    const row = await app.db.twoFactor.findFirstOrThrow({ where: { user: { email } } });
    expect(row.secret).not.toContain(new URL(totpURI).searchParams.get("secret"));

    // The password alone makes no session.
    const first = await signIn(email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.jar.has("session_token")).toBe(false);
    expect(await me(first.jar)).toBeNull();

    const wrong = await auth("/two-factor/verify-totp", { code: wrongCode(await totp(totpURI)) }, first.jar);
    expect(wrong.status).toBe(401);
    const right = await auth("/two-factor/verify-totp", { code: await totp(totpURI) }, first.jar);
    expect(right.status).toBe(200);
    expect(first.jar.has("session_token")).toBe(true);
    expect((await me(first.jar))?.email).toBe(email);

    // Turning it off needs the password.
    expect((await auth("/two-factor/disable", { password: "not-the-password" }, first.jar)).status).toBe(400);
    expect((await auth("/two-factor/disable", { password: PASSWORD }, first.jar)).status).toBe(200);
    expect((await me(first.jar))?.twoFactor.enabled).toBe(false);
    expect((await signIn(email)).jar.has("session_token")).toBe(true);
  });

  it("a backup code signs in once", async () => {
    const { email } = await person();
    const { backupCodes } = await enrol((await signIn(email)).jar);
    const first = await signIn(email);
    const used = await auth("/two-factor/verify-backup-code", { code: backupCodes[3] }, first.jar);
    expect(used.status).toBe(200);
    expect((await me(first.jar))?.email).toBe(email);

    const again = await signIn(email);
    expect((await auth("/two-factor/verify-backup-code", { code: backupCodes[3] }, again.jar)).status).toBe(401);
    expect(await me(again.jar)).toBeNull();
    expect((await auth("/two-factor/verify-backup-code", { code: backupCodes[4] }, again.jar)).status).toBe(200);
  });

  it("counts wrong codes with wrong passwords: five failures lock the account, the right code and password included", async () => {
    const { email } = await person();
    const { totpURI } = await enrol((await signIn(email)).jar);
    const codes: number[] = [];
    // Two wrong passwords, then the right one (which does not clear the count), then wrong codes.
    codes.push((await signIn(email, "wrong-password-1")).status, (await signIn(email, "wrong-password-2")).status);
    const pending = await signIn(email);
    expect(pending.body).toMatchObject({ twoFactorRedirect: true });
    for (let i = 0; i < 4; i++) codes.push((await auth("/two-factor/verify-totp", { code: wrongCode(await totp(totpURI)) }, pending.jar)).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);

    const right = await auth("/two-factor/verify-totp", { code: await totp(totpURI) }, pending.jar);
    expect(right.status).toBe(429);
    expect(pending.jar.has("session_token")).toBe(false);
    const password = await signIn(email);
    expect(password.status).toBe(429);
  });

  it("a right code clears the count of earlier failures", async () => {
    const { email } = await person();
    const { totpURI } = await enrol((await signIn(email)).jar);
    for (let i = 0; i < 3; i++) expect((await signIn(email, `wrong-${i}`)).status).toBe(401);
    const pending = await signIn(email);
    expect((await auth("/two-factor/verify-totp", { code: await totp(totpURI) }, pending.jar)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-again-${i}`)).status).toBe(401);
  });
});

describe(`two-factor sign-in required (${TEST_DB})`, () => {
  it("an admin requires 2FA of the account (after enrolling themselves); a member without it is refused the staff procedures until enrolled", async () => {
    const admin = await person({ teamRole: "admin" });
    const member = await person({ accountPk: admin.accountPk, teamRole: "member" });
    const adminJar = (await signIn(admin.email)).jar;
    const refused = await trpc(app, "team.requireTwoFactor", { required: true }, { cookie: adminJar.header, mutation: true });
    expect(refused.status).toBe(409);
    await enrol(adminJar);
    // A member may not change it.
    const memberJar = (await signIn(member.email)).jar;
    expect((await trpc(app, "team.requireTwoFactor", { required: true }, { cookie: memberJar.header, mutation: true })).status).toBe(403);
    expect((await trpc(app, "team.requireTwoFactor", { required: true }, { cookie: adminJar.header, mutation: true })).status).toBe(200);

    const list = await trpc<{ require_two_factor: boolean; members: { email: string; two_factor: boolean }[] }>(app, "team.list", undefined, {
      cookie: adminJar.header,
    });
    expect(list.data?.require_two_factor).toBe(true);
    expect(list.data?.members.find((m) => m.email === member.email)?.two_factor).toBe(false);

    // The member's session is still good for "who am I" and their own security, not for the account's work.
    expect((await me(memberJar))?.twoFactor).toEqual({ enabled: false, required: true });
    const blocked = await trpc(app, "integrations.list", {}, { cookie: memberJar.header });
    expect(blocked.status).toBe(403);
    expect(blocked.error?.message).toMatch(/Two-factor sign-in is required/);
    expect((await trpc(app, "team.list", undefined, { cookie: memberJar.header })).status).toBe(403);
    expect((await trpc(app, "session.sessions", undefined, { cookie: memberJar.header })).status).toBe(200);
    // Browsing /v2/ with the session is refused too; the account's API keys are not people and go on.
    expect((await fetch(`${app.url}/v2/integrations/`, { headers: { Cookie: memberJar.header, Accept: "application/json" } })).status).toBe(403);

    await enrol(memberJar);
    expect((await trpc(app, "integrations.list", {}, { cookie: memberJar.header })).status).toBe(200);
  });

  it("operators must have 2FA when REQUIRE_OPERATOR_2FA is on", async () => {
    const operator = await person({ accountPk: null, role: "operator" });
    const jar = (await signIn(operator.email)).jar;
    expect((await me(jar))?.twoFactor).toEqual({ enabled: false, required: true });
    expect((await trpc(app, "registrations.review.queue", {}, { cookie: jar.header })).status).toBe(403);
    await enrol(jar);
    expect((await trpc(app, "registrations.review.queue", {}, { cookie: jar.header })).status).toBe(200);
  });
});

describe(`the security page (${TEST_DB})`, () => {
  it("changing the password needs the current one and signs out the other sessions", async () => {
    const { email } = await person();
    const here = (await signIn(email)).jar;
    const there = (await signIn(email)).jar;
    const wrong = await auth("/change-password", { currentPassword: "not-the-password", newPassword: "a-new-long-password", revokeOtherSessions: true }, here);
    expect(wrong.status).toBe(400);
    expect((await me(there))?.email).toBe(email);

    const changed = await auth("/change-password", { currentPassword: PASSWORD, newPassword: "a-new-long-password", revokeOtherSessions: true }, here);
    expect(changed.status).toBe(200);
    expect((await me(here))?.email).toBe(email);
    expect(await me(there)).toBeNull();
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, "a-new-long-password")).status).toBe(200);
  });

  it("lists one's own sessions with device and last activity, ends one, and signs out everywhere else", async () => {
    const { email } = await person();
    const other = await person();
    const here = (await signIn(email, PASSWORD, FIREFOX)).jar;
    const phone = (await signIn(email, PASSWORD, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1")).jar;
    const third = (await signIn(email)).jar;
    const othersJar = (await signIn(other.email)).jar;

    type Row = { id: string; current: boolean; browser: string | null; os: string | null; last_active_at: string };
    const listed = await trpc<Row[]>(app, "session.sessions", undefined, { cookie: here.header });
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(3);
    expect(listed.data!.filter((s) => s.current)).toMatchObject([{ browser: "Firefox", os: "Linux" }]);
    expect(listed.data!.find((s) => s.os === "iOS")).toMatchObject({ browser: "Safari", current: false });
    expect(Date.parse(listed.data![0].last_active_at)).toBeGreaterThan(Date.now() - 60_000);

    // Another person's session cannot be ended from here.
    const othersSession = (await trpc<Row[]>(app, "session.sessions", undefined, { cookie: othersJar.header })).data![0];
    expect((await trpc(app, "session.revokeSession", { id: othersSession.id }, { cookie: here.header, mutation: true })).status).toBe(404);
    const phoneRow = listed.data!.find((s) => s.os === "iOS")!;
    expect((await trpc(app, "session.revokeSession", { id: phoneRow.id }, { cookie: here.header, mutation: true })).status).toBe(200);
    expect(await me(phone)).toBeNull();

    const everywhere = await trpc<{ revoked: number }>(app, "session.revokeOtherSessions", undefined, { cookie: here.header, mutation: true });
    expect(everywhere.data).toEqual({ revoked: 1 });
    expect(await me(third)).toBeNull();
    expect((await me(here))?.email).toBe(email);
    expect((await me(othersJar))?.email).toBe(other.email);
  });
});
