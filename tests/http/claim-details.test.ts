/**
 * The claim form (issue 28): field errors in the Employee's language, the details encrypted at rest, the
 * reviewers' checks and recorded Reveal, the Employee's view of a rejection, a bank change that needs a fresh
 * link and sends an email, key rotation, and none of the values in any /v2/ answer, webhook, event, log or email.
 */
import crypto from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptionKeys } from "@/config/encryption-keys";
import { readEnv } from "@/config/env";
import { CLI_ACTOR } from "@/domain/audit/audit-record";
import { rotateClaimDetails } from "@/domain/employees/claim-details-rotation";
import { openClaimDetails } from "@/domain/employees/claim-details-store";
import { SettableClock } from "@/domain/shared/clock";
import { createFieldCipher } from "@/domain/shared/field-encryption";
import { createLogger } from "@/log";
import { callerFor, decodeMail, integrationBody, magicToken, startTestApp, TEST_KEYS, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const clock = new SettableClock(new Date("2026-06-01T10:00:00Z"));
let app: TestApp;
let receiver: Receiver;
let live: { key: string; accountPk: string };
const logLines: string[] = [];
const INTEGRATION = "claim-int";

/** A personnummer, a samordningsnummer and an account nobody else in the suite uses, so that a search by value finds only this flow's. */
const GOOD = {
  name: "Sara Claimsson",
  street: "Kvarngatan 3",
  postal_code: "118 47",
  city: "Stockholm",
  identity_number: "19850709-9805",
  clearing_number: "8327-9",
  account_number: "1111234561",
};

type Call = {
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data?: { code?: string; fieldErrors?: Record<string, string[]> } } };
  setCookie: string | null;
};

