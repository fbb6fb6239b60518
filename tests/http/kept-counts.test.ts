/**
 * The kept counts (migrations 0038 and 0039, src/domain/shared/kept-count.ts) of the lists whose tables grow with traffic: the
 * events list, a subscription's deliveries (API and dashboard log), the audit log, and the Employee list by created_at. Rows are written straight into
 * the tables, over several hours and days with instants on and beside the buckets' edges, then moved (a delivery's
 * status) and removed (retention); every list's count, for each filter and time range, must be count(*) of the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/domain/audit/audit-list";
import { purgeOldEvents } from "@/domain/events/event-retention";
import { SettableClock } from "@/domain/shared/clock";
import { foldKeptCounts } from "@/domain/shared/kept-count";
import { listDeliveries } from "@/domain/webhooks/webhook-log";
import { purgeOldWebhookDeliveries } from "@/domain/webhooks/webhook-retention";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2032-05-04T00:00:00.000Z");
const clock = new SettableClock(new Date(T0.getTime() + 4 * DAY));
let app: TestApp;
let key: string;
let accountPk: string;
let integrationPk: string;
let subscriptionPk: string;
const H = { "Integration-ID": "kc-int" };
const TYPES = ["Employee.created", "Employee.notified", "Payout.accepted"];
const STATUSES = ["pending", "succeeded", "failed"] as const;

const at = (ms: number) => new Date(T0.getTime() + ms);
/** Instants on an hour's or a day's edge, a millisecond beside one, within an hour, and outside all rows. */
const INSTANTS = [
  at(-HOUR),
  at(0),
  at(HOUR),
  at(HOUR + 1),
  at(2 * HOUR - 1),
  at(90 * 60_000 + 123),
  at(DAY),
  at(DAY + 30 * 60_000),
  at(2 * DAY - 1),
  at(3 * DAY + 7 * HOUR + 59_999),
  at(5 * DAY),
];
/** Every one-sided range, and every two-sided one whose ends differ. */
const RANGES: { after?: Date; before?: Date }[] = [
  ...INSTANTS.map((after) => ({ after })),
  ...INSTANTS.map((before) => ({ before })),
  ...INSTANTS.flatMap((after) => INSTANTS.filter((before) => before > after).map((before) => ({ after, before }))),
];

beforeAll(async () => {
  app = await startTestApp({ clock });
  ({ key, accountPk } = await app.newKey("demo"));
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "kc-int" }) })).status).toBe(201);
  const hook = await app.json<{ id: string }>("/v2/webhooks/", {
    method: "POST",
    key,
    headers: H,
    body: { id: "kc-hook", url: "http://127.0.0.1:9/", events: ["Employee.created"] },
  });
  expect(hook.status).toBe(201);
  integrationPk = (await app.db.integration.findUniqueOrThrow({ where: { id: "kc-int" } })).pk;
  subscriptionPk = (await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "kc-hook", accountPk } })).pk;

  // Rows spread over three days (seconds apart, some with 500 µs past the second), and rows on and beside edges.
  const spread = `$1::timestamptz + ((i * 433) % 259200) * interval '1 second' + (i % 3) * interval '500 microseconds'`;
  const edges = `$1::timestamptz + (ARRAY[interval '1 hour', interval '1 hour 0.0005 seconds', interval '2 hours' - interval '1 microsecond', interval '1 day'])[1 + i % 4]`;
  for (const [when, rows] of [
    [spread, 600],
    [edges, 40],
  ] as const) {
    await app.db.$executeRawUnsafe(
      `INSERT INTO event (pk, account_pk, environment, integration_pk, name, object_pk, data, created_at)
       SELECT gen_random_uuid(), $2::uuid, 'demo', $3::uuid, (ARRAY[${TYPES.map((t) => `'${t}'`).join(", ")}])[1 + i % 3], gen_random_uuid(), '{}'::jsonb, ${when}
       FROM generate_series(1, ${rows}) i`,
      T0,
      accountPk,
      integrationPk,
    );
    await app.db.$executeRawUnsafe(
      `INSERT INTO webhook_delivery (pk, subscription_pk, event_name, body, created_at)
       SELECT gen_random_uuid(), $2::uuid, (ARRAY[${TYPES.map((t) => `'${t}'`).join(", ")}])[1 + i % 3], '{}', ${when}
       FROM generate_series(1, ${rows}) i`,
      T0,
      subscriptionPk,
    );
    await app.db.$executeRawUnsafe(
      `INSERT INTO audit_record (at, account_pk, environment, actor_kind, actor_label, action, target_type)
       SELECT ${when.replace(/259200/, "432000")}, $2::uuid, 'demo', (ARRAY['user', 'api_key', 'system']::"AuditActorKind"[])[1 + i % 3],
         'someone', (ARRAY['webhook.created', 'webhook.deleted', 'api_key.created', 'employee.details_revealed'])[1 + i % 4],
         (ARRAY['webhook', 'api_key'])[1 + i % 2]
       FROM generate_series(1, ${rows}) i`,
      T0,
      accountPk,
    );
    await app.db.$executeRawUnsafe(
      `INSERT INTO employee (pk, id, integration_pk, name, email, country, created_at, updated_at)
       SELECT gen_random_uuid(), 'kc-' || $3 || '-' || i, $2::uuid, 'Kept ' || i, 'kc-' || $3 || '-' || i || '@example.se', 'SWE', ${when.replace(/259200/, "432000")}, now()
       FROM generate_series(1, ${rows}) i`,
      T0,
      integrationPk,
      String(rows),
    );
  }
  // Some Employees go (a delete of several in one statement).
  await app.db.$executeRawUnsafe(`DELETE FROM employee WHERE integration_pk = $1::uuid AND random() < 0.2`, integrationPk);
  // Attempts move deliveries out of pending, some back (a statement that moves some, leaves some, as the worker's).
  await app.db.$executeRawUnsafe(
    `UPDATE webhook_delivery SET status = CASE WHEN random() < 0.5 THEN 'succeeded' ELSE 'failed' END WHERE subscription_pk = $1::uuid AND random() < 0.6`,
    subscriptionPk,
  );
  await app.db.$executeRawUnsafe(
    `UPDATE webhook_delivery SET attempts = attempts + 1, status = 'pending' WHERE subscription_pk = $1::uuid AND status = 'failed' AND random() < 0.3`,
    subscriptionPk,
  );
});
afterAll(async () => {
  await app?.close();
});

