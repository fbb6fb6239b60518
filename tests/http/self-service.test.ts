/**
 * Self-service (issue 12): API keys in the dashboard, the team (roles, invitations, removal), "Forgot
 * password", the employee app's fresh sign-in links, the saved language, and the review of Employees.
 * Over real HTTP (sessions from better-auth's sign-in, emails from the outbox worker) on either database.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { decodeMail, integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, TEST_DB, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";

beforeAll(async () => {
  // This file signs in many times in a row from one address; the burst limit is sign-in-throttle.test.ts's subject.
  app = await startTestApp({ signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 30, addressBurst: 1000 } });
});
afterAll(() => app?.close());

async function signIn(email: string, password = PASSWORD): Promise<{ status: number; cookie: string; setCookie: string }> {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie();
  return { status: res.status, cookie: cookies.map((c) => c.split(";")[0]).join("; "), setCookie: cookies.join("\n") };
}

/** A new account with one admin (as `users create` makes them), signed in. */
async function accountWithAdmin(env: "demo" | "live" = "demo") {
  const { accountPk, account, key } = await app.newKey(env);
  const email = `admin-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name: "Ada Admin", accountPk, role: "client" });
  const { cookie } = await signIn(email);
  return { accountPk, account, key, email, cookie };
}

const mailsTo = (email: string) =>
  app
    .mails()
    .filter((m) => m.text.includes(`To: ${email}`))
    .map((m) => decodeMail(m.text));

describe(`API keys in the dashboard (${TEST_DB})`, () => {
  it("an admin creates a key (shown once) that calls /v2/, sees its prefix and last use, and revokes it", async () => {
    const { cookie } = await accountWithAdmin();
    const created = await trpc<{ key: string; api_key: { pk: string; prefix: string; environment: string; allow_ips: string[] } }>(
      app,
      "apiKeys.create",
      { environment: "demo", allow_ips: [] },
      { cookie, mutation: true },
    );
    expect(created.status).toBe(200);
    const { key, api_key } = created.data!;
    expect(key).toMatch(/^pr_demo_[0-9A-Za-z]{32}$/);
    expect(api_key.prefix).toBe(key.slice(0, 12));

    const listed = await trpc<{ pk: string; prefix: string; last_used_at: string | null }[]>(app, "apiKeys.list", undefined, { cookie });
    expect(listed.data!.map((k) => k.pk)).toContain(api_key.pk);
    expect(JSON.stringify(listed.data)).not.toContain(key); // the key itself is never listed
    expect(listed.data!.find((k) => k.pk === api_key.pk)!.last_used_at).toBeNull();

    expect((await app.api("/v2/integrations/", { key })).status).toBe(200);
    // Last use is written off the request path: it appears shortly after.
    await expect.poll(async () => (await app.db.apiKey.findUniqueOrThrow({ where: { pk: api_key.pk } })).lastUsedAt).not.toBeNull();
    const first = (await app.db.apiKey.findUniqueOrThrow({ where: { pk: api_key.pk } })).lastUsedAt!;
    expect((await app.api("/v2/integrations/", { key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    // At most once a minute per key.
    expect((await app.db.apiKey.findUniqueOrThrow({ where: { pk: api_key.pk } })).lastUsedAt).toEqual(first);

    const revoked = await trpc(app, "apiKeys.revoke", { pk: api_key.pk }, { cookie, mutation: true });
    expect(revoked.status).toBe(200);
    expect((await app.api("/v2/integrations/", { key })).status).toBe(401);
    expect((await trpc(app, "apiKeys.revoke", { pk: api_key.pk }, { cookie, mutation: true })).status).toBe(404);
  });

  it("checks the allow-list as the CLI does, and enforces it", async () => {
    const { cookie } = await accountWithAdmin();
    const bad = await trpc(app, "apiKeys.create", { environment: "live", allow_ips: ["10.0.0.0/8", "not-an-ip"] }, { cookie, mutation: true });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("not-an-ip");
    expect(bad.error?.message).toContain("is not an IP address or CIDR range");
    const ok = await trpc<{ key: string }>(app, "apiKeys.create", { environment: "live", allow_ips: ["203.0.113.0/24"] }, { cookie, mutation: true });
    expect(ok.status).toBe(200);
    expect((await app.api("/v2/integrations/", { key: ok.data!.key })).status).toBe(403);
  });

  it("keeps each account's keys its own", async () => {
    const a = await accountWithAdmin();
    const b = await accountWithAdmin();
    const created = await trpc<{ api_key: { pk: string } }>(app, "apiKeys.create", { environment: "demo" }, { cookie: a.cookie, mutation: true });
    const pk = created.data!.api_key.pk;
    expect((await trpc<{ pk: string }[]>(app, "apiKeys.list", undefined, { cookie: b.cookie })).data!.map((k) => k.pk)).not.toContain(pk);
    expect((await trpc(app, "apiKeys.revoke", { pk }, { cookie: b.cookie, mutation: true })).status).toBe(404);
    expect((await app.db.apiKey.findUniqueOrThrow({ where: { pk } })).revokedAt).toBeNull();
  });
});

describe(`the team (${TEST_DB})`, () => {
  it("an admin invites a colleague by email; the link creates their user in the same account, as a member", async () => {
    const admin = await accountWithAdmin();
    const email = `colleague-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const invited = await trpc(app, "team.invite", { email: email.toUpperCase(), team_role: "member" }, { cookie: admin.cookie, mutation: true });
    expect(invited.status).toBe(200);
    await app.drainJobs();
    const [mail] = mailsTo(email);
    expect(mail).toContain(`invites you to join ${admin.account} on Payroute`);
    const token = /\/invitation#token=([A-Za-z0-9_-]{43})/.exec(mail)![1];

    const preview = await trpc<{ email: string; account: string }>(app, "team.preview", { token });
    expect(preview.data).toEqual({ email, account: admin.account });
    const short = await trpc(app, "team.accept", { token, name: "Cole", password: "short" }, { mutation: true });
    expect(short.status).toBe(400);
    const accepted = await trpc<{ email: string }>(app, "team.accept", { token, name: "Cole League", password: "colleague-password" }, { mutation: true });
    expect(accepted.data).toEqual({ email });
    expect((await trpc(app, "team.accept", { token, name: "Again", password: "colleague-password" }, { mutation: true })).status).toBe(403);

    const member = await signIn(email, "colleague-password");
    expect(member.status).toBe(200);
    const me = await trpc<{ account: string; teamRole: string }>(app, "session.me", undefined, { cookie: member.cookie });
    expect(me.data).toMatchObject({ account: admin.account, teamRole: "member" });

    // A member does the work but not keys, team or webhooks: 403 from the procedures.
    expect((await trpc(app, "apiKeys.list", undefined, { cookie: member.cookie })).status).toBe(403);
    expect((await trpc(app, "apiKeys.create", { environment: "demo" }, { cookie: member.cookie, mutation: true })).status).toBe(403);
    expect((await trpc(app, "team.invite", { email: "x@example.test" }, { cookie: member.cookie, mutation: true })).status).toBe(403);
    expect((await trpc(app, "webhooks.list", {}, { cookie: member.cookie })).status).toBe(403);
    expect((await trpc(app, "integrations.list", {}, { cookie: member.cookie })).status).toBe(200);
    const team = await trpc<{ members: { id: string; email: string; team_role: string; you: boolean }[] }>(app, "team.list", undefined, {
      cookie: member.cookie,
    });
    expect(team.data!.members.map((m) => [m.email, m.team_role, m.you])).toEqual([
      [admin.email, "admin", false],
      [email, "member", true],
    ]);

    // The admin removes the member; their session ends with them.
    const memberId = team.data!.members.find((m) => m.email === email)!.id;
    expect((await trpc(app, "team.remove", { id: memberId }, { cookie: member.cookie, mutation: true })).status).toBe(403);
    expect((await trpc(app, "team.remove", { id: memberId }, { cookie: admin.cookie, mutation: true })).status).toBe(200);
    expect((await trpc(app, "session.me", undefined, { cookie: member.cookie })).data).toBeNull();
    const adminId = (await app.db.user.findUniqueOrThrow({ where: { email: admin.email } })).id;
    expect((await trpc(app, "team.remove", { id: adminId }, { cookie: admin.cookie, mutation: true })).status).toBe(400);
  });

  it("answers the same whether or not an address has a user elsewhere; the invitee learns it on accepting", async () => {
    const a = await accountWithAdmin();
    const b = await accountWithAdmin();
    const operatorEmail = `operator-${crypto.randomBytes(4).toString("hex")}@example.test`;
    await createUser(app.db, { email: operatorEmail, password: PASSWORD, name: "Op", accountPk: null, role: "operator" });
    const fresh = `fresh-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const answers = [];
    for (const email of [fresh, b.email, operatorEmail]) {
      const res = await trpc(app, "team.invite", { email }, { cookie: a.cookie, mutation: true });
      answers.push({ status: res.status, data: res.data, error: res.error });
    }
    expect(answers[0]).toEqual({ status: 200, data: { ok: true }, error: undefined });
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);

    // The other account's admin gets the invitation; accepting it tells them their address is taken.
    await app.drainJobs();
    const token = /\/invitation#token=([A-Za-z0-9_-]{43})/.exec(mailsTo(b.email)[0])![1];
    const accepted = await trpc(app, "team.accept", { token, name: "B", password: "colleague-password" }, { mutation: true });
    expect(accepted.status).toBe(409);
    expect((await app.db.user.findUniqueOrThrow({ where: { email: b.email } })).accountPk).toBe(b.accountPk);

    // Someone already on the caller's own team (shown by team.list anyway) is refused.
    const own = await trpc(app, "team.invite", { email: a.email }, { cookie: a.cookie, mutation: true });
    expect(own.status).toBe(400);
    expect(own.error?.message).toContain("already on your team");
  });

  it("refuses another account's member and revoked links", async () => {
    const a = await accountWithAdmin();
    const b = await accountWithAdmin();
    const bId = (await app.db.user.findUniqueOrThrow({ where: { email: b.email } })).id;
    expect((await trpc(app, "team.remove", { id: bId }, { cookie: a.cookie, mutation: true })).status).toBe(404);

    const email = `revoked-${crypto.randomBytes(4).toString("hex")}@example.test`;
    await trpc(app, "team.invite", { email }, { cookie: a.cookie, mutation: true });
    await app.drainJobs();
    const token = /\/invitation#token=([A-Za-z0-9_-]{43})/.exec(mailsTo(email)[0])![1];
    const list = await trpc<{ invitations: { pk: string; email: string }[] }>(app, "team.list", undefined, { cookie: a.cookie });
    const invitation = list.data!.invitations.find((i) => i.email === email)!;
    expect((await trpc(app, "team.revokeInvitation", { pk: invitation.pk }, { cookie: b.cookie, mutation: true })).status).toBe(404);
    expect((await trpc(app, "team.revokeInvitation", { pk: invitation.pk }, { cookie: a.cookie, mutation: true })).status).toBe(200);
    expect((await trpc(app, "team.accept", { token, name: "Late", password: "colleague-password" }, { mutation: true })).status).toBe(403);
  });

  it("writes the invitation in the inviter's saved language", async () => {
    const admin = await accountWithAdmin();
    expect((await trpc(app, "session.setLocale", { locale: "sv" }, { cookie: admin.cookie, mutation: true })).status).toBe(200);
    const email = `svensk-${crypto.randomBytes(4).toString("hex")}@example.test`;
    await trpc(app, "team.invite", { email }, { cookie: admin.cookie, mutation: true });
    await app.drainJobs();
    expect(mailsTo(email)[0]).toContain("bjuder in dig till");
  });
});

describe(`the saved language (${TEST_DB})`, () => {
  it("is saved on the user and restored as the language cookie at the next sign-in", async () => {
    const admin = await accountWithAdmin();
    expect((await trpc(app, "session.setLocale", { locale: "sv" }, { mutation: true })).status).toBe(401);
    expect((await trpc(app, "session.setLocale", { locale: "xx" }, { cookie: admin.cookie, mutation: true })).status).toBe(400);
    await trpc(app, "session.setLocale", { locale: "sv" }, { cookie: admin.cookie, mutation: true });
    expect((await trpc<{ locale: string }>(app, "session.me", undefined, { cookie: admin.cookie })).data!.locale).toBe("sv");
    const again = await signIn(admin.email);
    expect(again.status).toBe(200);
    expect(again.setCookie).toMatch(/payroute_locale=sv; Max-Age=\d+; Path=\//);
  });
});

describe(`forgot password (${TEST_DB})`, () => {
  it("emails a reset link; the link sets a new password and ends the old sessions", async () => {
    const admin = await accountWithAdmin();
    const ask = (email: string) =>
      fetch(`${app.url}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: app.url },
        body: JSON.stringify({ email, redirectTo: "/reset-password" }),
      });
    const known = await ask(admin.email);
    const unknown = await ask(`nobody-${crypto.randomBytes(4).toString("hex")}@example.test`);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await known.json());
    await app.drainJobs();
    const [mail] = mailsTo(admin.email);
    expect(mail).toContain("Reset your Payroute password");
    const link = /(http:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=[^\s"<>]+)/.exec(mail)![1];
    const follow = await fetch(link, { redirect: "manual" });
    expect(follow.status).toBe(302);
    const token = new URL(follow.headers.get("location")!, app.url).searchParams.get("token")!;
    const reset = await fetch(`${app.url}/api/auth/reset-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ token, newPassword: "a-brand-new-password" }),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(admin.email)).status).toBe(401);
    expect((await signIn(admin.email, "a-brand-new-password")).status).toBe(200);
    expect((await trpc(app, "session.me", undefined, { cookie: admin.cookie })).data).toBeNull();
  });
});

describe(`employee sign-in links (${TEST_DB})`, () => {
  it("sends a fresh link to a known address, answers the same for an unknown one, and limits per email", async () => {
    const { key } = await app.newKey("demo");
    const integration = `int-${crypto.randomBytes(3).toString("hex")}`;
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: integration }) });
    const email = `worker-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const created = await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": integration },
      body: { id: "w1", name: "Wera", email, country: "SWE" },
    });
    expect(created.status).toBe(201);
    await app.drainJobs();
    await trpc(
      app,
      "employeeApp.claim",
      { details: TEST_CLAIM_DETAILS, token: magicToken(app.mails().find((m) => m.text.includes(`To: ${email}`))!.text) },
      { mutation: true },
    );

    const known = await trpc(app, "employeeApp.requestLink", { email: email.toUpperCase() }, { mutation: true });
    const unknown = await trpc(app, "employeeApp.requestLink", { email: `x-${email}` }, { mutation: true });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.data).toEqual(unknown.data);
    await app.drainJobs();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("Här är en ny länk för att logga in"); // a Swedish Employee's email is Swedish
    const claim = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: magicToken(mails[1]) }, { mutation: true });
    expect(claim.status).toBe(200);

    expect((await trpc(app, "employeeApp.requestLink", { email }, { mutation: true })).status).toBe(200);
    expect((await trpc(app, "employeeApp.requestLink", { email }, { mutation: true })).status).toBe(200);
    const limited = await trpc(app, "employeeApp.requestLink", { email }, { mutation: true });
    expect(limited.status).toBe(429);
    // The same limit for an address no Employee has: the answer tells nothing.
    for (let i = 0; i < 2; i++) await trpc(app, "employeeApp.requestLink", { email: `x-${email}` }, { mutation: true });
    expect((await trpc(app, "employeeApp.requestLink", { email: `x-${email}` }, { mutation: true })).status).toBe(429);
  });

  it("limits requests per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await trpc(app, "employeeApp.requestLink", { email: `a${i}-${crypto.randomBytes(3).toString("hex")}@example.test` }, { mutation: true })).status,
      );
    }
    // Earlier tests of this file asked from the same address; at most 10 an hour get through.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`Employee review (${TEST_DB})`, () => {
  it("shows what was collected, rejects with a reason and approves, each in the audit trail", async () => {
    const { key, accountPk } = await app.newKey("live");
    const integration = `live-${crypto.randomBytes(3).toString("hex")}`;
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: integration }) });
    const email = `claimer-${crypto.randomBytes(4).toString("hex")}@example.test`;
    await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": integration },
      body: { id: "r1", name: "Rita", email, country: "SWE", cellphone_number: "+46701234567", metadata: { permit: "EU" } },
    });
    await app.drainJobs();
    await trpc(
      app,
      "employeeApp.claim",
      { details: TEST_CLAIM_DETAILS, token: magicToken(app.mails().find((m) => m.text.includes(`To: ${email}`))!.text) },
      { mutation: true },
    );

    const operatorEmail = `op-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const { id: operatorId } = await createUser(app.db, { email: operatorEmail, password: PASSWORD, name: "Olga", accountPk: null, role: "operator" });
    const { cookie } = await signIn(operatorEmail);
    const pending = await trpc<{ pk: string; employee: { id: string } }[]>(app, "employeeVerification.pending", undefined, { cookie });
    const pk = pending.data!.find((p) => p.employee.id === "r1")!.pk;

    type Review = {
      status: string;
      metadata: Record<string, unknown>;
      employee: { cellphone_number: string };
      claimed_at: string;
      decisions: { decision: string; reason: string | null; reviewer_email: string }[];
    };
    const detail = await trpc<Review>(app, "employeeVerification.detail", { employeePk: pk }, { cookie });
    expect(detail.data).toMatchObject({ status: "pending", metadata: { permit: "EU" }, employee: { cellphone_number: "+46701234567" }, decisions: [] });
    expect(detail.data!.claimed_at).not.toBeNull();

    expect((await trpc(app, "employeeVerification.reject", { employeePk: pk, reason: " " }, { cookie, mutation: true })).status).toBe(400);
    expect(
      (await trpc(app, "employeeVerification.reject", { employeePk: pk, reason: "The work permit has expired." }, { cookie, mutation: true })).status,
    ).toBe(200);
    const afterReject = await trpc<Review>(app, "employeeVerification.detail", { employeePk: pk }, { cookie });
    expect(afterReject.data!.status).toBe("rejected");
    expect(afterReject.data!.decisions).toEqual([
      expect.objectContaining({ decision: "rejected", reason: "The work permit has expired.", reviewer_email: operatorEmail }),
    ]);
    const queue = await trpc<{ pk: string }[]>(app, "employeeVerification.pending", undefined, { cookie });
    expect(queue.data!.map((p) => p.pk)).not.toContain(pk);
    // The API representation is the spec's: still claimed and unverified.
    expect((await app.json<{ latest_status: string }>("/v2/employees/r1/", { key, headers: { "Integration-ID": integration } })).body.latest_status).toBe(
      "onboarding",
    );

    expect((await trpc(app, "employeeVerification.verify", { employeePk: pk }, { cookie, mutation: true })).status).toBe(200);
    const approved = await trpc<Review>(app, "employeeVerification.detail", { employeePk: pk }, { cookie });
    expect(approved.data!.status).toBe("verified");
    expect(approved.data!.decisions.map((d) => d.decision)).toEqual(["rejected", "approved"]);
    expect((await trpc(app, "employeeVerification.reject", { employeePk: pk, reason: "Too late" }, { cookie, mutation: true })).status).toBe(409);
    // Each decision is one record of the audit log, the operator its actor, the reason its "after".
    const audited = await app.db.auditRecord.findMany({
      where: { accountPk, targetType: "employee", action: { in: ["employee.rejected", "employee.approved"] } },
      orderBy: { at: "asc" },
    });
    expect(audited.map((r) => [r.action, r.actorKind, r.actorId, r.actorLabel, r.targetId, r.environment])).toEqual([
      ["employee.rejected", "operator", operatorId, operatorEmail, "r1", "live"],
      ["employee.approved", "operator", operatorId, operatorEmail, "r1", "live"],
    ]);
    expect(audited[0].after).toEqual({ reason: "The work permit has expired." });
    expect(audited[1].after).toBeNull();
    // Clients cannot review.
    const client = await accountWithAdmin("live");
    expect((await trpc(app, "employeeVerification.detail", { employeePk: pk }, { cookie: client.cookie })).status).toBe(403);
  });
});
