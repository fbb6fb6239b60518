/**
 * The events API (GET /v2/events/, /v2/events/{id}/): the recorded events, scoped as webhooks are (Integration-ID:
 * that Integration's; without: the account's own), with their filters, demo/live apart, and EVENT_RETENTION_DAYS.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeOldEvents } from "@/domain/events/event-retention";
import { SettableClock } from "@/domain/shared/clock";
import { foldKeptCounts } from "@/domain/shared/kept-count";
import { integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

type Event = { id: string; type: string; created_at: string; object_id: string; data: Record<string, unknown> };
type EventList = { count: number; next: string | null; previous: string | null; results: Event[] };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Years ahead of the real time: every timestamp here is the clock's.
const START = new Date("2032-05-04T08:00:00.000Z");
const clock = new SettableClock(START);
let app: TestApp;
let receiver: Receiver;
let key: string;
let account: string;
let ownAccountPk: string;
const H = { "Integration-ID": "ev-int" };
const H2 = { "Integration-ID": "ev-int-2" };

const events = (query = "", headers: Record<string, string> = H, k = key) => app.json<EventList>(`/v2/events/${query}`, { key: k, headers });
const ids = (list: EventList) => list.results.map((e) => `${e.type} ${e.object_id}`);

beforeAll(async () => {
  app = await startTestApp({ clock, webhookPrivateTargets: "demo" });
  receiver = await startReceiver();
  ({ key, account, accountPk: ownAccountPk } = await app.newKey("demo"));
  for (const id of ["ev-int", "ev-int-2"])
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
  const hook = await app.json("/v2/webhooks/", { method: "POST", key, headers: H, body: { url: receiver.url, events: ["Employee.created"] } });
  expect(hook.status).toBe(201);

  const employee = async (id: string, headers = H) =>
    expect(
      (await app.json("/v2/employees/", { method: "POST", key, headers, body: { id, name: `N ${id}`, email: `${id}@example.se`, country: "SWE" } })).status,
    ).toBe(201);
  await employee("ev-1"); // 08:00 Employee.created
  clock.advance(MINUTE);
  await employee("ev-2"); // 08:01 Employee.created
  await employee("other-1", H2); // 08:01, the other Integration's
  clock.advance(MINUTE);
  await app.drainJobs(); // 08:02 Employee.notified ×3 (the invitations), and the webhook delivery
  clock.advance(MINUTE);
  // 08:03 Registration.verified: the account's own event
  const reg = await app.json<{ id: string }>("/v2/registrations/", { method: "POST", key, body: registrationBody() });
  expect(reg.status).toBe(201);
  expect((await app.api(`/v2/registrations/${reg.body.id}/approve/`, { method: "POST", key })).status).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

describe("GET /v2/events/", () => {
  it("lists the Integration's events newest first in the list envelope, data as the webhook body was", async () => {
    const res = await events();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.next).toBeNull();
    expect(res.body.results.map((e) => e.type)).toEqual(["Employee.notified", "Employee.notified", "Employee.created", "Employee.created"]);
    expect(ids(res.body).slice(2)).toEqual(["Employee.created ev-2", "Employee.created ev-1"]);
    const created = res.body.results[3];
    expect(created).toMatchObject({ created_at: START.toISOString(), object_id: "ev-1" });
    expect(created.data).toMatchObject({ id: "ev-1", name: "N ev-1", notified_at: null });
    expect(Object.keys(created).sort()).toEqual(["created_at", "data", "id", "object_id", "type"]);

    // The same object, keys in the same order, as the webhook body the receiver got.
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const sent = bodies.find((b) => b.id === "ev-1");
    expect(JSON.stringify(created.data)).toBe(JSON.stringify(sent));

    // Pagination as every list.
    const page = await events("?page_size=3");
    expect(page.body.results).toHaveLength(3);
    expect(page.body.next).toContain("page=2");
    expect((await events("?page=2&page_size=3")).body.results.map((e) => e.object_id)).toEqual(["ev-1"]);
    expect((await events("?page=3&page_size=3")).status).toBe(404);
  });

  it("retrieves one event; another scope's, environment's or account's id is a 404", async () => {
    const [latest] = (await events()).body.results;
    const one = await app.json<Event>(`/v2/events/${latest.id}/`, { key, headers: H });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(latest);
    const other = (await events("", H2)).body.results[0];
    expect((await app.api(`/v2/events/${other.id}/`, { key, headers: H })).status).toBe(404);
    expect((await app.api(`/v2/events/${latest.id}/`, { key })).status).toBe(404);
    const live = await app.newKey("live", { account });
    expect((await app.api(`/v2/events/${latest.id}/`, { key: live.key })).status).toBe(404);
    const stranger = await app.newKey("demo");
    expect((await app.api(`/v2/events/${latest.id}/`, { key: stranger.key })).status).toBe(404);
    expect((await app.api("/v2/events/not-a-uuid/", { key, headers: H })).status).toBe(404);
    expect((await app.api("/v2/events/00000000-0000-4000-8000-000000000000/", { key, headers: H })).status).toBe(404);
  });

  it("without Integration-ID: the account's own (user-scoped) events", async () => {
    const res = await events("", {});
    expect(res.status).toBe(200);
    expect(res.body.results.map((e) => e.type)).toEqual(["Registration.verified"]);
    expect(res.body.results[0].created_at).toBe(new Date(START.getTime() + 3 * MINUTE).toISOString());
    expect((await events("", H2)).body.results.map((e) => `${e.type} ${e.object_id}`)).toEqual(["Employee.notified other-1", "Employee.created other-1"]);
    expect((await events("", { "Integration-ID": "nope" })).status).toBe(404);
  });

  it("keeps demo and live apart, and accounts apart", async () => {
    const live = await app.newKey("live", { account });
    expect((await events("", {}, live.key)).body.count).toBe(0);
    const stranger = await app.newKey("demo");
    expect((await events("", {}, stranger.key)).body.count).toBe(0);
    expect((await events("", H, stranger.key)).status).toBe(404);
  });

  it("filters by type (repeatable, legacy names read), object_id and created_at_after/_before", async () => {
    expect(ids((await events("?type=Employee.created")).body)).toEqual(["Employee.created ev-2", "Employee.created ev-1"]);
    expect((await events("?type=Employee.created&type=Employee.notified")).body.count).toBe(4);
    expect((await events("?type=Employee.claimed")).body.count).toBe(0);
    expect((await events("?type=Invoice.paid", H)).body.count).toBe(0);
    expect((await events("?object_id=ev-1")).body.results.map((e) => e.type)).toEqual(["Employee.notified", "Employee.created"]);
    expect((await events("?object_id=other-1")).body.count).toBe(0);
    expect((await events("?object_id=ev-2&type=Employee.created")).body.count).toBe(1);
    const after = new Date(START.getTime() + 30_000).toISOString();
    expect(ids((await events(`?created_at_after=${after}`)).body).sort()).toEqual([
      "Employee.created ev-2",
      "Employee.notified ev-1",
      "Employee.notified ev-2",
    ]);
    expect((await events(`?created_at_after=${after}`)).body.count).toBe(3);
    const before = new Date(START.getTime() + 90_000).toISOString();
    expect(ids((await events(`?created_at_before=${before}`)).body)).toEqual(["Employee.created ev-2", "Employee.created ev-1"]);
    expect((await events(`?created_at_after=${after}&created_at_before=${before}`)).body.results.map((e) => e.object_id)).toEqual(["ev-2"]);
  });

  it("answers a bad filter with a 400 in the API's shape", async () => {
    const badType = await events("?type=Employee.fired");
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({ type: [expect.stringContaining('"Employee.fired" is not an event. Valid events: Employee.created')] });
    const badDate = await events("?created_at_after=yesterday");
    expect(badDate.status).toBe(400);
    expect(Object.keys(badDate.body)).toEqual(["created_at_after"]);
    expect((await events("?created_at_before=2032-13-45")).status).toBe(400);
  });

  it("shows the list and an event as HTML pages, the ids linked", async () => {
    const [latest] = (await events()).body.results;
    const res = await app.api("/v2/events/", { key, headers: { ...H, Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).toContain("List events, newest first");
    expect(page).toContain(`href="/v2/events/${latest.id}/"`);
    const sv = await app.api(`/v2/events/${latest.id}/`, { key, headers: { ...H, Accept: "text/html", "Accept-Language": "sv" } });
    expect(sv.status).toBe(200);
    expect(await sv.text()).toContain("Händelse");
  });

  it("the API root and the OpenAPI document list the events", async () => {
    const root = await app.json<Record<string, string>>("/v2/", { key });
    expect(root.body.events).toMatch(/\/v2\/events\/$/);
    const doc = await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json", { key });
    expect(Object.keys(doc.body.paths["/events/"].get.responses).sort()).toEqual(["200", "400", "401", "403", "404", "405", "429", "500"]);
    expect(Object.keys(doc.body.paths["/events/{event_id}/"].get.responses)).toContain("404");
  });
});

describe("the list's count", () => {
  /** What count(*) over the events says for the Integration `ev-int` (or the account's own events), of `types`. */
  async function counted(integrationId: string | null, types: string[] = []): Promise<number> {
    const integration = integrationId === null ? null : await app.db.integration.findUniqueOrThrow({ where: { id: integrationId } });
    return app.db.event.count({
      where: { accountPk: ownAccountPk, environment: "demo", integrationPk: integration?.pk ?? null, name: types.length ? { in: types } : undefined },
    });
  }

  it("is what the events are, for every scope and type filter, read from kept_count without counting events", async () => {
    expect((await events()).body.count).toBe(await counted("ev-int"));
    expect((await events("", H2)).body.count).toBe(await counted("ev-int-2"));
    expect((await events("", {})).body.count).toBe(await counted(null));
    expect((await events("?type=Employee.notified")).body.count).toBe(await counted("ev-int", ["Employee.notified"]));
    expect((await events("?type=Employee.created&type=Employee.notified")).body.count).toBe(await counted("ev-int", ["Employee.created", "Employee.notified"]));

    // A count row of another backend: the list adds it (it reads the counts, not the events)…
    const integration = await app.db.integration.findUniqueOrThrow({ where: { id: "ev-int" } });
    const other = { scope: `${ownAccountPk} demo ${integration.pk}`, shard: 2_000_000_001 };
    await app.db.$executeRawUnsafe(
      `INSERT INTO kept_count (counted, scope, bucket, k1, shard, n) VALUES ('event', $1, '-infinity', 'Employee.created', ${other.shard}, 5)`,
      other.scope,
    );
    const before = await counted("ev-int");
    expect((await events()).body.count).toBe(before + 5);
    // …and the fold moves it into shard 0 without changing a count.
    expect(await foldKeptCounts(app.db)).toBeGreaterThanOrEqual(1);
    expect(await app.db.keptCount.count({ where: { shard: other.shard } })).toBe(0);
    expect((await events()).body.count).toBe(before + 5);
    expect((await events("?type=Employee.created")).body.count).toBe((await counted("ev-int", ["Employee.created"])) + 5);
    await app.db.$executeRawUnsafe(
      `UPDATE kept_count SET n = n - 5 WHERE counted = 'event' AND scope = $1 AND bucket = '-infinity' AND k1 = 'Employee.created' AND shard = 0`,
      other.scope,
    );
    expect((await events()).body.count).toBe(before);
  });
});

