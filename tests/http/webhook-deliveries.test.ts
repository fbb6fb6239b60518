/**
 * A subscription's deliveries through the API: GET /v2/webhooks/{id}/deliveries/ with its filters, one delivery with
 * its attempts, and POST …/redeliver/ (202, a new delivery of the same event, signed with the current secret).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "@/domain/webhooks/webhook-body";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

type Attempt = {
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  response_withheld: boolean;
};
type Delivery = {
  id: string;
  webhook: string;
  event: string | null;
  event_type: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
};
type Detail = Delivery & { payload: string; attempts: Attempt[] };
type DeliveryList = { count: number; next: string | null; results: Delivery[] };

let app: TestApp;
let receiver: Receiver;
let key: string;
let account: string;
const H = { "Integration-ID": "dl-int" };
const BASE = "/v2/webhooks/dl-hook/deliveries/";

const list = (query = "", headers: Record<string, string> = H, k = key) => app.json<DeliveryList>(`${BASE}${query}`, { key: k, headers });
const detail = (id: string, path = BASE) => app.json<Detail>(`${path}${id}/`, { key, headers: H });
const objectOf = (d: { payload: string }) => (JSON.parse(d.payload) as { id: string }).id;

/** Runs the outbox until `done` holds (retries become due after a few milliseconds here). */
async function runJobsUntil(done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) {
    await app.drainJobs();
    await new Promise((r) => setTimeout(r, 10));
  }
}

const employee = async (id: string) =>
  expect(
    (await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { id, name: `N ${id}`, email: `${id}@example.se`, country: "SWE" } })).status,
  ).toBe(201);

let secret: string;

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } });
  receiver = await startReceiver();
  ({ key, account } = await app.newKey("demo"));
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "dl-int" }) })).status).toBe(201);
  const hook = await app.json<{ secret_key: string }>("/v2/webhooks/", {
    method: "POST",
    key,
    headers: H,
    body: { id: "dl-hook", url: `${receiver.url}/ok`, events: ["Employee.created", "Employee.notified"] },
  });
  expect(hook.status).toBe(201);
  secret = hook.body.secret_key;
  // A receiver that is not there: its attempts fail with a network error, not a status.
  const down = await app.json("/v2/webhooks/", {
    method: "POST",
    key,
    headers: H,
    body: { id: "dl-down", url: "http://127.0.0.1:9/", events: ["Employee.created"] },
  });
  expect(down.status).toBe(201);

  // dl-1: created and notified, both delivered.
  await employee("dl-1");
  await runJobsUntil(async () => receiver.received.length >= 2);
  // dl-2: both deliveries answered 500 until they fail (the first attempt and 10 retries).
  receiver.respond = ({ body }) => (body.includes('"dl-2"') ? 500 : 200);
  await employee("dl-2");
  await runJobsUntil(async () => (await list("?status=failed")).body.count >= 2);
  // dl-3: created, not yet sent.
  await employee("dl-3");
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

