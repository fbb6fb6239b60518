/**
 * "Redeliver failed since…" (POST /v2/webhooks/{id}/deliveries/redeliver_failed/, 202 {"count"}) with the count the
 * dashboard shows first, and the dashboard's tools of issue 24: where an event went and redelivering it to a chosen
 * subscription, the delivery log's filters, the health badge's failing_since.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/trpc/context";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
let key: string;
let accountPk: string;
const H = { "Integration-ID": "rf-int" };
const BULK = "/v2/webhooks/rf-hook/deliveries/redeliver_failed/";
const LONG_AGO = "2000-01-01T00:00:00Z";

type Delivery = { id: string; event: string | null; event_type: string; status: string };
type DeliveryList = { count: number; results: Delivery[] };

const admin = (): Principal => ({ via: "session", accountPk, environment: "demo", role: "client", teamRole: "admin", userId: crypto.randomUUID() });
const dashboard = () => callerFor(app, admin(), "rf-int");
const deliveries = (query = "", hook = "rf-hook") => app.json<DeliveryList>(`/v2/webhooks/${hook}/deliveries/${query}`, { key, headers: H });
const bulk = (since: unknown, hook = BULK) => app.json<Record<string, unknown>>(hook, { method: "POST", key, headers: H, body: { since } });

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

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } });
  receiver = await startReceiver();
  ({ key, accountPk } = await app.newKey("demo"));
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "rf-int" }) })).status).toBe(201);
  const hook = (id: string, events: string[]) =>
    app.json("/v2/webhooks/", { method: "POST", key, headers: H, body: { id, url: `${receiver.url}/${id}`, events } });
  expect((await hook("rf-hook", ["Employee.created"])).status).toBe(201);
  expect((await hook("rf-other", ["Employee.created"])).status).toBe(201);
  expect((await hook("rf-notified", ["Employee.notified"])).status).toBe(201);
  // rf-hook's receiver answers 500 until told otherwise: both events' deliveries to it fail (11 attempts each).
  receiver.respond = ({ path }) => (path.endsWith("/rf-hook") ? 500 : 200);
  await employee("rf-1");
  await employee("rf-2");
  await runJobsUntil(async () => (await deliveries("?status=failed")).body.count >= 2);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

describe("the dashboard's webhook tools", () => {
  it("the health badge reads failing_since of a failing subscription, null for a healthy one", async () => {
    const health = await dashboard().webhooks.health({ webhook_ids: ["rf-hook", "rf-other", "nope"] });
    const byId = Object.fromEntries(health.map((h) => [h.id, h]));
    expect(Object.keys(byId).sort()).toEqual(["rf-hook", "rf-other"]);
    expect(byId["rf-hook"]).toMatchObject({ status: "enabled", disabled_reason: null });
    expect(Date.parse(byId["rf-hook"].failing_since ?? "")).not.toBeNaN();
    expect(byId["rf-other"].failing_since).toBeNull();
  });

  it("the delivery log filters by status and event type as the API does", async () => {
    const failed = await dashboard().webhooks.deliveries({ webhook_id: "rf-hook", status: "failed" });
    expect(failed.count).toBe(2);
    expect(failed.results.every((d) => d.status === "failed")).toBe(true);
    expect((await dashboard().webhooks.deliveries({ webhook_id: "rf-hook", status: "succeeded" })).count).toBe(0);
    expect((await dashboard().webhooks.deliveries({ webhook_id: "rf-other", event_type: ["Employee.created"] })).count).toBe(2);
    expect((await dashboard().webhooks.deliveries({ webhook_id: "rf-other", event_type: ["Employee.notified"] })).count).toBe(0);
  });

  it("an event's deliveries name each subscription; it can be redelivered to a chosen one that subscribes to its type", async () => {
    const events = await dashboard().events.list({ type: ["Employee.created"], object_id: "rf-1" });
    expect(events.count).toBe(1);
    const [event] = events.results;
    const where = await dashboard().events.deliveries({ event_id: event.id });
    expect(where.map((d) => `${d.webhook} ${d.status}`).sort()).toEqual(["rf-hook failed", "rf-other succeeded"]);
    expect(where.find((d) => d.webhook === "rf-other")?.webhook_url).toBe(`${receiver.url}/rf-other`);

    const before = receiver.received.length;
    const { deliveryPk } = await dashboard().events.redeliver({ event_id: event.id, webhook_id: "rf-other" });
    await runJobsUntil(async () => receiver.received.length > before);
    const sent = receiver.received.at(-1);
    expect(sent?.path).toBe("/rf-other");
    expect(sent?.headers["service-event-id"]).toBe(event.id);
    expect(sent?.headers["service-delivery-id"]).toBe(deliveryPk);
    expect((await dashboard().events.deliveries({ event_id: event.id })).length).toBe(3);

    await expect(dashboard().events.redeliver({ event_id: event.id, webhook_id: "rf-notified" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(dashboard().events.redeliver({ event_id: event.id, webhook_id: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const stranger = await app.newKey("demo");
    const theirs = callerFor(app, { ...admin(), accountPk: stranger.accountPk });
    await expect(theirs.events.deliveries({ event_id: event.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("POST /v2/webhooks/{id}/deliveries/redeliver_failed/", () => {
  it("counts first, then queues one new delivery per failed event (202), each with its event's id; a second run finds none", async () => {
    const since = new Date(Date.now() - 60 * 60_000).toISOString();
    expect(await dashboard().webhookDeliveries.countFailed({ webhook_id: "rf-hook", since })).toEqual({ count: 2, max: 1000 });
    // In the future: nothing.
    expect((await bulk(new Date(Date.now() + 60 * 60_000).toISOString())).body).toEqual({ count: 0 });

    receiver.respond = () => 200;
    const before = receiver.received.length;
    const res = await bulk(since);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ count: 2 });
    await runJobsUntil(async () => receiver.received.length >= before + 2);
    const resent = receiver.received.slice(before).filter((r) => r.path === "/rf-hook");
    expect(resent).toHaveLength(2);
    const failedEvents = (await deliveries("?status=failed")).body.results.map((d) => d.event);
    expect(resent.map((r) => r.headers["service-event-id"]).sort()).toEqual([...failedEvents].sort());
    expect((await deliveries("?status=succeeded")).body.count).toBe(2);

    // Each event's latest delivery now succeeded: nothing left to redeliver.
    expect(await dashboard().webhookDeliveries.countFailed({ webhook_id: "rf-hook", since })).toEqual({ count: 0, max: 1000 });
    expect((await bulk(since)).body).toEqual({ count: 0 });
  });

  it("refuses more than 1,000 at once, bad input, a disabled subscription, another account's subscription", async () => {
    // 1,001 failed deliveries of other events, written set-based.
    await app.db.$executeRaw`
      insert into webhook_delivery (pk, subscription_pk, event_pk, event_name, body, status, created_at)
      select gen_random_uuid(), s.pk, gen_random_uuid(), 'Employee.created', '{}', 'failed', now()
      from webhook_subscription s, generate_series(1, 1001) where s.id = 'rf-other'`;
    const other = "/v2/webhooks/rf-other/deliveries/redeliver_failed/";
    const tooMany = await bulk(LONG_AGO, other);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ since: ["1001 failed deliveries since then; at most 1000 are redelivered at once. Pick a later time."] });
    expect((await deliveries("?status=pending", "rf-other")).body.count).toBe(0);

    expect((await bulk("yesterday")).status).toBe(400);
    expect(Object.keys((await bulk(undefined)).body)).toEqual(["since"]);

    expect((await app.json("/v2/webhooks/rf-notified/", { method: "PATCH", key, headers: H, body: { status: "disabled" } })).status).toBe(200);
    const disabled = await bulk(LONG_AGO, "/v2/webhooks/rf-notified/deliveries/redeliver_failed/");
    expect(disabled.status).toBe(400);
    expect(Object.keys(disabled.body)).toEqual(["non_field_errors"]);

    const stranger = await app.newKey("demo");
    expect((await app.api(BULK, { method: "POST", key: stranger.key, body: { since: LONG_AGO } })).status).toBe(404);
  });
});
