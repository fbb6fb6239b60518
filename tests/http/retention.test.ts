/** Retention: the webhook delivery log (WEBHOOK_RETENTION_DAYS; old finished deliveries go with their attempts), and every other table that grows with traffic. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeOldWebhookDeliveries } from "@/domain/webhooks/webhook-retention";
import { purgeExpiredIdempotencyKeys } from "@/domain/idempotency/idempotency-service";
import { runRetention } from "@/server/retention";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo" });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

describe("purgeOldWebhookDeliveries", () => {
  it("removes finished deliveries older than the retention with their attempts; keeps newer ones and pending ones", async () => {
    const { key } = await app.newKey("demo");
    const H = { "Integration-ID": "ret-int" };
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "ret-int" }) });
    const hook = await app.json("/v2/webhooks/", { method: "POST", key, headers: H, body: { url: receiver.url, events: ["Employee.created"] } });
    expect(hook.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const res = await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { name: `E${i}`, email: `e${i}@example.se`, country: "SWE" } });
      expect(res.status).toBe(201);
    }
    await app.drainJobs();
    const deliveries = await app.db.webhookDelivery.findMany({ orderBy: { createdAt: "asc" }, include: { attemptLog: true } });
    expect(deliveries).toHaveLength(5);
    expect(deliveries.every((d) => d.status === "succeeded" && d.attemptLog.length === 1)).toBe(true);

    const now = new Date();
    const [old1, old2, recent, oldPending, fresh] = deliveries.map((d) => d.pk);
    const age = async (pk: string, days: number, data: { status?: string } = {}) =>
      app.db.webhookDelivery.update({ where: { pk }, data: { createdAt: new Date(now.getTime() - days * DAY), ...data } });
    await age(old1, 31);
    await age(old2, 45);
    await age(recent, 29);
    await age(oldPending, 60, { status: "pending" });

    // Batches of one: the loop runs until a batch comes back short.
    expect(await purgeOldWebhookDeliveries(app.db, 30, now, 1)).toBe(2);
    const left = await app.db.webhookDelivery.findMany({ select: { pk: true } });
    expect(left.map((d) => d.pk).sort()).toEqual([recent, oldPending, fresh].sort());
    expect(await app.db.webhookAttempt.count({ where: { deliveryPk: { in: [old1, old2] } } })).toBe(0);
    expect(await app.db.webhookAttempt.count()).toBe(3);
    // The delivery log answers without them.
    const log = await app.db.webhookDelivery.count({ where: { subscription: { id: (hook.body as { id: string }).id } } });
    expect(log).toBe(3);

    // A shorter retention reaches the recent one; pending is never removed.
    expect(await purgeOldWebhookDeliveries(app.db, 7, now)).toBe(1);
    expect((await app.db.webhookDelivery.findMany({ select: { pk: true } })).map((d) => d.pk).sort()).toEqual([oldPending, fresh].sort());
  });
});

describe("runRetention (every table that grows with traffic)", () => {
  it("removes what each table's retention allows, in batches, and keeps the rest", async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 60 * 60 * 1000;
    const { key, accountPk } = await app.newKey("demo");
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "ret-all" }) });
    const made = await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": "ret-all" },
      body: { name: "R", email: "r@example.se", country: "SWE" },
    });
    expect(made.status).toBe(201);
    await app.drainJobs();
    const employee = await app.db.employee.findFirstOrThrow({ where: { email: "r@example.se" }, select: { pk: true } });

    // Idempotency-Keys live 24 hours.
    for (const [k, age] of [
      ["old-1", 25 * HOUR],
      ["old-2", 30 * HOUR],
      ["young", 23 * HOUR],
    ] as const)
      await app.db.idempotencyRecord.create({ data: { accountPk, environment: "demo", key: k, requestHash: "h", createdAt: ago(age) } });
    // Finished outbox jobs live a week, done or given up; pending ones stay.
    await app.db.outboxJob.createMany({
      data: [
        { kind: "test.done", payload: {}, completedAt: ago(8 * DAY) },
        { kind: "test.done", payload: {}, completedAt: ago(6 * DAY) },
        { kind: "test.failed", payload: {}, failedAt: ago(9 * DAY) },
        { kind: "test.pending", payload: {}, runAt: ago(30 * DAY) },
      ],
    });
    // Sign-in links 30 days past expiry; employee-app sessions a day past it.
    await app.db.magicLink.createMany({
      data: [
        { employeePk: employee.pk, tokenHash: "ret-old-link", expiresAt: ago(31 * DAY) },
        { employeePk: employee.pk, tokenHash: "ret-young-link", expiresAt: ago(29 * DAY) },
      ],
    });
    await app.db.employeeSession.createMany({
      data: [
        { employeePk: employee.pk, tokenHash: "ret-old-session", expiresAt: ago(25 * HOUR) },
        { employeePk: employee.pk, tokenHash: "ret-young-session", expiresAt: ago(HOUR) },
      ],
    });
    // better-auth: sessions and tokens a day past expiry, rate-limit rows idle a day.
    const user = await app.db.user.create({ data: { id: "ret-user", name: "Ret", email: "ret@example.se" } });
    await app.db.session.createMany({
      data: [
        { id: "ret-s-old", token: "ret-s-old", userId: user.id, expiresAt: ago(2 * DAY) },
        { id: "ret-s-new", token: "ret-s-new", userId: user.id, expiresAt: ago(HOUR) },
      ],
    });
    await app.db.verification.createMany({
      data: [
        { id: "ret-v-old", identifier: "x", value: "y", expiresAt: ago(2 * DAY) },
        { id: "ret-v-new", identifier: "x", value: "y", expiresAt: new Date(now.getTime() + HOUR) },
      ],
    });
    await app.db.rateLimit.createMany({
      data: [
        { id: "ret-r-old", key: "ret-r-old", count: 1, lastRequest: BigInt(ago(2 * DAY).getTime()) },
        { id: "ret-r-new", key: "ret-r-new", count: 1, lastRequest: BigInt(ago(HOUR).getTime()) },
      ],
    });

    const removed = await runRetention(app.db, { WEBHOOK_RETENTION_DAYS: 30, EVENT_RETENTION_DAYS: 30, REQUEST_LOG_DAYS: 14, AUDIT_LOG_DAYS: 365 }, now);
    expect(removed).toMatchObject({ idempotency_record: 2, outbox_job: 2, magic_link: 1, employee_session: 1, session: 1, verification: 1, rate_limit: 1 });
    expect((await app.db.idempotencyRecord.findMany({ where: { accountPk }, select: { key: true } })).map((r) => r.key)).toEqual(["young"]);
    expect((await app.db.outboxJob.findMany({ where: { kind: { startsWith: "test." } }, select: { kind: true } })).map((j) => j.kind).sort()).toEqual([
      "test.done",
      "test.pending",
    ]);
    expect((await app.db.magicLink.findMany({ where: { tokenHash: { startsWith: "ret-" } }, select: { tokenHash: true } })).map((l) => l.tokenHash)).toEqual([
      "ret-young-link",
    ]);
    expect(
      (await app.db.employeeSession.findMany({ where: { tokenHash: { startsWith: "ret-" } }, select: { tokenHash: true } })).map((s) => s.tokenHash),
    ).toEqual(["ret-young-session"]);
    expect((await app.db.session.findMany({ where: { userId: user.id }, select: { id: true } })).map((s) => s.id)).toEqual(["ret-s-new"]);
    expect((await app.db.verification.findMany({ where: { id: { startsWith: "ret-" } }, select: { id: true } })).map((v) => v.id)).toEqual(["ret-v-new"]);
    expect((await app.db.rateLimit.findMany({ where: { id: { startsWith: "ret-" } }, select: { id: true } })).map((r) => r.id)).toEqual(["ret-r-new"]);
    // Run again: nothing left to remove.
    const again = await runRetention(app.db, { WEBHOOK_RETENTION_DAYS: 30, EVENT_RETENTION_DAYS: 30, REQUEST_LOG_DAYS: 14, AUDIT_LOG_DAYS: 365 }, now);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it("removes in batches: a batch of one still removes every old row", async () => {
    const now = new Date();
    const { accountPk } = await app.newKey("demo");
    for (let i = 0; i < 3; i++)
      await app.db.idempotencyRecord.create({
        data: { accountPk, environment: "demo", key: `batch-${i}`, requestHash: "h", createdAt: new Date(now.getTime() - 2 * DAY) },
      });
    expect(await purgeExpiredIdempotencyKeys(app.db, now, 1)).toBe(3);
    expect(await app.db.idempotencyRecord.count({ where: { accountPk } })).toBe(0);
  });
});
