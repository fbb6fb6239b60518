/**
 * The request log (issue 27): every /v2/ request of an account is recorded off the request path; answers of
 * 400 and above with both bodies, capped and redacted; read by the account's admins only, within their
 * account; removed after REQUEST_LOG_DAYS; a failing or stalled writer never holds up the API.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { purgeOldRequestLogs } from "@/domain/request-log/request-log-retention";
import { SettableClock } from "@/domain/shared/clock";
import type { Principal } from "@/trpc/context";
import { callerFor, integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";

const DAY = 24 * 60 * 60 * 1000;
const START = new Date("2031-05-05T08:00:00.000Z");
const clock = new SettableClock(START);
let app: TestApp;
let a: { key: string; accountPk: string };
let b: { key: string; accountPk: string };

function admin(accountPk: string, teamRole: "admin" | "member" = "admin"): Principal {
  return { via: "session", accountPk, environment: "demo", role: "client", teamRole, userId: crypto.randomUUID() };
}

beforeAll(async () => {
  app = await startTestApp({ clock, requestLog: { flushMs: 20 } });
  a = await app.newKey("demo");
  b = await app.newKey("demo");
});
afterAll(() => app?.close());

describe("a failed request's record", () => {
  it("has both bodies, with a secret_key and an API key redacted", async () => {
    const requestId = "rlog-failed-0001";
    const secret = "whsec-do-not-keep-me-1234";
    const res = await app.json("/v2/webhooks/", {
      method: "POST",
      key: a.key,
      headers: { "X-Request-ID": requestId, "Idempotency-Key": "rlog-idem-1", "User-Agent": "rlog-test/1.0" },
      body: { url: "not a url", events: [a.key], secret_key: secret },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    await app.requestLog?.flush();

    const admins = callerFor(app, admin(a.accountPk));
    const found = await admins.requestLogs.find({ request_id: requestId });
    expect(found.results).toHaveLength(1);
    const [entry] = found.results;
    expect(entry).toMatchObject({
      method: "POST",
      path: "/v2/webhooks/",
      route: "/v2/webhooks/",
      status: 400,
      request_id: requestId,
      idempotency_key: "rlog-idem-1",
      client_ip: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: "rlog-test/1.0",
      environment: "demo",
      created_at: START.toISOString(),
      has_bodies: true,
    });
    expect(entry.actor.api_key?.prefix).toBe(a.key.slice(0, 12));
    expect(entry.actor.user).toBeNull();

    const detail = await admins.requestLogs.get({ pk: entry.pk });
    expect(detail.request_body).not.toBeNull();
    expect(detail.response_body).not.toBeNull();
    const request = JSON.parse(detail.request_body ?? "") as Record<string, unknown>;
    expect(request).toEqual({ url: "not a url", events: ["[REDACTED]"], secret_key: "[REDACTED]" });
    // The answer echoed the key in its message (the client saw it); the record keeps the message without it.
    expect(JSON.stringify(res.body)).toContain(a.key);
    const response = JSON.parse(detail.response_body ?? "") as { url: string[]; events: Record<string, string[]> };
    expect(response.url).toEqual(["Enter a valid URL."]);
    expect(response.events["0"][0]).toContain('"[REDACTED]" is not an event.');
    for (const body of [detail.request_body, detail.response_body]) {
      expect(body).not.toContain(a.key);
      expect(body).not.toContain(secret);
    }
  });

  it("keeps a body's tabs, line breaks and backslashes as sent, and a NUL as U+FFFD (the batch is written with COPY)", async () => {
    const sent = '{"name":\t"Tab\\\\Berg",\r\n "note": "a\\\\Nb\0c"\n';
    const res = await app.api("/v2/employees/", {
      method: "POST",
      key: a.key,
      headers: { "X-Request-ID": "rlog-copy-0001", "Content-Type": "application/json" },
      body: sent,
    });
    expect(res.status).toBe(400);
    await app.requestLog?.flush();
    const admins = callerFor(app, admin(a.accountPk));
    const [entry] = (await admins.requestLogs.find({ request_id: "rlog-copy-0001" })).results;
    const detail = await admins.requestLogs.get({ pk: entry.pk });
    expect(detail.request_body).toBe(sent.replace("\0", "\uFFFD"));
    expect(detail.response_body).toContain("JSON");
  });

  it("keeps at most 8 KB of a body", async () => {
    const res = await app.json("/v2/integrations/", {
      method: "POST",
      key: a.key,
      headers: { "X-Request-ID": "rlog-big-0001" },
      body: { name: "x".repeat(50_000) },
    });
    expect(res.status).toBe(400);
    await app.requestLog?.flush();
    const admins = callerFor(app, admin(a.accountPk));
    const [entry] = (await admins.requestLogs.find({ request_id: "rlog-big-0001" })).results;
    const detail = await admins.requestLogs.get({ pk: entry.pk });
    expect(Buffer.byteLength(detail.request_body ?? "")).toBeLessThanOrEqual(8 * 1024);
    expect(detail.request_body).toMatch(/…\[truncated\]$/);
  });
});

describe("personal data in a failed request", () => {
  it("keeps no personal identity number and no bank details, by field name or by value", async () => {
    const personal = "19900101-1234";
    const iban = "SE45 5000 0000 0583 9825 7466";
    const res = await app.json("/v2/registrations/", {
      method: "POST",
      key: a.key,
      headers: { "X-Request-ID": "rlog-personal-0001" },
      body: {
        ...registrationBody({ country: "SWE", tin_number: personal }),
        metadata: { iban, clearing_number: "8327-9", account_number: "914 575 346-1", note: `born 900101-1234, pays to ${iban}` },
      },
    });
    expect(res.status).toBe(400);
    await app.requestLog?.flush();
    const admins = callerFor(app, admin(a.accountPk));
    const [entry] = (await admins.requestLogs.find({ request_id: "rlog-personal-0001" })).results;
    const detail = await admins.requestLogs.get({ pk: entry.pk });
    const request = JSON.parse(detail.request_body ?? "") as { tin_number: string; metadata: Record<string, string>; friendly_name: string };
    expect(request.tin_number).toBe("[REDACTED]");
    expect(request.metadata).toEqual({
      iban: "[REDACTED]",
      clearing_number: "[REDACTED]",
      account_number: "[REDACTED]",
      note: "born [REDACTED], pays to [REDACTED]",
    });
    // What is not personal stays readable.
    expect(request.friendly_name).toBe("Nordvik");
    for (const body of [detail.request_body, detail.response_body]) {
      for (const secret of [personal, "900101-1234", iban, "8327-9", "914 575 346-1"]) expect(body).not.toContain(secret);
    }
  });
});

describe("successful requests", () => {
  it("are recorded without bodies, and the list filters them", async () => {
    const created = await app.json("/v2/integrations/", {
      method: "POST",
      key: a.key,
      headers: { "X-Request-ID": "rlog-ok-00001" },
      body: integrationBody({ id: "rlog-int" }),
    });
    expect(created.status).toBe(201);
    expect((await app.api("/v2/integrations/rlog-int/?token=abc", { key: a.key, headers: { "X-Request-ID": "rlog-ok-00002" } })).status).toBe(200);
    expect((await app.api("/v2/integrations/missing/", { key: a.key })).status).toBe(404);
    await app.requestLog?.flush();

    const admins = callerFor(app, admin(a.accountPk));
    const [post] = (await admins.requestLogs.find({ request_id: "rlog-ok-00001" })).results;
    expect(post).toMatchObject({ method: "POST", status: 201, route: "/v2/integrations/", has_bodies: false });
    const detail = await admins.requestLogs.get({ pk: post.pk });
    expect(detail.request_body).toBeNull();
    expect(detail.response_body).toBeNull();
    const [get] = (await admins.requestLogs.find({ request_id: "rlog-ok-00002" })).results;
    // The route template, and the path with its secret query values redacted.
    expect(get).toMatchObject({ route: "/v2/integrations/{integration_id}/", path: "/v2/integrations/rlog-int/?token=[REDACTED]" });

    const all = await admins.requestLogs.list({});
    expect(all.results.length).toBeGreaterThanOrEqual(5);
    expect(all.results.every((r) => r.request_id && r.actor.api_key?.pk)).toBe(true);
    const failures = await admins.requestLogs.list({ status_class: "4xx" });
    expect(failures.results.length).toBeGreaterThanOrEqual(3);
    expect(failures.results.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect((await admins.requestLogs.list({ status_class: "5xx" })).results).toEqual([]);
    const gets = await admins.requestLogs.list({ method: "GET", path: "/v2/integrations/rlog" });
    expect(gets.results.map((r) => r.request_id)).toEqual(["rlog-ok-00002"]);
    // `_` is no wildcard in a path prefix.
    expect((await admins.requestLogs.list({ path: "/v2/integrations/rlog_" })).results).toEqual([]);
    const keyPk = post.actor.api_key?.pk ?? "";
    expect((await admins.requestLogs.list({ api_key: keyPk })).results.length).toBe(all.results.length);
    expect((await admins.requestLogs.list({ api_key: crypto.randomUUID() })).results).toEqual([]);

    // Newest first, a page at a time.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admins.requestLogs.list({ limit: 2, cursor });
      seen.push(...page.results.map((r) => r.pk));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.results.map((r) => r.pk));
  });
});

describe("a dashboard session browsing /v2/", () => {
  it("is recorded with the person instead of a key", async () => {
    await createUser(app.db, { email: "rita.log@example.test", password: "a-long-password", name: "Rita Log", accountPk: a.accountPk, role: "client" });
    const signedIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: "rita.log@example.test", password: "a-long-password" }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await app.api("/v2/integrations/", { headers: { Cookie: cookie, "X-Request-ID": "rlog-session-01" } })).status).toBe(200);
    await app.requestLog?.flush();
    const [entry] = (await callerFor(app, admin(a.accountPk)).requestLogs.find({ request_id: "rlog-session-01" })).results;
    expect(entry.actor).toEqual({ api_key: null, user: { id: expect.any(String), name: "Rita Log", email: "rita.log@example.test" } });
  });
});

describe("tenancy and access", () => {
  it("one account never sees another's records", async () => {
    expect((await app.api("/v2/integrations/", { key: b.key, headers: { "X-Request-ID": "rlog-b-000001" } })).status).toBe(200);
    await app.requestLog?.flush();
    const ofA = callerFor(app, admin(a.accountPk));
    const ofB = callerFor(app, admin(b.accountPk));
    const listA = await ofA.requestLogs.list({ limit: 100 });
    const listB = await ofB.requestLogs.list({ limit: 100 });
    expect(listB.results.map((r) => r.request_id)).toEqual(["rlog-b-000001"]);
    expect(listA.results.map((r) => r.request_id)).not.toContain("rlog-b-000001");
    expect((await ofB.requestLogs.find({ request_id: "rlog-failed-0001" })).results).toEqual([]);
    await expect(ofB.requestLogs.get({ pk: listA.results[0].pk })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Nor another environment of the same account.
    const live = callerFor(app, { ...admin(a.accountPk), environment: "live" });
    expect((await live.requestLogs.list({})).results).toEqual([]);
  });

  it("is for the account's admins: members and keys are refused", async () => {
    await expect(callerFor(app, admin(a.accountPk, "member")).requestLogs.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    const res = await fetch(`${app.url}/api/trpc/requestLogs.list?input=${encodeURIComponent("{}")}`, { headers: { Authorization: `Token ${a.key}` } });
    expect(res.status).toBe(403);
  });
});

describe("retention", () => {
  it("removes records older than REQUEST_LOG_DAYS, by the clock", async () => {
    const admins = callerFor(app, admin(a.accountPk));
    const before = (await admins.requestLogs.list({ limit: 100 })).results.length;
    clock.advance(15 * DAY);
    expect((await app.api("/v2/integrations/", { key: a.key, headers: { "X-Request-ID": "rlog-later-001" } })).status).toBe(200);
    await app.requestLog?.flush();
    expect((await admins.requestLogs.list({ limit: 100 })).results.length).toBe(before + 1);
    // The time filter (the Logs page's "From" and "To"): from is inclusive, to is not.
    const dayAfter = new Date(START.getTime() + DAY).toISOString();
    expect((await admins.requestLogs.list({ created_gte: dayAfter })).results.map((r) => r.request_id)).toEqual(["rlog-later-001"]);
    expect((await admins.requestLogs.list({ created_lt: dayAfter, limit: 100 })).results).toHaveLength(before);
    const later = new Date(START.getTime() + 15 * DAY).toISOString();
    expect((await admins.requestLogs.list({ created_gte: later })).results).toHaveLength(1);
    expect((await admins.requestLogs.list({ created_gte: dayAfter, created_lt: later })).results).toEqual([]);

    expect(await purgeOldRequestLogs(app.db, 14, clock.now(), 2)).toBeGreaterThanOrEqual(before);
    const left = await admins.requestLogs.list({ limit: 100 });
    expect(left.results.map((r) => r.request_id)).toEqual(["rlog-later-001"]);
    expect(left.results[0].created_at).toBe(new Date(START.getTime() + 15 * DAY).toISOString());
  });
});

/** The value of one series of a scrape, 0 when absent. */
async function sample(metricsUrl: string | null, series: string): Promise<number> {
  const text = await (await fetch(metricsUrl ?? "")).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("a writer that fails or stalls", () => {
  it("failing: the API answers, and the dropped records are counted", async () => {
    const failing = await startTestApp({ metrics: true, requestLog: { flushMs: 5, insert: () => Promise.reject(new Error("request log down")) } });
    try {
      const { key } = await failing.newKey("demo");
      for (let i = 0; i < 5; i++) expect((await failing.api("/v2/integrations/", { key })).status).toBe(200);
      await failing.requestLog?.flush();
      expect(await sample(failing.metricsUrl, 'payroute_request_log_dropped_total{reason="failed"}')).toBe(5);
      expect(await failing.db.requestLog.count()).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it("stalled: the API answers at once, and what the full buffer cannot take is dropped and counted", async () => {
    const stalled = await startTestApp({
      metrics: true,
      requestLog: { flushMs: 5, batchSize: 2, maxRecords: 3, insert: () => new Promise<void>(() => undefined) },
    });
    try {
      const { key } = await stalled.newKey("demo");
      const started = performance.now();
      for (let i = 0; i < 12; i++) expect((await stalled.api("/v2/integrations/", { key })).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(10_000);
      // At most one batch (2) waits on the stalled write and 3 in the buffer: the rest were dropped.
      expect(await sample(stalled.metricsUrl, 'payroute_request_log_dropped_total{reason="full"}')).toBeGreaterThanOrEqual(7);
    } finally {
      await stalled.close();
    }
  });
});
