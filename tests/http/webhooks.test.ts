/** Webhooks: subscriptions, scopes, signed deliveries of every event the product emits, retries, SSRF. */
import { SYSTEM_ACTOR } from "@/domain/audit/audit-record";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "@/domain/webhooks/webhook-body";
import { createWebhook } from "@/domain/webhooks/webhook-service";
import { callerFor, integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
let key: string;
const INT = "wh-int";
const H = { "Integration-ID": INT };
type Webhook = { id: string; url: string; events: string[]; secret_key: string; metadata: Record<string, unknown> };

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } }); // development: deliveries to a local receiver
  receiver = await startReceiver();
  ({ key } = await app.newKey("demo"));
  await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: INT }) });
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});
afterEach(() => {
  receiver.respond = () => 200;
  app.webhooks.timeoutMs = 10_000;
});

const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = H, k = key) =>
  app.json<Webhook>("/v2/webhooks/", { method: "POST", key: k, headers, body });

/** Runs the outbox until `done` holds (retries become due after a few milliseconds here). */
async function runJobsUntil(done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) {
    await app.drainJobs();
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("subscriptions", () => {
  it("create, retrieve, PATCH, PUT (new secret when omitted), DELETE", async () => {
    const created = await subscribe({ id: "wh-1", url: `${receiver.url}/a`, events: ["Employee.created"], metadata: { team: "ops" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: "wh-1", url: `${receiver.url}/a`, events: ["Employee.created"], metadata: { team: "ops" } });
    expect(created.body.secret_key).toMatch(/^[0-9a-f]{32}$/);
    expect((await app.json<Webhook>("/v2/webhooks/wh-1/", { key, headers: H })).body).toEqual(created.body);
    const patched = await app.json<Webhook>("/v2/webhooks/wh-1/", {
      method: "PATCH",
      key,
      headers: H,
      body: { events: ["Employee.created", "Employee.notified"] },
    });
    expect(patched.body).toMatchObject({ secret_key: created.body.secret_key, metadata: { team: "ops" } });
    const put = await app.json<Webhook>("/v2/webhooks/wh-1/", {
      method: "PUT",
      key,
      headers: H,
      body: { id: "wh-1", url: `${receiver.url}/b`, events: ["Employee.created"] },
    });
    expect(put.body.secret_key).not.toBe(created.body.secret_key);
    expect(put.body.metadata).toEqual({});
    expect((await app.api("/v2/webhooks/wh-1/", { method: "DELETE", key, headers: H })).status).toBe(204);
    expect((await app.api("/v2/webhooks/wh-1/", { key, headers: H })).status).toBe(404);
  });

  it("unknown events list the valid names; legacy Invoice.* names map to Payrun.*; one form value is a list", async () => {
    const bad = await subscribe({ url: receiver.url, events: ["Employee.fired"] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Valid events: Employee.created, Employee.notified");
    const legacy = await subscribe({ url: receiver.url, events: ["Invoice.paid"] });
    expect(legacy.body.events).toEqual(["Payrun.paid"]);
    const form = await app.json<Webhook>("/v2/webhooks/", {
      method: "POST",
      key,
      headers: H,
      body: new URLSearchParams({ url: receiver.url, events: "Employee.claimed" }),
    });
    expect(form.status).toBe(201);
    expect(form.body.events).toEqual(["Employee.claimed"]);
  });

  it("Integration-scoped events need Integration-ID; listing with it shows both scopes, without it only the account's", async () => {
    const { key: k } = await app.newKey("demo");
    await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id: "wh-scope" }) });
    const h = { "Integration-ID": "wh-scope" };
    const needs = await subscribe({ url: receiver.url, events: ["Employee.created"] }, {}, k);
    expect(needs.status).toBe(400);
    expect(needs.body).toEqual({ events: ["Events of Employees, Payouts and Payruns belong to an Integration: send the Integration-ID header."] });
    await subscribe({ id: "user-1", url: receiver.url, events: ["Registration.verified"] }, {}, k);
    await subscribe({ id: "int-1", url: receiver.url, events: ["Employee.created"] }, h, k);
    const ids = async (headers: Record<string, string>) =>
      (await app.json<{ results: Webhook[] }>("/v2/webhooks/", { key: k, headers })).body.results.map((w) => w.id).sort();
    expect(await ids(h)).toEqual(["int-1", "user-1"]);
    expect(await ids({})).toEqual(["user-1"]);
    expect((await app.api("/v2/webhooks/int-1/", { key: k })).status).toBe(404);
    expect((await app.api("/v2/webhooks/", { key: k, headers: { "Integration-ID": "nope" } })).status).toBe(404);
  });
});