async function call(proc: string, input: unknown, o: { cookie?: string; locale?: "en" | "sv"; query?: boolean } = {}): Promise<Call> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: app.url };
  const cookies = [o.cookie, o.locale ? `payroute_locale=${o.locale}` : undefined].filter(Boolean);
  if (cookies.length) headers.Cookie = cookies.join("; ");
  const res = o.query
    ? await fetch(`${app.url}/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
    : await fetch(`${app.url}/api/trpc/${proc}`, { method: "POST", headers, body: JSON.stringify(input) });
  return { status: res.status, body: (await res.json()) as Call["body"], setCookie: res.headers.get("set-cookie") };
}

const as = { key: "", headers: { "Integration-ID": INTEGRATION } };

async function invite(id: string, email: string): Promise<string> {
  const res = await app.json("/v2/employees/", { method: "POST", ...as, body: { id, name: "Sara Claimsson", email, country: "SWE" } });
  expect(res.status).toBe(201);
  await app.drainJobs();
  return magicToken(app.mails().find((m) => m.text.includes(`To: ${email}`))!.text);
}

beforeAll(async () => {
  receiver = await startReceiver();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString("utf8"));
      done();
    },
  });
  app = await startTestApp({ clock, log: createLogger("debug", stream), requestLog: { flushMs: 20 }, webhookPrivateTargets: "all" });
  live = await app.newKey("live");
  as.key = live.key;
  expect((await app.json("/v2/integrations/", { method: "POST", key: live.key, body: integrationBody({ id: INTEGRATION }) })).status).toBe(201);
  const hook = await app.json("/v2/webhooks/", {
    method: "POST",
    ...as,
    body: { url: `${receiver.url}/hook`, events: ["Employee.created", "Employee.notified", "Employee.claimed", "Employee.verified"] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

describe("the claim form", () => {
  it("names the wrong field in the Employee's language and leaves the link unused until the form is right", async () => {
    const token = await invite("form-1", "form-1@example.se");
    const missing = await call("employeeApp.claim", { token });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.data?.fieldErrors?.non_field_errors?.[0]).toMatch(/identity number, bank account/);

    const cases = [
      { field: "identity_number", input: { identity_number: "19850709-9806" }, en: /valid Swedish personal identity number/, sv: /giltigt personnummer/ },
      { field: "clearing_number", input: { clearing_number: "0999" }, en: /valid clearing number/, sv: /giltigt clearingnummer/ },
      {
        field: "account_number",
        input: { account_number: "12345" },
        en: /Swedbank account numbers have 10 to 11 digits/,
        sv: /Kontonummer hos Swedbank har 10 till 11 siffror/,
      },
      {
        field: "account_number",
        input: { account_number: "1111234562" },
        en: /not a valid Swedbank account number/,
        sv: /inte ett giltigt kontonummer hos Swedbank/,
      },
      { field: "identity_number", input: { identity_number: "20140101-1232" }, en: /at least 16 years old/, sv: /fyllt 16 år/ },
    ];
    for (const c of cases) {
      for (const locale of ["en", "sv"] as const) {
        const res = await call("employeeApp.claim", { token, details: { ...GOOD, ...c.input } }, { locale });
        expect(res.status, `${c.field} ${locale}`).toBe(400);
        const errors = res.body.error?.data?.fieldErrors ?? {};
        expect(Object.keys(errors), `${c.field} ${locale}`).toEqual([c.field]);
        expect(errors[c.field][0]).toMatch(c[locale]);
      }
    }
    // A samordningsnummer (day + 60) is an identity number too.
    const coordination = await call("employeeApp.claim", { token, details: { ...GOOD, identity_number: "19850769-9802" } });
    expect(coordination.body.error?.data?.fieldErrors?.identity_number).toBeUndefined();
    const employee = await app.db.employee.findFirstOrThrow({ where: { id: "form-1" }, select: { claimedAt: true, magicLinks: { select: { usedAt: true } } } });
    expect(employee.claimedAt).not.toBeNull(); // the samordningsnummer claim went through
  });

  it("stores the numbers encrypted, shows them masked, and the reviewer's Reveal answers them and is recorded", async () => {
    const token = await invite("enc-1", "enc-1@example.se");
    const preview = await call("employeeApp.link", { token }, { query: true });
    expect(preview.body.result?.data).toEqual({ claims: true, name: "Sara Claimsson", integration: expect.any(String) });
    const claim = await call("employeeApp.claim", { token, details: GOOD });
    expect(claim.status).toBe(200);
    const pk = (await app.db.employee.findFirstOrThrow({ where: { id: "enc-1" }, select: { pk: true } })).pk;

    // The row itself, read with SQL: no plaintext of either number, in any format.
    const rows = await app.db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM employee_claim_details WHERE employee_pk = ${pk}::uuid`;
    const raw = JSON.stringify(rows);
    for (const v of ["198507099805", "8507099805", "9805", "1111234561", "83279"]) expect(raw).not.toContain(v);
    expect(rows[0].identity_number).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(rows[0]).toMatchObject({ identity_masked: "19850709-****", bank_account_masked: "****4561", bank_name: "Swedbank" });

    const cookie = claim.setCookie!.split(";")[0];
    const mine = await call("employeeApp.details", undefined, { cookie, query: true });
    expect(mine.body.result?.data).toMatchObject({ review: "pending", details: { identity_number: "19850709-****", bank_account: "****4561" } });

    const op = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op-1" });
    const review = await op.employeeVerification.detail({ employeePk: pk });
    expect(review.details).toMatchObject({ name: "Sara Claimsson", identity_number: "19850709-****", bank_account: "****4561", bank_name: "Swedbank" });
    expect(review.checks).toEqual({
      identity_number_valid: true,
      coordination_number: false,
      age: 40,
      age_at_least_16: true,
      bank_account_valid: true,
      bank_name: "Swedbank",
      bank_account_problem: null,
      name_matches: true,
    });
    expect(JSON.stringify(review)).not.toContain("9805");
    expect(review.reveals).toEqual([]);

    expect(await op.employeeVerification.reveal({ employeePk: pk, field: "identity_number" })).toEqual({ field: "identity_number", value: "19850709-9805" });
    clock.advance(1000);
    expect(await op.employeeVerification.reveal({ employeePk: pk, field: "bank_account" })).toEqual({ field: "bank_account", value: "83279 1111234561" });
    const after = await op.employeeVerification.detail({ employeePk: pk });
    expect(after.reveals.map((r) => [r.field, r.reviewer_id])).toEqual([
      ["identity_number", "op-1"],
      ["bank_account", "op-1"],
    ]);
    const client = callerFor(app, { via: "session", accountPk: live.accountPk, environment: "live", role: "client", teamRole: "admin", userId: "c-1" });
    await expect(client.employeeVerification.reveal({ employeePk: pk, field: "identity_number" })).rejects.toThrow();
  });

  it("a rejected Employee sees the reason and re-submits; a bank change needs a fresh link and is emailed", async () => {
    const token = await invite("rej-1", "rej-1@example.se");
    const claim = await call("employeeApp.claim", { token, details: { ...GOOD, identity_number: "19900101-1239", account_number: "1111234579" } });
    expect(claim.status).toBe(200);
    const cookie = claim.setCookie!.split(";")[0];
    const pk = (await app.db.employee.findFirstOrThrow({ where: { id: "rej-1" }, select: { pk: true } })).pk;
    const op = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op-2" });

    expect((await call("employeeApp.resubmitDetails", GOOD, { cookie })).status).toBe(409); // pending: not editable
    await op.employeeVerification.reject({ employeePk: pk, reason: "The name on the bank account does not match." });
    const rejected = await call("employeeApp.details", undefined, { cookie, query: true });
    expect(rejected.body.result?.data).toMatchObject({ review: "rejected", rejection_reason: "The name on the bank account does not match." });
    expect((await call("employeeApp.resubmitDetails", GOOD, { cookie })).status).toBe(200);
    expect((await op.employeeVerification.pending()).map((p) => p.pk)).toContain(pk);
    await op.employeeVerification.verify({ employeePk: pk });

    // Within 15 minutes of the link: allowed, with field errors like the form's, and an email.
    const bad = await call("employeeApp.changeBankAccount", { clearing_number: "6000", account_number: "1234" }, { cookie, locale: "sv" });
    expect(bad.body.error?.data?.fieldErrors?.account_number?.[0]).toMatch(/Handelsbanken har 8 till 9 siffror/);
    const changed = await call("employeeApp.changeBankAccount", { clearing_number: "6000", account_number: "111234565" }, { cookie });
    expect(changed.status).toBe(200);
    await app.drainJobs();
    const notice = app.mails().find((m) => m.text.includes("To: rej-1@example.se") && /bankkonto/.test(m.text));
    expect(notice?.text).toMatch(/Handelsbanken/);
    expect(notice?.text).not.toContain("111234565");
    const opened = await openClaimDetails(app.db, app.fieldCipher, pk);
    expect(opened).toMatchObject({ clearing: "6000", account: "111234565" });

    // Later: refused until a fresh link is opened.
    clock.set(new Date(clock.now().getTime() + 16 * 60_000));
    const stale = await call("employeeApp.changeBankAccount", { clearing_number: "5000", account_number: "1234560" }, { cookie });
    expect(stale.status).toBe(403);
    expect(stale.body.error?.message).toMatch(/fresh sign-in link/);
  });
});

