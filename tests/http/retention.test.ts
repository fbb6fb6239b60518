/** Retention of the webhook delivery log (WEBHOOK_RETENTION_DAYS): old finished deliveries go with their attempts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeOldWebhookDeliveries } from "@/domain/webhooks/webhook-retention";
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