describe("GET /v2/webhooks/{id}/deliveries/", () => {
  it("lists the subscription's deliveries newest first in the list envelope", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    const [newest] = res.body.results;
    expect(newest).toMatchObject({ webhook: "dl-hook", event_type: "Employee.created", status: "pending", attempt_count: 0, completed_at: null });
    expect(Object.keys(newest).sort()).toEqual(
      ["attempt_count", "completed_at", "created_at", "event", "event_type", "id", "next_attempt_at", "status", "webhook"].sort(),
    );
    const times = res.body.results.map((d) => d.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The event a delivery carries is the one GET /v2/events/ shows.
    const event = await app.json<{ type: string; object_id: string }>(`/v2/events/${newest.event}/`, { key, headers: H });
    expect(event.body).toMatchObject({ type: "Employee.created", object_id: "dl-3" });
    const page = await list("?page_size=2");
    expect(page.body.results).toHaveLength(2);
    expect(page.body.next).toContain("page=2");
  });

  it("filters by status, event_type (repeatable) and created_at_after/_before", async () => {
    const by = async (query: string) => {
      const res = await list(query);
      expect(res.status, query).toBe(200);
      return Promise.all(res.body.results.map(async (d) => `${d.status} ${d.event_type} ${objectOf((await detail(d.id)).body)}`));
    };
    expect((await by("?status=failed")).sort()).toEqual(["failed Employee.created dl-2", "failed Employee.notified dl-2"]);
    expect((await by("?status=succeeded")).sort()).toEqual(["succeeded Employee.created dl-1", "succeeded Employee.notified dl-1"]);
    expect(await by("?status=pending")).toEqual(["pending Employee.created dl-3"]);
    expect((await by("?event_type=Employee.notified")).sort()).toEqual(["failed Employee.notified dl-2", "succeeded Employee.notified dl-1"]);
    expect((await list("?event_type=Employee.created&event_type=Employee.notified")).body.count).toBe(5);
    expect((await list("?event_type=Employee.claimed")).body.count).toBe(0);
    expect(await by("?status=failed&event_type=Employee.created")).toEqual(["failed Employee.created dl-2"]);

    const all = (await list()).body.results;
    const pending = all[0];
    const dl1Created = all[all.length - 1];
    expect(await by(`?created_at_after=${new Date(Date.parse(pending.created_at) - 1).toISOString()}`)).toEqual(["pending Employee.created dl-3"]);
    expect(await by(`?created_at_before=${new Date(Date.parse(dl1Created.created_at) + 1).toISOString()}`)).toEqual(["succeeded Employee.created dl-1"]);
  });

  it("answers bad filters with a 400 in the API's shape", async () => {
    const status = await list("?status=done");
    expect(status.status).toBe(400);
    expect(status.body).toEqual({ status: ['"done" is not a valid choice.'] });
    const type = await list("?event_type=Employee.fired");
    expect(type.status).toBe(400);
    expect(Object.keys(type.body)).toEqual(["event_type"]);
    const date = await list("?created_at_after=soon");
    expect(date.status).toBe(400);
    expect(Object.keys(date.body)).toEqual(["created_at_after"]);
  });

  it("shows the list as an HTML page with each delivery linked", async () => {
    const [newest] = (await list()).body.results;
    const res = await app.api(BASE, { key, headers: { ...H, Accept: "text/html" } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("List a webhook subscription&#x27;s deliveries, newest first");
    expect(page).toContain(`href="${newest.id}/"`);
  });
});

describe("GET /v2/webhooks/{id}/deliveries/{delivery_id}/", () => {
  it("shows a delivery with every attempt: time, duration, status; a non-public receiver's reply is withheld", async () => {
    const [failed] = (await list("?status=failed&event_type=Employee.created")).body.results;
    const res = await detail(failed.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...failed, status: "failed", attempt_count: 11 });
    expect(res.body.completed_at).not.toBeNull();
    expect(res.body.attempts).toHaveLength(11);
    for (const a of res.body.attempts) {
      expect(a).toMatchObject({ status_code: 500, error: "HTTP 500", response_body: null, response_withheld: true });
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(a.attempted_at)).not.toBeNaN();
    }
    const times = res.body.attempts.map((a) => a.attempted_at);
    expect([...times].sort()).toEqual(times);

    const [ok] = (await list("?status=succeeded&event_type=Employee.created")).body.results;
    const okDetail = (await detail(ok.id)).body;
    expect(okDetail.attempts).toMatchObject([{ status_code: 200, error: null }]);
    // The payload is the body the receiver got, byte for byte.
    expect(receiver.received.map((r) => r.body)).toContain(okDetail.payload);
  });

  it("a network error is an attempt without a status", async () => {
    const down = (await app.json<DeliveryList>("/v2/webhooks/dl-down/deliveries/", { key, headers: H })).body.results;
    const tried = down.find((d) => d.attempt_count > 0);
    expect(tried).toBeDefined();
    const res = await detail(tried?.id ?? "", "/v2/webhooks/dl-down/deliveries/");
    expect(res.body.attempts[0]).toMatchObject({ status_code: null, response_body: null, response_withheld: false });
    expect(res.body.attempts[0].error).toMatch(/ECONNREFUSED|connect/);
  });

  it("another account's, environment's or scope's webhook or delivery is a 404", async () => {
    const [one] = (await list()).body.results;
    const stranger = await app.newKey("demo");
    expect((await list("", H, stranger.key)).status).toBe(404);
    expect((await app.api(`${BASE}${one.id}/`, { key: stranger.key, headers: H })).status).toBe(404);
    const strangerInt = await app.json("/v2/integrations/", { method: "POST", key: stranger.key, body: integrationBody({ id: "dl-int-2" }) });
    expect(strangerInt.status).toBe(201);
    const theirs = { "Integration-ID": "dl-int-2" };
    expect((await app.api(`${BASE}${one.id}/`, { key: stranger.key, headers: theirs })).status).toBe(404);
    expect((await app.api(`${BASE}${one.id}/redeliver/`, { method: "POST", key: stranger.key, headers: theirs })).status).toBe(404);
    const live = await app.newKey("live", { account });
    expect((await app.api(`${BASE}${one.id}/`, { key: live.key })).status).toBe(404);
    // Without Integration-ID the Integration's subscription is not in scope.
    expect((await app.api(`${BASE}${one.id}/`, { key })).status).toBe(404);
    // Another subscription's delivery under this one's path; an id that is no UUID; one that does not exist.
    const [other] = (await app.json<DeliveryList>("/v2/webhooks/dl-down/deliveries/", { key, headers: H })).body.results;
    expect((await app.api(`${BASE}${other.id}/`, { key, headers: H })).status).toBe(404);
    expect((await app.api(`${BASE}${other.id}/redeliver/`, { method: "POST", key, headers: H })).status).toBe(404);
    expect((await app.api(`${BASE}nope/`, { key, headers: H })).status).toBe(404);
    expect((await app.api(`${BASE}nope/redeliver/`, { method: "POST", key, headers: H })).status).toBe(404);
    expect((await app.api(`${BASE}00000000-0000-4000-8000-000000000000/`, { key, headers: H })).status).toBe(404);
    expect((await app.api("/v2/webhooks/nope/deliveries/", { key, headers: H })).status).toBe(404);
  });
});