// Every address form of the issue: loopback, private and link-local, also IPv6 forms and numeric IPv4 forms.
const PRIVATE_URLS = [
  "http://127.0.0.1:9/internal-admin",
  "http://localhost:9/x",
  "http://10.1.2.3/x",
  "http://169.254.169.254/latest",
  "http://[::1]:9/",
  "http://[::127.0.0.1]:9/",
  "http://[::ffff:127.0.0.1]:9/",
  "http://[64:ff9b::7f00:1]:9/",
  "http://[2002:7f00:1::]:9/",
  "http://[fec0::1]:9/",
  "http://[fd00::1]:9/",
  "http://[fe80::1]:9/",
  "http://2130706433:9/",
  "http://0x7f.1:9/",
  "http://0177.0.0.1:9/",
  "http://127.1:9/",
  "http://100.64.0.1/",
];

describe("SSRF", () => {
  it("live keys may not target non-public addresses in any form, also through DNS, on create and update", async () => {
    const live = await app.newKey("live");
    const ok = await subscribe({ url: "https://8.8.8.8/hook", events: ["Registration.verified"] }, {}, live.key);
    expect(ok.status).toBe(201);
    for (const url of PRIVATE_URLS) {
      const res = await subscribe({ url, events: ["Registration.verified"] }, {}, live.key);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).toContain("Webhooks of live keys must go to a public address");
      const patched = await app.json(`/v2/webhooks/${ok.body.id}/`, { method: "PATCH", key: live.key, body: { url } });
      expect(patched.status, url).toBe(400);
    }
  });

  it("URLs are stored as WHATWG serialises them, the check judges that host, and userinfo is refused on create and update", async () => {
    const live = await app.newKey("live");
    // WHATWG ends the authority at "\\" (host 93.184.215.14); parsers that read "…\\@127.0.0.1" as userinfo see loopback.
    const tricky = await subscribe({ url: "http://93.184.215.14\\@127.0.0.1/", events: ["Registration.verified"] }, {}, live.key);
    expect(tricky.status, JSON.stringify(tricky.body)).toBe(201);
    expect(tricky.body.url).toBe("http://93.184.215.14/@127.0.0.1/");
    const normalised = await subscribe({ url: "HTTPS://8.8.8.8:443/a/../b?x=1", events: ["Registration.verified"] }, {}, live.key);
    expect(normalised.body.url).toBe("https://8.8.8.8/b?x=1");

    for (const url of ["http://user:pw@8.8.8.8/", "http://8.8.8.8@127.0.0.1/", "https://user@8.8.8.8/"]) {
      const res = await subscribe({ url, events: ["Registration.verified"] }, {}, live.key);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ url: ["A webhook URL may not contain a user name or password."] });
      const patched = await app.json(`/v2/webhooks/${normalised.body.id}/`, { method: "PATCH", key: live.key, body: { url } });
      expect(patched.status, url).toBe(400);
    }
    expect((await app.json<Webhook>(`/v2/webhooks/${normalised.body.id}/`, { key: live.key })).body.url).toBe("https://8.8.8.8/b?x=1");
  });

  it("by default (WEBHOOK_PRIVATE_TARGETS=none) demo keys are refused too, with a message that says why", async () => {
    const strict = await startTestApp({ webhookPrivateTargets: "none" });
    try {
      const { key: demo } = await strict.newKey("demo");
      const { key: live } = await strict.newKey("live");
      for (const url of [`${receiver.url}/demo`, ...PRIVATE_URLS]) {
        const res = await strict.json("/v2/webhooks/", { method: "POST", key: demo, body: { url, events: ["Registration.verified"] } });
        expect(res.status, url).toBe(400);
        expect(res.body, url).toEqual({ url: [expect.stringContaining("This server sends webhooks of demo keys only to public addresses")] });
        const liveRes = await strict.json("/v2/webhooks/", { method: "POST", key: live, body: { url, events: ["Registration.verified"] } });
        expect(liveRes.status, url).toBe(400);
      }
      const sv = await strict.json("/v2/webhooks/", {
        method: "POST",
        key: demo,
        headers: { "Accept-Language": "sv" },
        body: { url: `${receiver.url}/demo`, events: ["Registration.verified"] },
      });
      expect(JSON.stringify(sv.body)).toContain("Den här servern skickar webhooks för demo-nycklar bara till publika adresser");
    } finally {
      await strict.close();
    }
  });

  it("demo keys may under the development setting 'demo'; a live subscription stored under 'all' is refused at delivery", async () => {
    expect((await subscribe({ url: `${receiver.url}/demo`, events: ["Employee.created"] })).status).toBe(201);

    const live = await app.newKey("live");
    await app.json("/v2/integrations/", { method: "POST", key: live.key, body: integrationBody({ id: "wh-live" }) });
    const integration = await app.db.integration.findFirstOrThrow({ where: { id: "wh-live" } });
    const scope = { accountPk: live.accountPk, environment: "live" as const, integrationPk: integration.pk };
    await createWebhook(app.db, scope, { url: `${receiver.url}/live`, events: ["Employee.created"] }, "all", { actor: SYSTEM_ACTOR, at: new Date() });
    const lh = { "Integration-ID": "wh-live" };
    await app.json("/v2/employees/", { method: "POST", key: live.key, headers: lh, body: { name: "L", email: "l@example.se", country: "SWE" } });
    const delivery = async () => app.db.webhookDelivery.findFirst({ where: { subscription: { url: `${receiver.url}/live` } }, include: { attemptLog: true } });
    await runJobsUntil(async () => ((await delivery())?.attemptLog.length ?? 0) > 0);
    const d = await delivery();
    expect(d?.attemptLog[0].error).toContain("not a public address");
    expect(receiver.received.some((r) => r.path === "/live")).toBe(false);
  });

  it("the reply of a non-public target is never stored or shown: status and timing only", async () => {
    const account = await app.db.account.findFirstOrThrow({ where: { integrations: { some: { id: INT } } } });
    const caller = callerFor(app, { via: "session", accountPk: account.pk, environment: "demo", role: "client", userId: "u" }, INT);
    await subscribe({ id: "internal", url: `${receiver.url}/internal-admin`, events: ["Employee.created"] });
    receiver.respond = ({ path }) => (path === "/internal-admin" ? { status: 200, body: "root:x:0:0 internal-admin-secret" } : 200);
    await caller.webhooks.sendTest({ webhook_id: "internal", event: "Employee.created" });
    await runJobsUntil(async () => receiver.received.some((r) => r.path === "/internal-admin"));
    const log = await caller.webhooks.deliveries({ webhook_id: "internal", page: 1 });
    await runJobsUntil(async () => (await caller.webhooks.deliveries({ webhook_id: "internal", page: 1 })).results[0].status !== "pending");
    const done = await caller.webhooks.deliveries({ webhook_id: "internal", page: 1 });
    expect(log.count).toBe(1);
    expect(done.results[0].attempt_log[0]).toMatchObject({ status_code: 200, response_body: null, response_withheld: true });
    // Each row says which object it concerns (issue 12), read from the body sent.
    expect(done.results[0].object).toEqual({ id: "test", name: null });
    expect(done.results[0].attempt_log[0].duration_ms).toEqual(expect.any(Number));
    expect(JSON.stringify(done)).not.toContain("internal-admin-secret");
    const attempts = await app.db.webhookAttempt.findMany({ where: { delivery: { subscription: { id: "internal" } } } });
    expect(attempts.map((a) => a.responseBody)).toEqual([null]);
  });

  it("a redirect is not followed: the attempt records the 3xx and the delivery is retried", async () => {
    const hook = (await subscribe({ url: `${receiver.url}/moved`, events: ["Employee.created"] })).body;
    receiver.respond = ({ path }) => (path === "/moved" ? { status: 307, headers: { Location: `${receiver.url}/elsewhere` } } : 200);
    await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { name: "R", email: "r@example.se", country: "SWE" } });
    const delivery = () => app.db.webhookDelivery.findFirstOrThrow({ where: { subscription: { id: hook.id } }, include: { attemptLog: true } });
    await runJobsUntil(async () => (await delivery()).attemptLog.length > 0);
    const d = await delivery();
    expect(d.status).not.toBe("succeeded");
    expect(d.attemptLog[0]).toMatchObject({ statusCode: 307, error: "HTTP 307" });
    expect(receiver.received.some((r) => r.path === "/elsewhere")).toBe(false);
  });
});

