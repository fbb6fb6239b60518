/**
 * home.summary and home.queues, the dashboard home's figures: on seeded data each equals what the API's own
 * lists and retrieves report (GET /v2/payruns/open/, the Invoice and Payout lists, Employee status filters,
 * the webhook list), for the caller's Integration only; the operators' counts equal their queue pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SettableClock } from "@/domain/shared/clock";
import { callerFor, integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";

// A Wednesday, years ahead of the real time: the weeks and due dates follow the app's clock only.
const START = new Date("2031-03-05T10:00:00.000Z");
const DAY = 86_400_000;
const clock = new SettableClock(START);
let app: TestApp;
let key: string;
let accountPk: string;

const as = (integration: string) => ({ key, headers: { "Integration-ID": integration } });
const client = (integration: string) => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);
const operator = () => callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op" });

async function post<T = Record<string, unknown>>(path: string, integration: string, body?: unknown): Promise<T> {
  const res = await app.json<T>(path, { method: "POST", ...as(integration), body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}
const get = async <T>(path: string, integration: string): Promise<T> => {
  const res = await app.json<T>(path, as(integration));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const countOf = async (path: string, integration: string) => (await get<{ count: number }>(path, integration)).count;

beforeAll(async () => {
  app = await startTestApp({ clock });
  ({ key, accountPk } = await app.newKey("demo"));
  for (const id of ["home-a", "home-b"]) await post("/v2/integrations/", id, integrationBody({ id, currency: "SEK", payment_term_days: 30 }));
  // Five Employees of A: two stay invited, one claims (onboarding), two are verified (active); one of B.
  for (const id of ["e1", "e2", "e3", "e4", "e5"])
    await post("/v2/employees/", "home-a", { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" });
  await post("/v2/employees/", "home-b", { id: "b1", name: "Other", email: "b1@example.se", country: "SWE" });
  clock.advance(1_000);
  await app.drainJobs();
  await post("/v2/test_helpers/employees/e3/claim/", "home-a");
  for (const id of ["e4", "e5"]) {
    await post(`/v2/test_helpers/employees/${id}/claim/`, "home-a");
    await post(`/v2/test_helpers/employees/${id}/verify/`, "home-a");
  }
  // Payouts three weeks ago (their Payrun is then closed: an Invoice falls due), and this week (the open Payrun).
  clock.set(new Date(START.getTime() - 21 * DAY));
  const early = await post<{ payrun: string }>("/v2/payouts/", "home-a", { employee: "e4", amount: "1000.10", currency: "SEK", description: "Early" });
  await post("/v2/payouts/", "home-a", { employee: "e5", amount: "250.00", currency: "SEK", description: "Early 2" });
  await post(`/v2/payruns/${early.payrun}/close/`, "home-a");
  clock.set(START);
  for (const amount of ["10.00", "20.05", "30.10"]) await post("/v2/payouts/", "home-a", { employee: "e4", amount, currency: "SEK", description: "Now" });
  await post("/v2/payouts/", "home-b", { employee: "b1", amount: "99.00", currency: "SEK", description: "Other Integration" });
  // A Payout's created_at is the database's time, not the clock's: the seed places them in their weeks.
  await app.db.payout.updateMany({ where: { description: { startsWith: "Early" } }, data: { createdAt: new Date(START.getTime() - 21 * DAY) } });
  await app.db.payout.updateMany({ where: { description: { in: ["Now", "Other Integration"] } }, data: { createdAt: START } });
  // Webhooks: one failing now, one disabled for failing, one disabled by hand (not failing).
  for (const id of ["w-failing", "w-disabled", "w-manual"])
    await post("/v2/webhooks/", "home-a", { id, url: "http://127.0.0.1:9/hook", events: ["Employee.created"] });
  await app.db.webhookSubscription.updateMany({ where: { id: "w-failing" }, data: { failingSince: START } });
  await app.db.webhookSubscription.updateMany({ where: { id: "w-disabled" }, data: { status: "disabled", disabledReason: "failing", disabledAt: START } });
  expect((await app.json("/v2/registrations/", { method: "POST", key, body: registrationBody() })).status).toBe(201);
  expect((await app.json("/v2/webhooks/w-manual/", { method: "PATCH", ...as("home-a"), body: { status: "disabled" } })).status).toBe(200);
});
afterAll(() => app?.close());

describe("home.summary", () => {
  it("shows the open Payrun exactly as GET /v2/payruns/open/ does", async () => {
    const summary = await client("home-a").home.summary();
    const open = await get<{ id: string; price: string; payout_count: number }>("/v2/payruns/open/", "home-a");
    expect(summary.openPayrun).toMatchObject({ id: open.id, price: open.price, payoutCount: open.payout_count, currency: "SEK" });
    expect(summary.openPayrun?.payoutCount).toBe(3);
  });

  it("sums what the unpaid Invoices of the list owe, with the earliest due date, and tells due from overdue by the clock", async () => {
    const summary = await client("home-a").home.summary();
    const unpaid = await get<{ results: { amount_due: string; due_date: string }[] }>("/v2/invoices/?status=invoice", "home-a");
    expect(unpaid.results).toHaveLength(1);
    expect(summary.amountDue).toEqual({ totals: [{ currency: "SEK", amount: unpaid.results[0].amount_due }], nextDueDate: unpaid.results[0].due_date });
    expect(summary.invoices).toEqual({ due: 1, overdue: 0 });
    // The day after the due date, it is overdue.
    clock.set(new Date(new Date(`${unpaid.results[0].due_date}T00:00:00.000Z`).getTime() + DAY));
    expect((await client("home-a").home.summary()).invoices).toEqual({ due: 0, overdue: 1 });
    clock.set(START);
  });

  it("counts Payouts per week for twelve weeks, each equal to the Payout list's count over the same week", async () => {
    const { payoutsPerWeek } = await client("home-a").home.summary();
    expect(payoutsPerWeek).toHaveLength(12);
    // 2031-03-05 is a Wednesday: this week starts on Monday the 3rd.
    expect(payoutsPerWeek[11].weekStart).toBe("2031-03-03");
    expect(payoutsPerWeek.map((w) => w.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3]);
    for (const week of payoutsPerWeek.slice(8)) {
      const start = new Date(`${week.weekStart}T00:00:00.000Z`);
      const after = new Date(start.getTime() - 1).toISOString();
      const before = new Date(start.getTime() + 7 * DAY).toISOString();
      expect(await countOf(`/v2/payouts/?created_at_after=${after}&created_at_before=${before}`, "home-a")).toBe(week.count);
    }
  });

  it("counts Employees by the status filters of the list", async () => {
    const { employees } = await client("home-a").home.summary();
    expect(employees).toEqual({ invited: 2, onboarding: 1, active: 2 });
    expect(await countOf("/v2/employees/?notified_at_null=false&claimed_at_null=true&verified_at_null=true", "home-a")).toBe(employees.invited);
    expect(await countOf("/v2/employees/?claimed_at_null=false&verified_at_null=true", "home-a")).toBe(employees.onboarding);
    expect(await countOf("/v2/employees/?verified_at_null=false", "home-a")).toBe(employees.active);
  });

  it("counts the failing webhook subscriptions, not the ones disabled by hand", async () => {
    const { failingWebhooks } = await client("home-a").home.summary();
    expect(failingWebhooks).toBe(2);
    const list = await get<{ results: { id: string; disabled_reason: string | null }[] }>("/v2/webhooks/", "home-a");
    expect(list.results.filter((w) => w.disabled_reason === "failing").map((w) => w.id)).toEqual(["w-disabled"]);
  });

  it("reads the caller's Integration only", async () => {
    const summary = await client("home-b").home.summary();
    expect(summary.openPayrun).toMatchObject({ price: (await get<{ price: string }>("/v2/payruns/open/", "home-b")).price, payoutCount: 1 });
    expect(summary.amountDue).toEqual({ totals: [], nextDueDate: null });
    expect(summary.employees).toEqual({ invited: 1, onboarding: 0, active: 0 });
    expect(summary.payoutsPerWeek.reduce((n, w) => n + w.count, 0)).toBe(1);
  });

  it("has no open Payrun to show once it is closed", async () => {
    const open = await get<{ id: string }>("/v2/payruns/open/", "home-b");
    await post(`/v2/payruns/${open.id}/close/`, "home-b");
    expect((await client("home-b").home.summary()).openPayrun).toBeNull();
  });
});

describe("home.queues", () => {
  it("counts what the operators' queue pages list, with the oldest item's time", async () => {
    const queues = await operator().home.queues();
    const payruns = await operator().payruns.unpaid();
    expect(queues.payruns).toEqual({ count: payruns.length, oldest: payruns[0]?.payrun.created_at ?? null });
    const prepayments = await operator().invoices.unpaidPrepayments();
    expect(queues.prepayments.count).toBe(prepayments.length);
    expect(queues.employees.count).toBe((await operator().employeeVerification.pending()).length);
    expect(queues.registrations.count).toBeGreaterThan(0);
    expect(queues.registrations.count).toBe((await operator().registrations.review.queue({ status: "pending", page: 1, page_size: 100 })).count);
  });

  it("is the operators' only", async () => {
    await expect(client("home-a").home.queues()).rejects.toThrow();
  });
});
