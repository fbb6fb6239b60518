/**
 * Webhooks that look after themselves (issue 24): each delivery's identity headers, disabling and enabling a
 * subscription, auto-disable after WEBHOOK_DISABLE_AFTER_MINUTES of failures with the admins' two emails, and
 * rolling a secret with two signatures until the previous one expires. Time is a SettableClock.
 */
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SettableClock } from "@/domain/shared/clock";
import { verifySignature } from "@/domain/webhooks/webhook-body";
import { callerFor, decodeMail, integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Received, type Receiver } from "../support/webhook-receiver";

const MINUTE = 60_000;
// Years ahead of the real time: nothing here can pass by reading the real clock.
const clock = new SettableClock(new Date("2031-05-05T08:00:00.000Z"));
const DISABLE_AFTER = 30; // minutes; the warning comes at 10
let app: TestApp;
let receiver: Receiver;
let key: string;
let accountPk: string;

type Webhook = {
  id: string;
  secret_key: string;
  status: "enabled" | "disabled";
  disabled_reason: "manual" | "failing" | null;
  disabled_at: string | null;
};

beforeAll(async () => {
  app = await startTestApp({ clock, webhookDisableAfterMinutes: DISABLE_AFTER });
  receiver = await startReceiver();
  ({ key, accountPk } = await app.newKey("demo"));
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});
afterEach(() => {
  receiver.respond = () => 200;
});

/** An Integration of the test's own (its events reach only its subscriptions) with one subscription to Employee.created. */
async function subscribed(name: string): Promise<{ h: Record<string, string>; hook: Webhook; path: string }> {
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: name }) })).status).toBe(201);
  const h = { "Integration-ID": name };
  const path = `/${name}`;
  const created = await app.json<Webhook>("/v2/webhooks/", {
    method: "POST",
    key,
    headers: h,
    body: { id: name, url: receiver.url + path, events: ["Employee.created"] },
  });
  expect(created.status).toBe(201);
  return { h, hook: created.body, path };
}

const employee = (h: Record<string, string>, id: string) =>
  app.json("/v2/employees/", { method: "POST", key, headers: h, body: { id, name: "Vera Webb", email: `${id}@example.se`, country: "SWE" } });
const at = (path: string): Received[] => receiver.received.filter((r) => r.path === path);
const webhook = async (h: Record<string, string>, id: string) => (await app.json<Webhook>(`/v2/webhooks/${id}/`, { key, headers: h })).body;
const patch = (h: Record<string, string>, id: string, body: Record<string, unknown>) =>
  app.json<Webhook>(`/v2/webhooks/${id}/`, { method: "PATCH", key, headers: h, body });
/** The retries due after `minutes` (the first retries wait 10 s, 20 s, 40 s… with jitter), then every job due. */
async function later(minutes: number): Promise<void> {
  clock.advance(minutes * MINUTE);
  await app.drainJobs();
}