describe("delivery", () => {
  it("every event the product emits arrives signed, with the object exactly as the API represents it", async () => {
    const { key: k, accountPk } = await app.newKey("demo");
    await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id: "wh-all" }) });
    const h = { "Integration-ID": "wh-all" };
    const intHook = (
      await subscribe({ url: `${receiver.url}/all-int`, events: ["Employee.created", "Employee.notified", "Employee.claimed", "Employee.verified"] }, h, k)
    ).body;
    const userHook = (await subscribe({ url: `${receiver.url}/all-user`, events: ["Registration.verified"] }, {}, k)).body;

    await app.json("/v2/employees/", { method: "POST", key: k, headers: h, body: { id: "sig-1", name: "Åsa Öberg", email: "asa@example.se", country: "SWE" } });
    await app.drainJobs();
    const mail = app
      .mails()
      .map((m) => m.text)
      .find((m) => m.includes("To: asa@example.se"))!;
    await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: magicToken(mail) }, { mutation: true });
    const reg = await app.json<{ id: string }>("/v2/registrations/", {
      method: "POST",
      key: k,
      body: {
        email: "info@acme.dk",
        phone_number: "+4533123456",
        friendly_name: "Acme",
        registered_name: "Acme ApS",
        tin_number: "18785153",
        vat_number: "DK18785153",
        country: "DNK",
        address_line_1: "Vej 1",
        zip_code: "2100",
        city: "København",
      },
    });
    expect(reg.status).toBe(201);
    expect((await app.api(`/v2/registrations/${reg.body.id}/approve/`, { method: "POST", key: k })).status).toBe(200);
    await runJobsUntil(async () => receiver.received.filter((r) => r.path.startsWith("/all-")).length >= 5);

    const got = receiver.received.filter((r) => r.path.startsWith("/all-"));
    const employee = (await app.json<Record<string, unknown>>("/v2/employees/sig-1/", { key: k, headers: h })).body;
    const events: string[] = [];
    for (const r of got) {
      const secret = r.path === "/all-int" ? intHook.secret_key : userHook.secret_key;
      expect(r.headers["content-type"]).toBe("application/json");
      expect(verifySignature(secret, r.body, String(r.headers["service-signature"]), new Date())).toBe(true);
      expect(verifySignature("wrong-secret-0123456789", r.body, String(r.headers["service-signature"]), new Date())).toBe(false);
      expect(r.body).toMatch(/^\{"id": /); // Python json.dumps separators
      expect(r.body).toMatch(/^\p{ASCII}*$/u); // non-ASCII escaped
      const body = JSON.parse(r.body) as Record<string, unknown>;
      events.push(r.path === "/all-user" ? "Registration.verified" : String(body.latest_status));
      if (r.path === "/all-int") expect(Object.keys(body).sort()).toEqual(Object.keys(employee).sort());
      else expect(body).toMatchObject({ id: reg.body.id, needs_review: false });
    }
    expect(events.sort()).toEqual(["Registration.verified", "active", "created", "invited", "onboarding"].sort());
    const verified = got.find((r) => r.path === "/all-int" && JSON.parse(r.body).latest_status === "active")!;
    expect(JSON.parse(verified.body)).toEqual(employee);
    expect(await app.db.event.count({ where: { accountPk } })).toBeGreaterThanOrEqual(5);
  });

  it("a receiver that fails 3 times then succeeds gets exactly one successful delivery", async () => {
    const hook = (await subscribe({ url: `${receiver.url}/flaky`, events: ["Employee.created"] })).body;
    let calls = 0;
    receiver.respond = ({ path }) => (path === "/flaky" ? (++calls <= 3 ? 500 : 200) : 200);
    await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { name: "F", email: "f@example.se", country: "SWE" } });
    const delivery = () =>
      app.db.webhookDelivery.findFirstOrThrow({ where: { subscription: { id: hook.id } }, include: { attemptLog: { orderBy: { attemptedAt: "asc" } } } });
    await runJobsUntil(async () => (await delivery()).status !== "pending");
    const d = await delivery();
    expect(d.status).toBe("succeeded");
    expect(d.attempts).toBe(4);
    expect(d.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 200]);
    const flaky = receiver.received.filter((r) => r.path === "/flaky");
    expect(flaky.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(flaky.map((r) => r.body)).size).toBe(1);
  });

  it("gives up after 10 retries and marks the delivery failed; a timeout counts as a failure", async () => {
    app.webhooks.timeoutMs = 1_000; // the hung attempt times out; the others answer well within it, even on a loaded machine
    const hook = (await subscribe({ url: `${receiver.url}/down`, events: ["Employee.created"] })).body;
    let n = 0;
    receiver.respond = ({ path }) => (path === "/down" ? (n++ === 0 ? "hang" : 503) : 200);
    await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { name: "D", email: "d@example.se", country: "SWE" } });
    const delivery = () => app.db.webhookDelivery.findFirstOrThrow({ where: { subscription: { id: hook.id } }, include: { attemptLog: true } });
    await runJobsUntil(async () => (await delivery()).status !== "pending", 40_000);
    const d = await delivery();
    expect(d.status).toBe("failed");
    expect(d.attempts).toBe(11);
    expect(d.attemptLog.filter((a) => a.error?.includes("TimeoutError") || a.error?.includes("abort"))).toHaveLength(1);
  });

  it("deliveries of one subscription for one object keep their order, even across retries", async () => {
    const hook = (await subscribe({ url: `${receiver.url}/ordered`, events: ["Employee.created", "Employee.notified"] })).body;
    let failures = 0;
    receiver.respond = ({ path }) => (path === "/ordered" && failures++ < 2 ? 500 : 200);
    await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { id: "ord-1", name: "O", email: "o@example.se", country: "SWE" } });
    await runJobsUntil(async () => receiver.received.filter((r) => r.path === "/ordered" && r.status === 200).length >= 2);
    // Every attempt, in the order received: the second event waits until the first is delivered.
    const attempts = receiver.received.filter((r) => r.path === "/ordered").map((r) => [r.status, JSON.parse(r.body).latest_status]);
    expect(attempts).toEqual([
      [500, "created"],
      [500, "created"],
      [200, "created"],
      [200, "invited"],
    ]);
    expect(hook.events).toEqual(["Employee.created", "Employee.notified"]);
  });

  it("an Integration's subscription does not receive another Integration's events", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "wh-other" }) });
    await subscribe({ url: `${receiver.url}/mine`, events: ["Employee.created"] });
    await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": "wh-other" },
      body: { name: "X", email: "x@example.se", country: "SWE" },
    });
    await app.drainJobs();
    expect(receiver.received.filter((r) => r.path === "/mine")).toHaveLength(0);
  });
});