describe("the reviewer's automatic checks", () => {
  it("are made again on the stored details, and a failing bank account says why", async () => {
    const token = await invite("chk-1", "chk-1@example.se");
    expect((await call("employeeApp.claim", { token, details: { ...GOOD, identity_number: "19900101-1239", account_number: "1111234579" } })).status).toBe(200);
    const pk = (await app.db.employee.findFirstOrThrow({ where: { id: "chk-1" }, select: { pk: true } })).pk;
    // A row that no longer passes (an SEB account is 7 digits): written as the store would, encrypted.
    const bankAccount = app.fieldCipher.encrypt(JSON.stringify({ clearing: "5000", account: "123" }));
    await app.db.employeeClaimDetails.update({ where: { employeePk: pk }, data: { bankAccount } });
    const op = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op-3" });
    const review = await op.employeeVerification.detail({ employeePk: pk });
    expect(review.checks).toMatchObject({ identity_number_valid: true, age_at_least_16: true, bank_account_valid: false, bank_name: null });
    expect(review.checks?.bank_account_problem).toMatch(/SEB.*7 digits/);
  });
});

describe("encryption keys", () => {
  it("rows written with an old key are read after a rotation, and `encryption rotate` rewrites them with the new key", async () => {
    const newKey = crypto.randomBytes(32);
    const rotated = createFieldCipher(newKey, [TEST_KEYS.current]);
    const pks = (await app.db.employeeClaimDetails.findMany({ select: { employeePk: true } })).map((r) => r.employeePk);
    expect(pks.length).toBeGreaterThan(0);
    const before = await Promise.all(pks.map((pk) => openClaimDetails(app.db, app.fieldCipher, pk)));
    // Read with the rotated configuration, before the rows are rewritten.
    expect(await Promise.all(pks.map((pk) => openClaimDetails(app.db, rotated, pk)))).toEqual(before);
    const { rewritten } = await rotateClaimDetails(app.db, rotated, { actor: CLI_ACTOR, at: new Date() }, { batchSize: 1 });
    expect(rewritten).toBe(pks.length);
    // The run is one record of the audit log, by the CLI, with how many rows it rewrote (issue 27).
    const [run] = await app.db.auditRecord.findMany({ where: { action: "encryption.rotated" }, orderBy: { at: "desc" }, take: 1 });
    expect(run).toMatchObject({ actorKind: "cli", accountPk: null, after: { rewritten: pks.length, key_id: rotated.currentKeyId } });
    const rows = await app.db.employeeClaimDetails.findMany({ select: { identityNumber: true, bankAccount: true } });
    for (const r of rows) expect([rotated.keyIdOf(r.identityNumber), rotated.keyIdOf(r.bankAccount)]).toEqual([rotated.currentKeyId, rotated.currentKeyId]);
    expect((await rotateClaimDetails(app.db, rotated, { actor: CLI_ACTOR, at: new Date() })).rewritten).toBe(0);
    // With the old key gone, the new one alone reads them; the old key alone no longer can.
    const newOnly = createFieldCipher(newKey);
    expect(await Promise.all(pks.map((pk) => openClaimDetails(app.db, newOnly, pk)))).toEqual(before);
    await expect(openClaimDetails(app.db, app.fieldCipher, pks[0])).rejects.toThrow(/No encryption key/);
    // Back to the suite's key for whatever runs later.
    await rotateClaimDetails(app.db, createFieldCipher(TEST_KEYS.current, [newKey]), { actor: CLI_ACTOR, at: new Date() });
  });

  it("production refuses to start without a key; a wrong length is refused; the embedded database generates one (mode 600)", async () => {
    const base = { NODE_ENV: "test" as const };
    expect(() => encryptionKeys(readEnv({ ...base, DATABASE_URL: "postgresql://x@h/db" }), { generate: true })).toThrow(
      /DATA_ENCRYPTION_KEY: required with DATABASE_URL/,
    );
    expect(() => readEnv({ ...base, DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/DATA_ENCRYPTION_KEY: must be 32 bytes/);
    expect(() => readEnv({ ...base, DATA_ENCRYPTION_KEYS_OLD: "abc" })).toThrow(/DATA_ENCRYPTION_KEYS_OLD/);
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-key-"));
    const e = readEnv({ ...base, DATA_DIR: dir });
    expect(() => encryptionKeys(e, { generate: false })).toThrow(/does not exist yet/);
    const first = encryptionKeys(e, { generate: true });
    expect(first.generated).toBe(true);
    expect(fs.statSync(first.keyFile!).mode & 0o777).toBe(0o600);
    const again = encryptionKeys(e, { generate: true });
    expect([again.generated, again.current.equals(first.current)]).toEqual([false, true]);
  });
});

describe("where the details never are", () => {
  it("no /v2/ answer, webhook body, event, request log record, log line or email of the flow holds them", async () => {
    // The demo test helper's claim takes the same fields, sent through /v2/ (so the request log sees them).
    const demo = await app.newKey("demo");
    await app.json("/v2/integrations/", { method: "POST", key: demo.key, body: integrationBody({ id: "claim-demo" }) });
    const d = { key: demo.key, headers: { "Integration-ID": "claim-demo" } };
    // This flow's webhooks are received too, not only the live Integration's.
    const events = ["Employee.created", "Employee.notified", "Employee.claimed", "Employee.verified"];
    expect((await app.json("/v2/webhooks/", { method: "POST", ...d, body: { url: `${receiver.url}/demo-hook`, events } })).status).toBe(201);
    const receivedBefore = receiver.received.length;
    await app.json("/v2/employees/", { method: "POST", ...d, body: { id: "th-1", name: "Sara Claimsson", email: "th-1@example.se", country: "SWE" } });
    const bad = await app.json("/v2/test_helpers/employees/th-1/claim/", { method: "POST", ...d, body: { ...GOOD, clearing_number: "0999" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ clearing_number: [expect.stringMatching(/clearing number/)] });
    const ok = await app.json("/v2/test_helpers/employees/th-1/claim/", { method: "POST", ...d, body: GOOD });
    expect(ok.status).toBe(200);
    const defaults = await app.json("/v2/employees/", {
      method: "POST",
      ...d,
      body: { id: "th-2", name: "Demo Person", email: "th-2@example.se", country: "SWE" },
    });
    expect(defaults.status).toBe(201);
    expect((await app.json("/v2/test_helpers/employees/th-2/claim/", { method: "POST", ...d })).status).toBe(200);

    const answers = [
      await app.json("/v2/employees/", as),
      await app.json("/v2/employees/enc-1/", as),
      await app.json("/v2/employees/th-1/", d),
      await app.json("/v2/events/", as),
      await app.json("/v2/events/", d),
      ok,
      bad,
    ].map((r) => JSON.stringify(r.body));
    await app.drainJobs();
    await app.requestLog?.flush();
    const eventRows = JSON.stringify(await app.db.event.findMany(), (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    const deliveries = JSON.stringify(await app.db.webhookDelivery.findMany({ select: { body: true } }));
    const requestLogs = JSON.stringify(await app.db.requestLog.findMany());
    // Quoted-printable undone: a soft line break could otherwise split a number and hide it from the search.
    const mails = app.mails().map((m) => decodeMail(m.text));
    expect(receiver.received.length).toBeGreaterThan(receivedBefore);
    const webhooks = receiver.received.map((r) => r.body);
    const haystacks = { answers, events: [eventRows], deliveries: [deliveries], webhooks, requestLogs: [requestLogs], logs: logLines, mails };
    const values = ["198507099805", "8507099805", "1111234561", "198507699802", "111234565", "1111234579", "199001011239", "8327-9", "832791111234561"];
    // Searched with the separators people and formatters put between digits removed (19850709-9805, 111 123 456-1).
    const joined = (t: string) => t.replace(/(?<=\d)[ \u00a0-](?=\d)/g, "");
    for (const [where, texts] of Object.entries(haystacks)) {
      for (const v of values)
        expect(
          texts.filter((t) => t.includes(v) || joined(t).includes(v)),
          `${v} in ${where}`,
        ).toEqual([]);
    }
    expect(requestLogs).toContain("test_helpers"); // the request log did record the flow
  });
});