describe("delivery identity", () => {
  it("Service-Event, Service-Event-Id and Service-Delivery-Id: the same on a retry, a new delivery id on a redelivery", async () => {
    const { h, hook, path } = await subscribed("ident");
    let seen = 0;
    receiver.respond = (r) => (r.path === path && seen++ === 0 ? 500 : 200);
    expect((await employee(h, "ident-1")).status).toBe(201);
    await app.drainJobs();
    expect(at(path).map((r) => r.status)).toEqual([500]);
    await later(1);
    const [first, retry] = at(path);
    expect(retry.status).toBe(200);

    const event = await app.db.event.findFirstOrThrow({ where: { name: "Employee.created", data: { path: ["id"], equals: "ident-1" } } });
    const delivery = await app.db.webhookDelivery.findFirstOrThrow({ where: { eventPk: event.pk } });
    for (const r of [first, retry]) {
      expect(r.headers["service-event"]).toBe("Employee.created");
      expect(r.headers["service-event-id"]).toBe(event.pk);
      expect(r.headers["service-delivery-id"]).toBe(delivery.pk);
      // Body and signature as before: one v1, the body as stored.
      expect(r.body).toBe(delivery.body);
      expect(String(r.headers["service-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(hook.secret_key, r.body, String(r.headers["service-signature"]), clock.now())).toBe(true);
    }

    // A redelivery (the dashboard's tool): the same event, a delivery of its own.
    const caller = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, "ident");
    await caller.webhooks.redeliver({ webhook_id: "ident", deliveryPk: delivery.pk });
    await app.drainJobs();
    const again = at(path)[2];
    expect(again.headers["service-event-id"]).toBe(event.pk);
    expect(again.headers["service-delivery-id"]).not.toBe(delivery.pk);
    expect(again.headers["service-delivery-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.body).toBe(first.body);
  });
});

describe("disabling a subscription", () => {
  it("PATCH status disabled stops deliveries (pending ones too); enabled resumes, without the events of meanwhile", async () => {
    const { h, path } = await subscribed("toggle");
    expect(await webhook(h, "toggle")).toMatchObject({ status: "enabled", disabled_reason: null, disabled_at: null });

    // A delivery waiting for its retry when the subscription is disabled is never sent again.
    receiver.respond = () => 500;
    await employee(h, "toggle-pending");
    await app.drainJobs();
    expect(at(path)).toHaveLength(1);
    const disabled = await patch(h, "toggle", { status: "disabled" });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ status: "disabled", disabled_reason: "manual", disabled_at: clock.now().toISOString() });
    receiver.respond = () => 200;
    await later(5);
    expect(at(path)).toHaveLength(1);
    const subscription = await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "toggle" } });
    expect(await app.db.webhookDelivery.findMany({ where: { subscriptionPk: subscription.pk }, select: { status: true } })).toEqual([{ status: "failed" }]);

    // Events while disabled: recorded, never a delivery, not even after enabling.
    await employee(h, "toggle-while-off");
    await later(1);
    expect(at(path)).toHaveLength(1);
    expect(await app.db.event.count({ where: { name: "Employee.created", data: { path: ["id"], equals: "toggle-while-off" } } })).toBe(1);
    expect(await app.db.webhookDelivery.count({ where: { subscriptionPk: subscription.pk } })).toBe(1);
    // The dashboard's test event is refused rather than queued for nothing.
    const caller = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, "toggle");
    await expect(caller.webhooks.sendTest({ webhook_id: "toggle", event: "Employee.created" })).rejects.toThrow(/disabled/);

    const enabled = await patch(h, "toggle", { status: "enabled" });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null, disabled_at: null });
    await later(1);
    expect(at(path)).toHaveLength(1);
    await employee(h, "toggle-after");
    await app.drainJobs();
    expect(at(path).map((r) => JSON.parse(r.body).id)).toEqual(["toggle-pending", "toggle-after"]);

    // A PUT without status keeps it; a bad status is a 400.
    await patch(h, "toggle", { status: "disabled" });
    const put = await app.json<Webhook>("/v2/webhooks/toggle/", {
      method: "PUT",
      key,
      headers: h,
      body: { id: "toggle", url: receiver.url + path, events: ["Employee.created"] },
    });
    expect(put.body).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    const bad = await patch(h, "toggle", { status: "paused" });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("status");
  });
});

describe("auto-disable", () => {
  it("warns the admins at a third of WEBHOOK_DISABLE_AFTER_MINUTES of failures and disables at all of it; a success resets the clock", async () => {
    const admins = [`en-${crypto.randomBytes(3).toString("hex")}@example.test`, `sv-${crypto.randomBytes(3).toString("hex")}@example.test`];
    const member = `member-${crypto.randomBytes(3).toString("hex")}@example.test`;
    for (const [email, teamRole, locale] of [
      [admins[0], "admin", null],
      [admins[1], "admin", "sv"],
      [member, "member", null],
    ] as const) {
      await app.db.user.create({ data: { id: crypto.randomUUID(), name: email, email, accountPk, teamRole, locale } });
    }
    const mailsTo = (email: string) => app.mails().filter((m) => m.text.includes(`To: ${email}`));
    const { h, path } = await subscribed("failing");
    receiver.respond = () => 500;

    // A success in between resets the clock: 9 minutes failing, then a success, then 9 more: no warning.
    await employee(h, "failing-1");
    await app.drainJobs();
    await later(9);
    receiver.respond = () => 200;
    await later(1);
    expect(at(path).at(-1)?.status).toBe(200);
    receiver.respond = () => 500;
    await employee(h, "failing-2");
    await app.drainJobs();
    await later(9);
    expect(mailsTo(admins[0])).toHaveLength(0);
    expect((await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "failing" } })).failingWarnedAt).toBeNull();

    // A third of the time (10 minutes) after the first failure since the success: the warning, once, to each admin.
    await later(2);
    expect(await webhook(h, "failing")).toMatchObject({ status: "enabled" });
    const [warning] = mailsTo(admins[0]);
    expect(warning.text).toContain("Subject: Webhook failing is failing");
    expect(decodeMail(warning.text)).toContain(`${receiver.url}${path}`);
    expect(decodeMail(mailsTo(admins[1])[0].text)).toContain("misslyckas");
    expect(mailsTo(member)).toHaveLength(0);
    await later(2);
    expect(mailsTo(admins[0])).toHaveLength(1);

    // All of it (30 minutes): disabled as failing, and the second email.
    await later(20);
    const disabled = await webhook(h, "failing");
    expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "failing", disabled_at: clock.now().toISOString() });
    expect(mailsTo(admins[0])).toHaveLength(2);
    // (The mail folder's order is not the sending order.)
    expect(mailsTo(admins[0]).filter((m) => m.text.includes("Subject: Webhook failing has been disabled"))).toHaveLength(1);
    expect(mailsTo(admins[1]).filter((m) => decodeMail(m.text).includes("stängde av den"))).toHaveLength(1);
    const sent = at(path).length;
    await employee(h, "failing-3");
    await later(60);
    expect(at(path)).toHaveLength(sent);

    // Enabled again, it starts afresh.
    receiver.respond = () => 200;
    expect((await patch(h, "failing", { status: "enabled" })).body).toMatchObject({ status: "enabled", disabled_reason: null });
    await employee(h, "failing-4");
    await app.drainJobs();
    expect(JSON.parse(at(path).at(-1)?.body ?? "{}").id).toBe("failing-4");
  });
});