describe("POST /v2/webhooks/{id}/deliveries/{delivery_id}/redeliver/", () => {
  it("answers 202 with a new delivery of the same event, which the receiver gets signed with the current secret", async () => {
    const [failed] = (await list("?status=failed&event_type=Employee.created")).body.results;
    const original = (await detail(failed.id)).body;
    // A new secret since the original was sent: the redelivery is signed with it.
    const patched = await app.json<{ secret_key: string }>("/v2/webhooks/dl-hook/", {
      method: "PATCH",
      key,
      headers: H,
      body: { secret_key: "a-brand-new-secret-0123456789" },
    });
    expect(patched.status).toBe(200);
    receiver.respond = () => 200;
    const seen = receiver.received.length;

    const res = await app.json<Detail>(`${BASE}${failed.id}/redeliver/`, { method: "POST", key, headers: H });
    expect(res.status).toBe(202);
    expect(res.body.id).not.toBe(failed.id);
    expect(res.body).toMatchObject({
      webhook: "dl-hook",
      event: original.event,
      event_type: "Employee.created",
      status: "pending",
      attempt_count: 0,
      attempts: [],
      payload: original.payload,
    });
    const row = await app.db.webhookDelivery.findUniqueOrThrow({ where: { pk: res.body.id } });
    expect(row.eventPk).toBe(original.event);

    await runJobsUntil(async () => receiver.received.length > seen);
    const got = receiver.received.slice(seen).find((r) => r.body === original.payload);
    expect(got).toBeDefined();
    const signature = String(got?.headers["service-signature"]);
    expect(verifySignature("a-brand-new-secret-0123456789", original.payload, signature, new Date())).toBe(true);
    expect(verifySignature(secret, original.payload, signature, new Date())).toBe(false);
    // The same event's identity, a delivery of its own.
    expect(got?.headers["service-event"]).toBe("Employee.created");
    expect(got?.headers["service-event-id"]).toBe(original.event);
    expect(got?.headers["service-delivery-id"]).toBe(res.body.id);
    expect(got?.headers["service-delivery-id"]).not.toBe(failed.id);

    // The new delivery succeeded; the original keeps its history.
    await runJobsUntil(async () => (await detail(res.body.id)).body.status === "succeeded");
    expect((await detail(res.body.id)).body).toMatchObject({ status: "succeeded", attempt_count: 1, attempts: [{ status_code: 200 }] });
    expect((await detail(failed.id)).body).toMatchObject({ status: "failed", attempt_count: 11 });
    expect((await list(`?status=succeeded&event_type=Employee.created`)).body.results.map((d) => d.id)).toContain(res.body.id);
  });

  it("is in the OpenAPI document with 202 and its error codes", async () => {
    const doc = await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json", { key });
    const redeliver = doc.body.paths["/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver/"].post.responses;
    expect(Object.keys(redeliver).sort()).toEqual(["202", "400", "401", "403", "404", "405", "409", "413", "415", "422", "429", "500"]);
    expect(redeliver["200"]).toBeUndefined();
    expect(Object.keys(doc.body.paths["/webhooks/{webhook_id}/deliveries/"].get.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "405",
      "429",
      "500",
    ]);
    expect(Object.keys(doc.body.paths["/webhooks/{webhook_id}/deliveries/{delivery_id}/"].get.responses)).toContain("404");
  });
});
