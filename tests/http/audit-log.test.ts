/**
 * The audit log (issue 27, item 2) over the real app on either database: each audited action leaves one
 * record with the right actor and before/after (never a secret); one account never reads another's; no
 * procedure changes a record and the database refuses a direct UPDATE or DELETE; retention removes old
 * records in batches and keeps recent ones.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import os from "node:os";
import { createUser } from "@/auth/auth";
import { cliActor } from "@/cli/cli-actor";
import { createApiKey, revokeApiKey } from "@/domain/api-keys/api-key-service";
import { createUserRecorded } from "@/domain/team/user-create";
import { purgeOldAuditRecords } from "@/domain/audit/audit-retention";
import { SettableClock } from "@/domain/shared/clock";
import { appRouter } from "@/trpc/app-router";
import type { Principal } from "@/trpc/context";
import { callerFor, integrationBody, registrationBody, startTestApp, TEST_DB, trpc, type TestApp } from "../support/test-app";

const START = new Date("2031-06-01T08:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const clock = new SettableClock(START);
const PASSWORD = "a-long-password";
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock, signInThrottle: { maxFailures: 50, lockoutMinutes: 15, addressMaxFailures: 100, addressBurst: 1000 } });
});
afterAll(() => app?.close());

/** An account with a key and an admin (a real user row, so the actor's label is their email). */
async function account() {
  const { key, accountPk } = await app.newKey("demo");
  const email = `admin-${crypto.randomBytes(4).toString("hex")}@example.test`;
  const { id } = await createUser(app.db, { email, password: PASSWORD, name: "Ada", accountPk, role: "client" });
  const principal: Principal = { via: "session", accountPk, environment: "demo", role: "client", teamRole: "admin", userId: id };
  return { key, accountPk, email, userId: id, caller: callerFor(app, principal) };
}

async function records(accountPk: string, action: string) {
  return app.db.auditRecord.findMany({ where: { accountPk, action }, orderBy: { at: "asc" } });
}

async function signIn(email: string, password = PASSWORD) {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, "User-Agent": "audit-test/1.0" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, cookie };
}