describe("rolling a secret", () => {
  it("signs with the new and the previous secret until the previous one expires", async () => {
    const { h, hook, path } = await subscribed("roll");
    const rolled = await app.json<Webhook>("/v2/webhooks/roll/roll_secret/", { method: "POST", key, headers: h, body: { expire_previous_in_minutes: 60 } });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret_key).toMatch(/^[0-9a-f]{32}$/);
    expect(rolled.body.secret_key).not.toBe(hook.secret_key);
    expect(await webhook(h, "roll")).toEqual(rolled.body);

    await employee(h, "roll-1");
    await app.drainJobs();
    const both = at(path)[0];
    const signature = String(both.headers["service-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(rolled.body.secret_key, both.body, signature, clock.now())).toBe(true);
    expect(verifySignature(hook.secret_key, both.body, signature, clock.now())).toBe(true);
    expect(verifySignature("another-secret-0123456789", both.body, signature, clock.now())).toBe(false);
    // The first v1 is the new secret's.
    const [t, v1] = signature.split(",");
    expect(v1.slice(3)).toBe(
      crypto
        .createHmac("sha256", rolled.body.secret_key)
        .update(`${t.slice(2)}.${both.body}`)
        .digest("hex"),
    );

    // After the hour, only the new one.
    clock.advance(60 * MINUTE);
    await employee(h, "roll-2");
    await app.drainJobs();
    const one = at(path)[1];
    const after = String(one.headers["service-signature"]);
    expect(after).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(rolled.body.secret_key, one.body, after, clock.now())).toBe(true);
    expect(verifySignature(hook.secret_key, one.body, after, clock.now())).toBe(false);

    // The default keeps the previous one a day; a PUT replaces the secret at once, as before.
    const byDefault = await app.json<Webhook>("/v2/webhooks/roll/roll_secret/", { method: "POST", key, headers: h });
    expect(byDefault.status).toBe(200);
    const stored = await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "roll" } });
    expect(stored.previousSecretKey).toBe(rolled.body.secret_key);
    expect(stored.previousSecretExpiresAt?.toISOString()).toBe(new Date(clock.now().getTime() + 1440 * MINUTE).toISOString());
    await app.json("/v2/webhooks/roll/", { method: "PUT", key, headers: h, body: { id: "roll", url: receiver.url + path, events: ["Employee.created"] } });
    await employee(h, "roll-3");
    await app.drainJobs();
    expect(String(at(path)[2].headers["service-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("refuses an expire_previous_in_minutes outside 0..10080 or not an integer (400), and an unknown subscription (404)", async () => {
    const { h } = await subscribed("roll-bad");
    for (const value of [-1, 10081, 1.5, "soon", null, true]) {
      const res = await app.json("/v2/webhooks/roll-bad/roll_secret/", { method: "POST", key, headers: h, body: { expire_previous_in_minutes: value } });
      expect(res.status, String(value)).toBe(400);
      expect(res.body).toHaveProperty("expire_previous_in_minutes");
    }
    const zero = await app.json<Webhook>("/v2/webhooks/roll-bad/roll_secret/", { method: "POST", key, headers: h, body: { expire_previous_in_minutes: 0 } });
    expect(zero.status).toBe(200);
    expect((await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "roll-bad" } })).previousSecretKey).toBeNull();
    const form = await app.json("/v2/webhooks/roll-bad/roll_secret/", {
      method: "POST",
      key,
      headers: h,
      body: new URLSearchParams({ expire_previous_in_minutes: "10080" }),
    });
    expect(form.status).toBe(200);
    expect((await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "roll-bad" } })).previousSecretKey).not.toBeNull();
    // The dashboard's rotation replaces the secret at once, as before: the previous one stops signing.
    const caller = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, "roll-bad");
    await caller.webhooks.rotateSecret({ webhook_id: "roll-bad" });
    expect((await app.db.webhookSubscription.findFirstOrThrow({ where: { id: "roll-bad" } })).previousSecretKey).toBeNull();
    expect((await app.api("/v2/webhooks/nope/roll_secret/", { method: "POST", key, headers: h, body: {} })).status).toBe(404);
  });
});

describe("the contract", () => {
  it("openapi.json has roll_secret and the health fields", async () => {
    const doc = (await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json")).body;
    const roll = doc.paths["/webhooks/{webhook_id}/roll_secret/"]?.post;
    expect(Object.keys(roll?.responses ?? {}).sort()).toEqual(["200", "400", "401", "403", "404", "405", "409", "413", "415", "422", "429", "500"]);
    expect(JSON.stringify(doc)).toContain("disabled_reason");
  });
});
