/**
 * The domain's time is the app's Clock (src/domain/shared/clock.ts): a test moves it and the rules follow, through
 * the real database, in JavaScript and in SQL (the outbox, the magic links, notified_at, the emails' Date).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SettableClock } from "@/domain/shared/clock";
import { integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";

const HOUR = 3600_000;
// Years ahead of the real time: nothing here can pass by reading the real clock.
const START = new Date("2031-03-03T09:00:00.000Z");
const clock = new SettableClock(START);
let app: TestApp;
let as: { key: string; headers: Record<string, string> };

beforeAll(async () => {
  app = await startTestApp({ clock });
  const { key } = await app.newKey("demo");
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "clock-int" }) })).status).toBe(201);
  as = { key, headers: { "Integration-ID": "clock-int" } };
});
afterAll(() => app?.close());

/** The invitation emails to `email` whose links have not been seen yet. */
const seen = new Set<string>();
function newLinks(email: string): { token: string; text: string }[] {
  const fresh = app
    .mails()
    .filter((m) => m.text.includes(`To: ${email}`))
    .map((m) => ({ token: magicToken(m.text), text: m.text }))
    .filter((m) => !seen.has(m.token));
  for (const m of fresh) seen.add(m.token);
  return fresh;
}

describe("a SettableClock given to the app", () => {
  it("decides the invitation resend rule (24 hours after the previous resend), the link's expiry and the timestamps written", async () => {
    const created = await app.json<{ created_at: string }>("/v2/employees/", {
      method: "POST",
      ...as,
      body: { id: "clock-1", name: "Klara Klocka", email: "klara@example.se", country: "SWE" },
    });
    expect(created.status).toBe(201);
    expect(created.body.created_at).toBe(START.toISOString());

    // The invitation job is due at the clock's time, and notified_at is written by SQL with the clock's time.
    clock.advance(1_000);
    expect(await app.drainJobs()).toBeGreaterThan(0);
    expect((await app.json<{ notified_at: string }>("/v2/employees/clock-1/", as)).body.notified_at).toBe("2031-03-03T09:00:01.000Z");
    const [invitation] = newLinks("klara@example.se");
    expect(invitation.text).toContain("Date: Mon, 03 Mar 2031 09:00:01 +0000");

    const resend = () => app.json("/v2/employees/clock-1/resend/", { method: "PATCH", ...as });
    expect((await resend()).status).toBe(204);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(String(refused.body.detail)).toContain("2031-03-04T09:00:01.000Z");
    expect(refused.headers.get("retry-after")).toBe(String(24 * 3600));
    clock.advance(23 * HOUR);
    const later = await resend();
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe(String(3600));
    clock.advance(HOUR);
    expect((await resend()).status).toBe(204);

    // Each link lasts seven days from its issue by the clock; the resends' links revoked the first one.
    await app.drainJobs();
    const links = newLinks("klara@example.se");
    expect(links).toHaveLength(2);
    clock.advance(7 * 24 * HOUR + 1_000);
    for (const { token } of links) expect((await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true })).status).toBe(403);

    // A day later still, a new link (the resend is allowed again) claims the Employee at the clock's time.
    expect((await resend()).status).toBe(204);
    await app.drainJobs();
    const [fresh] = newLinks("klara@example.se");
    clock.advance(7 * 24 * HOUR - 60_000);
    expect((await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: fresh.token }, { mutation: true })).status).toBe(200);
    const claimed = await app.json<{ claimed_at: string; latest_status: string }>("/v2/employees/clock-1/", as);
    expect(claimed.body).toMatchObject({ claimed_at: clock.now().toISOString(), latest_status: "active" });
  });
});