describe(`the audit log (${TEST_DB})`, () => {
  it("records keys created and revoked, by the admin, with before/after and never the key", async () => {
    const a = await account();
    const created = await a.caller.apiKeys.create({ environment: "demo", allow_ips: [] });
    await a.caller.apiKeys.revoke({ pk: created.api_key.pk });
    const [made] = (await records(a.accountPk, "api_key.created")).filter((r) => r.actorKind === "user");
    expect(made).toMatchObject({ actorKind: "user", actorId: a.userId, actorLabel: a.email, targetType: "api_key", targetId: created.api_key.pk });
    expect(made.after).toEqual({ prefix: created.api_key.prefix, environment: "demo", allow_ips: [] });
    expect(JSON.stringify(made)).not.toContain(created.key);
    const revoked = await records(a.accountPk, "api_key.revoked");
    expect(revoked).toHaveLength(1);
    expect(revoked[0].before).toEqual({ revoked_at: null });
    expect(revoked[0].after).toEqual({ revoked_at: START.toISOString() });
  });

  it("records a webhook's life through the API with the key as actor, and never a secret", async () => {
    const a = await account();
    const secret = "whsec-never-in-the-log-0001";
    const post = await app.json("/v2/webhooks/", {
      method: "POST",
      key: a.key,
      headers: { "User-Agent": "hook-client/2.0" },
      body: { id: "aud-hook", url: "http://127.0.0.1:9/hook", events: ["Registration.verified"], secret_key: secret },
    });
    expect(post.status).toBe(201);
    await app.json("/v2/webhooks/aud-hook/", { method: "PATCH", key: a.key, body: { url: "http://127.0.0.1:9/hook2" } });
    await app.json("/v2/webhooks/aud-hook/", { method: "PATCH", key: a.key, body: { status: "disabled" } });
    await app.json("/v2/webhooks/aud-hook/", { method: "PATCH", key: a.key, body: { status: "enabled" } });
    await app.json("/v2/webhooks/aud-hook/roll_secret/", { method: "POST", key: a.key, body: { expire_previous_in_minutes: 60 } });
    await a.caller.webhooks.revealSecret({ webhook_id: "aud-hook" });
    // The dashboard's rotation (the secret replaced at once), by the admin.
    await a.caller.webhooks.rotateSecret({ webhook_id: "aud-hook" });
    await app.json("/v2/webhooks/aud-hook/", { method: "DELETE", key: a.key });

    const all = await app.db.auditRecord.findMany({ where: { accountPk: a.accountPk, targetType: "webhook" }, orderBy: { at: "asc" } });
    expect(all.map((r) => r.action).sort()).toEqual(
      [
        "webhook.created",
        "webhook.updated",
        "webhook.disabled",
        "webhook.enabled",
        "webhook.secret_rolled",
        "webhook.secret_rolled",
        "webhook.secret_revealed",
        "webhook.deleted",
      ].sort(),
    );
    // (Every record here has the same time: told apart by their actor.)
    const rolls = all.filter((r) => r.action === "webhook.secret_rolled");
    const rolled = rolls.find((r) => r.actorKind === "api_key");
    const rotated = rolls.find((r) => r.actorKind === "user");
    expect(rolled).toMatchObject({ actorKind: "api_key", actorLabel: a.key.slice(0, 12), after: { expire_previous_in_minutes: 60 } });
    expect(rotated).toMatchObject({ actorKind: "user", actorId: a.userId, actorLabel: a.email, after: { expire_previous_in_minutes: 0 } });
    const created = all.find((r) => r.action === "webhook.created")!;
    expect(created).toMatchObject({ actorKind: "api_key", actorLabel: a.key.slice(0, 12), userAgent: "hook-client/2.0", environment: "demo" });
    expect(created.sourceIp).toMatch(/127\.0\.0\.1/);
    const updated = all.find((r) => r.action === "webhook.updated")!;
    expect(updated.before).toEqual({ url: "http://127.0.0.1:9/hook" });
    expect(updated.after).toEqual({ url: "http://127.0.0.1:9/hook2" });
    expect(all.find((r) => r.action === "webhook.disabled")!.after).toEqual({ status: "disabled" });
    expect(all.find((r) => r.action === "webhook.secret_revealed")!.actorLabel).toBe(a.email);
    const current = await app.db.auditRecord.findMany({ where: { accountPk: a.accountPk } });
    const text = JSON.stringify(current);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(a.key);
  });

  it("records the team's changes: invited, role changed, removed, the 2FA requirement unchanged records nothing", async () => {
    const a = await account();
    await a.caller.team.invite({ email: "new.person@example.test", team_role: "member" });
    const other = await createUser(app.db, {
      email: `m-${crypto.randomBytes(3).toString("hex")}@example.test`,
      password: PASSWORD,
      name: "M",
      accountPk: a.accountPk,
      role: "client",
      teamRole: "member",
    });
    await a.caller.team.changeRole({ id: other.id, team_role: "admin" });
    await a.caller.team.remove({ id: other.id });
    await a.caller.team.requireTwoFactor({ required: false });
    expect((await records(a.accountPk, "team.member_invited"))[0]).toMatchObject({
      targetLabel: "new.person@example.test",
      after: { email: "new.person@example.test", team_role: "member" },
    });
    expect((await records(a.accountPk, "team.member_role_changed"))[0]).toMatchObject({
      targetId: other.id,
      before: { team_role: "member" },
      after: { team_role: "admin" },
    });
    expect((await records(a.accountPk, "team.member_removed"))[0]).toMatchObject({ actorId: a.userId, targetId: other.id, before: { team_role: "admin" } });
    expect(await records(a.accountPk, "team.two_factor_required")).toHaveLength(0);
    await expect(a.caller.team.changeRole({ id: a.userId, team_role: "member" })).rejects.toThrow();
  });

  it("records sign-ins, a failed one with the email tried and no password, a password change and signing out elsewhere", async () => {
    const a = await account();
    expect((await signIn(a.email, "wrong-password-123")).status).toBe(401);
    const first = await signIn(a.email);
    expect(first.status).toBe(200);
    const second = await signIn(a.email);
    const failed = await records(a.accountPk, "user.sign_in_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actorId: null, actorLabel: a.email, targetId: a.userId, userAgent: "audit-test/1.0" });
    expect(JSON.stringify(failed[0])).not.toContain("wrong-password-123");
    expect(await records(a.accountPk, "user.signed_in")).toHaveLength(2);

    const changed = await fetch(`${app.url}/api/auth/change-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url, Cookie: first.cookie },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: "another-long-password", revokeOtherSessions: false }),
    });
    expect(changed.status).toBe(200);
    const [pw] = await records(a.accountPk, "user.password_changed");
    expect(pw).toMatchObject({ actorId: a.userId, actorLabel: a.email });
    expect(JSON.stringify(pw)).not.toContain("another-long-password");

    const revoked = await trpc<{ revoked: number }>(app, "session.revokeOtherSessions", undefined, { cookie: second.cookie, mutation: true });
    expect(revoked.status).toBe(200);
    const [out] = await records(a.accountPk, "user.sessions_revoked");
    expect(out).toMatchObject({ actorId: a.userId, after: { sessions_ended: revoked.data?.revoked } });
  });

  it("records the review team's decisions in the operators' log", async () => {
    const a = await account();
    const reg = await app.json("/v2/registrations/", { method: "POST", key: a.key, body: registrationBody() });
    expect(reg.status).toBe(201);
    const row = await app.db.registration.findFirstOrThrow({ where: { accountPk: a.accountPk }, select: { pk: true } });
    const { id } = await createUser(app.db, {
      email: `op-${crypto.randomBytes(3).toString("hex")}@example.test`,
      password: PASSWORD,
      name: "Op",
      accountPk: null,
      role: "operator",
    });
    const op = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: id });
    await op.registrations.review.reject({ pk: row.pk, reason: "Missing documents" });
    const [rejected] = await records(a.accountPk, "registration.rejected");
    expect(rejected).toMatchObject({ actorKind: "operator", actorId: id, after: { reason: "Missing documents" } });
    const log = await op.audit.operatorList({ action: "registration." });
    expect(log.results.some((r) => r.id === rejected.id)).toBe(true);
    // The account's admins see the decision on their Registration too.
    expect((await a.caller.audit.list({ action: "registration.rejected" })).results).toHaveLength(1);

    // An approval: one record, the operator its actor, the Registration its target.
    const second = await app.json<{ id: string }>("/v2/registrations/", {
      method: "POST",
      key: a.key,
      body: registrationBody({ id: "aud-reg-2", friendly_name: "Nordvik Two" }),
    });
    expect(second.status).toBe(201);
    const secondRow = await app.db.registration.findFirstOrThrow({ where: { accountPk: a.accountPk, id: "aud-reg-2" }, select: { pk: true } });
    await op.registrations.review.approve({ pk: secondRow.pk });
    const approved = await records(a.accountPk, "registration.approved");
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      actorKind: "operator",
      actorId: id,
      environment: "demo",
      targetType: "registration",
      targetLabel: "Nordvik Two",
      after: null,
    });
    expect(await records(a.accountPk, "registration.rejected")).toHaveLength(1);
    expect((await op.audit.operatorList({ action: "registration.approved" })).results.some((r) => r.id === approved[0].id)).toBe(true);
  });

  it("records Payouts made in the dashboard: one record a Payout, one an import of many with its count and sums; none for a key's", async () => {
    const a = await account();
    const as = { key: a.key, headers: { "Integration-ID": "aud-pay" } };
    expect((await app.json("/v2/integrations/", { method: "POST", key: a.key, body: integrationBody({ id: "aud-pay" }) })).status).toBe(201);
    const employee = { id: "pia", name: "Pia Holm", email: "pia@aud-pay.example", country: "SWE" };
    expect((await app.json("/v2/employees/", { method: "POST", ...as, body: employee })).status).toBe(201);
    const line = (amount: string) => ({ employee: "pia", amount, currency: "SEK", description: "Shift" });
    const dashboard = callerFor(
      app,
      { via: "session", accountPk: a.accountPk, environment: "demo", role: "client", teamRole: "admin", userId: a.userId },
      "aud-pay",
    );

    const one = await dashboard.payouts.create(line("100.00"));
    const imported = await dashboard.payouts.create(Array.from({ length: 30 }, (_, i) => line(i % 2 ? "10.50" : "20.25")));
    expect((await app.json("/v2/payouts/", { method: "POST", ...as, body: [line("5.00"), line("6.00")] })).status).toBe(201);

    const [created] = await records(a.accountPk, "payout.created");
    expect(await records(a.accountPk, "payout.created")).toHaveLength(1);
    expect(Array.isArray(one)).toBe(false);
    expect(created).toMatchObject({
      actorKind: "user",
      actorId: a.userId,
      actorLabel: a.email,
      environment: "demo",
      targetType: "payout",
      after: { amount: "100.00", currency: "SEK", employee: "pia", description: "Shift" },
    });
    const imports = await records(a.accountPk, "payout.imported");
    expect(imports).toHaveLength(1);
    const ids = Array.isArray(imported) ? imported.map((p) => p.id) : [];
    // 15 × 20.25 + 15 × 10.50, as decimals.
    expect(imports[0]).toMatchObject({ actorId: a.userId, after: { count: 30, amounts: { SEK: "461.25" }, first: ids[0], last: ids[29] } });
  });

  it("records an Invoice and a Payrun marked paid by the review team, before and after, in the account's log and the team's", async () => {
    const a = await account();
    const as = { key: a.key, headers: { "Integration-ID": "aud-inv" } };
    expect((await app.json("/v2/integrations/", { method: "POST", key: a.key, body: integrationBody({ id: "aud-inv" }) })).status).toBe(201);
    expect(
      (await app.json("/v2/employees/", { method: "POST", ...as, body: { id: "pia", name: "Pia Holm", email: "pia@aud-inv.example", country: "SWE" } })).status,
    ).toBe(201);
    const line = { employee: "pia", amount: "100.00", currency: "SEK", description: "Shift" };
    const first = await app.json<{ payrun: string }>("/v2/payouts/", { method: "POST", ...as, body: line });
    expect(first.status).toBe(201);
    const { id: opId } = await createUser(app.db, {
      email: `op-${crypto.randomBytes(3).toString("hex")}@example.test`,
      password: PASSWORD,
      name: "Op",
      accountPk: null,
      role: "operator",
    });
    const op = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: opId });

    const sekPayrun = await app.db.payrun.findFirstOrThrow({
      where: { id: first.body.payrun, integration: { accountPk: a.accountPk } },
      select: { pk: true, id: true },
    });
    const paid = await op.payruns.markPaid({ payrunPk: sekPayrun.pk });
    const [payrunRecord] = await records(a.accountPk, "payrun.marked_paid");
    expect(payrunRecord).toMatchObject({ actorKind: "operator", actorId: opId, targetType: "payrun", targetId: sekPayrun.id, before: { paid_at: null } });
    expect(payrunRecord.after).toMatchObject({ paid_at: paid.paid_at });

    // The next Payrun paid as its Invoice: recorded as the Invoice marked paid (not the Payrun as well).
    const second = await app.json<{ payrun: string }>("/v2/payouts/", { method: "POST", ...as, body: line });
    expect(second.status).toBe(201);
    expect(second.body.payrun).not.toBe(first.body.payrun);
    const nextPayrun = await app.db.payrun.findFirstOrThrow({
      where: { id: second.body.payrun, integration: { accountPk: a.accountPk } },
      select: { pk: true },
    });
    // Closing issues the Invoice, which the review team then marks paid.
    expect((await app.json(`/v2/payruns/${second.body.payrun}/close/`, { method: "POST", ...as })).status).toBe(204);
    const invoice = await app.db.invoice.findFirstOrThrow({ where: { payrunPk: nextPayrun.pk }, select: { pk: true, id: true, number: true } });
    const paidInvoice = await op.invoices.markPaid({ invoicePk: invoice.pk });
    const marked = await records(a.accountPk, "invoice.marked_paid");
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({ actorKind: "operator", actorId: opId, targetType: "invoice", targetId: invoice.id, before: { paid_at: null } });
    // Labelled by what people read on the invoice (its number), not an id.
    expect(invoice.number).not.toBeNull();
    expect(marked[0].targetLabel).toBe(String(invoice.number));
    expect(marked[0].after).toMatchObject({ paid_at: paidInvoice.paid_at, total: paidInvoice.total });
    expect(await records(a.accountPk, "payrun.marked_paid")).toHaveLength(1);
    const log = await op.audit.operatorList({ action: "payrun.marked_paid", actor: "op-" });
    expect(log.results.some((r) => r.id === payrunRecord.id)).toBe(true);
    expect((await a.caller.audit.list({ action: "payrun." })).results.map((r) => r.id)).toEqual([payrunRecord.id]);
  });

  it("records the CLI's changes with the CLI and the OS user as actor: users create (client and operator), keys create and revoke", async () => {
    const a = await account();
    const cli = cliActor();
    expect(cli).toMatchObject({ kind: "cli", id: null, label: `cli (${os.userInfo().username})` });
    const by = { actor: cli, at: clock.now() };
    const email = `cli-${crypto.randomBytes(3).toString("hex")}@example.test`;
    const made = await createUserRecorded(app.db, { email, password: PASSWORD, name: "Cli", accountPk: a.accountPk, role: "client", teamRole: "admin" }, by);
    const [created] = await records(a.accountPk, "user.created");
    expect(created).toMatchObject({
      actorKind: "cli",
      actorId: null,
      actorLabel: cli.label,
      targetId: made.id,
      after: { email, role: "client", team_role: "admin" },
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);

    const opEmail = `cli-op-${crypto.randomBytes(3).toString("hex")}@example.test`;
    const op = await createUserRecorded(app.db, { email: opEmail, password: PASSWORD, name: "Op", accountPk: null, role: "operator", teamRole: "admin" }, by);
    const opCaller = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: op.id });
    const opLog = await opCaller.audit.operatorList({ action: "user.created", actor: "cli" });
    expect(opLog.results.find((r) => r.target.id === op.id)).toMatchObject({
      actor: { kind: "cli", label: cli.label },
      after: { email: opEmail, role: "operator" },
    });
    // The client's creation is the account's, not the review team's.
    expect(opLog.results.some((r) => r.target.id === made.id)).toBe(false);

    const key = await createApiKey(app.db, { accountPk: a.accountPk, environment: "live", allowIps: [] }, by);
    expect(await revokeApiKey({ db: app.db, clock }, key.pk, cli)).toBe(true);
    const keyRecords = (await app.db.auditRecord.findMany({ where: { accountPk: a.accountPk, targetId: key.pk }, orderBy: { action: "asc" } })).map((r) => [
      r.action,
      r.actorLabel,
    ]);
    expect(keyRecords).toEqual([
      ["api_key.created", cli.label],
      ["api_key.revoked", cli.label],
    ]);
  });

  it("shows an account only its own records, filtered and as CSV", async () => {
    const a = await account();
    const b = await account();
    await a.caller.apiKeys.create({ environment: "demo", allow_ips: [] });
    await b.caller.apiKeys.create({ environment: "live", allow_ips: [] });
    const page = await a.caller.audit.list({ action: "api_key." });
    expect(page.results.length).toBeGreaterThanOrEqual(1);
    expect(page.results.every((r) => r.actor.label === a.email || r.actor.kind === "system")).toBe(true);
    const bIds = new Set((await b.caller.audit.list({})).results.map((r) => r.id));
    expect(page.results.some((r) => bIds.has(r.id))).toBe(false);
    expect((await a.caller.audit.list({ actor: b.email })).count).toBe(0);
    const csv = await a.caller.audit.export({ action: "api_key.created", actor: a.email });
    expect(csv.csv.split("\r\n")[0]).toBe("at,environment,actor_kind,actor,source_ip,user_agent,action,target_type,target_id,target,before,after");
    expect(csv.count).toBe(1);
    // A member is refused, as is a key.
    const member = callerFor(app, { via: "session", accountPk: a.accountPk, environment: "demo", role: "client", teamRole: "member", userId: a.userId });
    await expect(member.audit.list({})).rejects.toThrow();
  });

  it("has no procedure that changes a record, and the database refuses a direct UPDATE, DELETE or TRUNCATE", async () => {
    const writers = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("audit."));
    expect(writers.sort()).toEqual(["audit.export", "audit.list", "audit.operatorExport", "audit.operatorList"]);
    const a = await account();
    await a.caller.apiKeys.create({ environment: "demo", allow_ips: [] });
    const [rec] = await records(a.accountPk, "api_key.created");
    await expect(app.db.$executeRawUnsafe(`UPDATE audit_record SET action = 'x' WHERE id = '${rec.id}'`)).rejects.toThrow(/append-only/);
    await expect(app.db.$executeRawUnsafe(`DELETE FROM audit_record WHERE id = '${rec.id}'`)).rejects.toThrow(/append-only/);
    await expect(app.db.$executeRawUnsafe(`TRUNCATE audit_record`)).rejects.toThrow(/append-only/);
    expect(await app.db.auditRecord.count({ where: { id: rec.id, action: "api_key.created" } })).toBe(1);
  });

  it("retention removes records older than AUDIT_LOG_DAYS in batches and keeps recent ones", async () => {
    const a = await account();
    const base = { accountPk: a.accountPk, actorKind: "system" as const, actorLabel: "system", action: "test.retention", targetType: "test" };
    await app.db.auditRecord.createMany({
      data: [
        ...Array.from({ length: 5 }, (_, i) => ({ ...base, at: new Date(START.getTime() - (400 + i) * DAY) })),
        { ...base, at: new Date(START.getTime() - 10 * DAY) },
      ],
    });
    const removed = await purgeOldAuditRecords(app.db, 365, START, 2);
    expect(removed).toBeGreaterThanOrEqual(5);
    const left = await records(a.accountPk, "test.retention");
    expect(left).toHaveLength(1);
    expect(left[0].at.toISOString()).toBe(new Date(START.getTime() - 10 * DAY).toISOString());
    // Outside the job's transaction the same DELETE is refused again.
    await expect(app.db.$executeRawUnsafe(`DELETE FROM audit_record WHERE id = '${left[0].id}'`)).rejects.toThrow(/append-only/);
  });
});