describe("dashboard tools", () => {
  it("delivery log with attempts, redeliver, send a test event, rotate the secret", async () => {
    const account = await app.db.account.findFirstOrThrow({ where: { integrations: { some: { id: INT } } } });
    const caller = callerFor(app, { via: "session", accountPk: account.pk, environment: "demo", role: "client", userId: "u" }, INT);
    const hook = (await subscribe({ id: "tools", url: `${receiver.url}/tools`, events: ["Employee.created"] })).body;
    await caller.webhooks.sendTest({ webhook_id: "tools", event: "Employee.created" });
    await runJobsUntil(async () => receiver.received.some((r) => r.path === "/tools"));
    const log = await caller.webhooks.deliveries({ webhook_id: "tools", page: 1 });
    expect(log.count).toBe(1);
    expect(log.results[0]).toMatchObject({ event: "Employee.created", status: "succeeded", attempts: 1 });
    expect(log.results[0].attempt_log[0]).toMatchObject({ status_code: 200 });
    expect(JSON.parse(log.results[0].payload)).toHaveProperty("id");

    await caller.webhooks.redeliver({ webhook_id: "tools", deliveryPk: log.results[0].pk });
    await runJobsUntil(async () => receiver.received.filter((r) => r.path === "/tools").length >= 2);
    const [first, second] = receiver.received.filter((r) => r.path === "/tools");
    expect(second.body).toBe(first.body);

    const rotated = await caller.webhooks.rotateSecret({ webhook_id: "tools" });
    expect(rotated.secret_key).not.toBe(hook.secret_key);
    await expect(caller.webhooks.sendTest({ webhook_id: "tools", event: "Payout.created" })).rejects.toThrow();
  });
});