describe("EVENT_RETENTION_DAYS", () => {
  it("removes events older than the retention, by the clock; newer ones stay", async () => {
    clock.set(new Date(START.getTime() + 30 * DAY + 90_000)); // 30 days after 08:01:30
    expect(
      (await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { id: "ev-3", name: "N ev-3", email: "ev-3@example.se", country: "SWE" } }))
        .status,
    ).toBe(201);
    // Only 08:00 and 08:01 are more than 30 days old; 08:02 and later stay.
    expect(await purgeOldEvents(app.db, 30, clock.now(), 2)).toBe(3);
    expect(ids((await events("?type=Employee.created")).body)).toEqual(["Employee.created ev-3"]);
    expect((await events("", H2)).body.results.map((e) => e.type)).toEqual(["Employee.notified"]);
    expect((await events("", {})).body.count).toBe(1);
    expect((await events()).body.count).toBe(3);
    // A retention of one day takes all but the newest.
    expect(await purgeOldEvents(app.db, 1, clock.now())).toBe(4);
    expect(ids((await events()).body)).toEqual(["Employee.created ev-3"]);
    expect((await events()).body.count).toBe(1);
    expect((await events("", H2)).body.count).toBe(0);
    expect((await events("", {})).body.count).toBe(0);
  });
});