const iso = (d: Date) => d.toISOString();
function query(params: [string, string | undefined][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined) q.append(k, v);
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** Every list's count against count(*) of its rows, for each range (with each key filter on a few). */
async function everyCountMatches() {
  const eventCount = async (types: string[], r: { after?: Date; before?: Date }) => {
    const list = await app.json<{ count: number }>(
      `/v2/events/${query([...types.map((t): [string, string] => ["type", t]), ["created_at_after", r.after && iso(r.after)], ["created_at_before", r.before && iso(r.before)]])}`,
      { key, headers: H },
    );
    expect(list.status).toBe(200);
    const truth = await app.db.event.count({
      where: { accountPk, environment: "demo", integrationPk, name: types.length ? { in: types } : undefined, createdAt: { gt: r.after, lt: r.before } },
    });
    expect({ what: "events", types, r, count: list.body.count }).toEqual({ what: "events", types, r, count: truth });
  };
  const deliveryCount = async (status: string | undefined, types: string[], r: { after?: Date; before?: Date }) => {
    const list = await app.json<{ count: number }>(
      `/v2/webhooks/kc-hook/deliveries/${query([
        ["status", status],
        ...types.map((t): [string, string] => ["event_type", t]),
        ["created_at_after", r.after && iso(r.after)],
        ["created_at_before", r.before && iso(r.before)],
      ])}`,
      { key, headers: H },
    );
    expect(list.status).toBe(200);
    const truth = await app.db.webhookDelivery.count({
      where: { subscriptionPk, status, eventName: types.length ? { in: types } : undefined, createdAt: { gt: r.after, lt: r.before } },
    });
    expect({ what: "deliveries", status, types, r, count: list.body.count }).toEqual({ what: "deliveries", status, types, r, count: truth });
  };
  const auditCount = async (
    f: { actor_kind?: "user" | "api_key"; action?: string; target_type?: string; actor?: string },
    r: { after?: Date; before?: Date },
  ) => {
    const { count } = await listAudit(app.db, { accountPk }, { ...f, at_gte: r.after, at_lt: r.before, page: 1, page_size: 1 });
    const truth = await app.db.auditRecord.count({
      where: {
        accountPk,
        actorKind: f.actor_kind,
        action: f.action ? { startsWith: f.action } : undefined,
        targetType: f.target_type,
        actorLabel: f.actor ? { contains: f.actor, mode: "insensitive" } : undefined,
        at: { gte: r.after, lt: r.before },
      },
    });
    expect({ what: "audit", f, r, count }).toEqual({ what: "audit", f, r, count: truth });
  };

  const employeeCount = async (r: { after?: Date; before?: Date; day?: string }) => {
    const list = await app.json<{ count: number }>(
      `/v2/employees/${query([
        ["created_at_after", r.after && iso(r.after)],
        ["created_at_before", r.before && iso(r.before)],
        ["created_at", r.day],
      ])}`,
      { key, headers: H },
    );
    expect(list.status).toBe(200);
    const day = r.day ? new Date(`${r.day}T00:00:00.000Z`) : undefined;
    const truth = await app.db.employee.count({
      where: { integrationPk, createdAt: { gt: r.after, lt: r.before, ...(day ? { gte: day, lt: new Date(day.getTime() + DAY) } : {}) } },
    });
    expect({ what: "employees", r, count: list.body.count }).toEqual({ what: "employees", r, count: truth });
  };

  const checks: (() => Promise<void>)[] = [];
  for (const r of [{}, ...RANGES]) {
    checks.push(
      () => eventCount([], r),
      () => deliveryCount(undefined, [], r),
      () => auditCount({}, r),
      () => employeeCount(r),
    );
  }
  for (const day of ["2032-05-04", "2032-05-05", "2032-05-08"]) checks.push(() => employeeCount({ day }));
  for (const r of [{}, ...RANGES.filter((_, i) => i % 7 === 0)]) {
    checks.push(
      () => eventCount(["Employee.notified"], r),
      () => eventCount(["Employee.created", "Payout.accepted"], r),
      ...STATUSES.map((status) => () => deliveryCount(status, [], r)),
      () => deliveryCount("failed", ["Employee.created"], r),
      () => deliveryCount(undefined, ["Employee.notified", "Payout.accepted"], r),
      () => auditCount({ actor_kind: "api_key" }, r),
      () => auditCount({ action: "webhook." }, r),
      () => auditCount({ action: "api_key.created", target_type: "api_key" }, r),
      () => auditCount({ actor_kind: "user", target_type: "webhook" }, r),
      () => auditCount({ actor: "ONE" }, r),
    );
  }
  // Eight at a time: the checks are independent reads.
  for (let i = 0; i < checks.length; i += 8) await Promise.all(checks.slice(i, i + 8).map((check) => check()));
  // The dashboard's log counts by the same rule.
  const scope = { accountPk, environment: "demo" as const, integrationPk };
  const log = await listDeliveries(app.db, scope, "kc-hook", 1, { status: "failed" });
  expect(log.count).toBe(await app.db.webhookDelivery.count({ where: { subscriptionPk, status: "failed" } }));
}

describe("kept counts", () => {
  it("are count(*) of the rows for every filter and range, as written, moved and folded", async () => {
    await everyCountMatches();
    expect(await foldKeptCounts(app.db)).toBeGreaterThan(0);
    expect(await app.db.keptCount.count({ where: { shard: { not: 0 } } })).toBe(0);
    await everyCountMatches();
  }, 300_000);

  it("stay count(*) after the retention jobs remove rows, and the fold drops the buckets that came to nothing", async () => {
    const now = new Date(T0.getTime() + 31 * DAY + 36 * HOUR);
    expect(await purgeOldEvents(app.db, 30, now, 100)).toBeGreaterThan(0);
    expect(await purgeOldWebhookDeliveries(app.db, 30, now, 100)).toBeGreaterThan(0);
    await everyCountMatches();
    await foldKeptCounts(app.db);
    expect(await app.db.keptCount.count({ where: { n: 0 } })).toBe(0);
    // The first day and a half's buckets are gone with their rows; the ones after stay.
    expect(await app.db.keptCount.count({ where: { counted: "event", bucket: { gte: T0, lt: at(36 * HOUR) } } })).toBe(0);
    expect(await app.db.keptCount.count({ where: { counted: "event", bucket: { gte: at(36 * HOUR) } } })).toBeGreaterThan(0);
    await everyCountMatches();
  }, 300_000);

  it("are kept by trigger functions whose statements are static (planned once per connection), one per table and operation", async () => {
    // 0038's single function built its upsert with EXECUTE, planned again by every write: half an Employee create's cost.
    const functions = await app.db.$queryRawUnsafe<{ name: string; source: string }[]>(
      `SELECT t.tgrelid::regclass::text || ' ' || t.tgname AS name, p.prosrc AS source
       FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgname LIKE 'kept_count_on_%' ORDER BY 1`,
    );
    expect(functions.map((f) => f.name)).toEqual([
      "audit_record kept_count_on_delete",
      "audit_record kept_count_on_insert",
      "employee kept_count_on_delete",
      "employee kept_count_on_insert",
      "event kept_count_on_delete",
      "event kept_count_on_insert",
      "webhook_delivery kept_count_on_delete",
      "webhook_delivery kept_count_on_insert",
      "webhook_delivery kept_count_on_update",
    ]);
    for (const f of functions) expect(f.source, f.name).not.toMatch(/\bEXECUTE\b/i);
  });
});