describe("Payout and Payrun events", () => {
  it("arrive signed, with the Payout and the Payrun as the API represents them", async () => {
    const { key: k } = await app.newKey("demo");
    const h = { "Integration-ID": "wh-pay" };
    await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id: "wh-pay" }) });
    const events = ["Payout.created", "Payout.notified", "Payout.accepted", "Payrun.created", "Payrun.paid"];
    const hook = (await subscribe({ url: `${receiver.url}/pay`, events }, h, k)).body;

    await app.json("/v2/employees/", {
      method: "POST",
      key: k,
      headers: h,
      body: { id: "payee", name: "Per Payee", email: "payee@example.se", country: "SWE" },
    });
    await app.drainJobs();
    const token = magicToken(
      app
        .mails()
        .map((m) => m.text)
        .find((m) => m.includes("To: payee@example.se"))!,
    );
    const cookie = (await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true })).setCookie!.split(";")[0];
    const created = await app.json<{ id: string; payrun: string }>("/v2/payouts/", {
      method: "POST",
      key: k,
      headers: h,
      body: { id: "po-hook", amount: "1000.00", currency: "SEK", description: "Week 47", employee: "payee" },
    });
    expect(created.status).toBe(201);
    expect((await app.api(`/v2/payruns/${created.body.payrun}/pay/`, { method: "POST", key: k, headers: h })).status).toBe(200);
    await app.drainJobs();
    const accepted = await trpc(app, "employeeApp.acceptPayout", { payoutId: "po-hook" }, { cookie, mutation: true });
    expect(accepted.status).toBe(200);
    await runJobsUntil(async () => receiver.received.filter((r) => r.path === "/pay").length >= 5);

    const got = receiver.received.filter((r) => r.path === "/pay");
    for (const r of got) expect(verifySignature(hook.secret_key, r.body, String(r.headers["service-signature"]), new Date())).toBe(true);
    const bodies = got.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const payout = (await app.json<Record<string, unknown>>("/v2/payouts/po-hook/", { key: k, headers: h })).body;
    const payrun = (await app.json<Record<string, unknown>>(`/v2/payruns/${created.body.payrun}/`, { key: k, headers: h })).body;
    const payoutBodies = bodies.filter((b) => b.id === "po-hook");
    const payrunBodies = bodies.filter((b) => b.id === created.body.payrun);
    expect(payoutBodies.map((b) => b.latest_status)).toEqual(["created", "available", "complete"]);
    expect(payoutBodies[2]).toEqual(payout);
    expect(payrunBodies.map((b) => b.latest_status)).toEqual(["open", "paid"]);
    expect(payrunBodies[1]).toEqual(payrun);
    expect(Object.keys(payoutBodies[0]).sort()).toEqual(Object.keys(payout).sort());
  });
});
