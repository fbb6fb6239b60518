/**
 * The generated client against the real app (tests/support/test-app, both databases): a whole life with typed calls
 * only. An Employee is created, claimed and verified with the test helpers, a Payout created, its Payrun closed and
 * paid with the helper, the Payout accepted, and the events read from /v2/events/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/test-app";
import { createPayrouteClient, type PayrouteClient } from "./src/index";

let app: TestApp;
let client: PayrouteClient;
const INTEGRATION = "client-int";

beforeAll(async () => {
  app = await startTestApp();
  const { key } = await app.newKey("demo");
  const setup = createPayrouteClient({ baseUrl: app.url, token: key });
  const created = await setup.POST("/integrations/", {
    body: {
      id: INTEGRATION,
      name: "Client AB",
      email: "invoices@client.example",
      recipient: "Client AB",
      address_line_1: "Storgatan 1",
      zip_code: "11122",
      city: "Stockholm",
    },
  });
  expect(created.response.status).toBe(201);
  client = createPayrouteClient({ baseUrl: `${app.url}/v2/`, token: key, integrationId: INTEGRATION });
});
afterAll(() => app?.close());

describe("@payroute/client", () => {
  it("creates an Employee, claims and verifies it, pays and accepts a Payout, and reads the events", async () => {
    const employee = await client.POST("/employees/", { body: { id: "cl-emp", name: "Client Employee", email: "cl-emp@example.se", country: "SWE" } });
    expect(employee.response.status).toBe(201);
    expect(employee.data?.latest_status).toBe("created");
    await app.drainJobs();

    const claimed = await client.POST("/test_helpers/employees/{employee_id}/claim/", { params: { path: { employee_id: "cl-emp" } }, body: {} });
    expect(claimed.data?.latest_status).toBe("onboarding");
    const verified = await client.POST("/test_helpers/employees/{employee_id}/verify/", { params: { path: { employee_id: "cl-emp" } } });
    expect(verified.data).toMatchObject({ id: "cl-emp", latest_status: "active" });

    const payout = await client.POST("/payouts/", {
      body: { id: "cl-pay", amount: "1500.00", currency: "SEK", description: "Client work", employee: "cl-emp" },
      params: { header: { "Idempotency-Key": "cl-pay-1" } },
    });
    expect(payout.response.status).toBe(201);
    // POST /payouts/ also takes a list (a bulk create) and then answers one.
    const one = Array.isArray(payout.data) ? payout.data[0] : payout.data;
    // `payrun` is its id, or the Payrun itself when expanded.
    const payrun = one?.payrun;
    const payrunId = typeof payrun === "object" ? payrun.id : (payrun ?? "");
    expect(one?.latest_status).toBe("created");

    // Accepting before the money is there: 409, typed as the document's {"detail"}.
    const early = await client.POST("/test_helpers/payouts/{payout_id}/accept/", { params: { path: { payout_id: "cl-pay" } } });
    expect(early.response.status).toBe(409);
    expect(early.error?.detail).toMatch(/Payrun is still open/);

    const closed = await client.POST("/payruns/{payrun_id}/close/", { params: { path: { payrun_id: payrunId } } });
    expect(closed.response.status).toBe(204);
    const paid = await client.POST("/test_helpers/payruns/{payrun_id}/pay/", { params: { path: { payrun_id: payrunId } } });
    expect(paid.data?.latest_status).toBe("paid");
    await app.drainJobs();
    expect((await client.GET("/payouts/{payout_id}/", { params: { path: { payout_id: "cl-pay" } } })).data?.latest_status).toBe("available");

    const accepted = await client.POST("/test_helpers/payouts/{payout_id}/accept/", { params: { path: { payout_id: "cl-pay" } } });
    expect(accepted.data?.latest_status).toBe("complete");
    expect(accepted.data?.accepted_at).not.toBeNull();

    const events = await client.GET("/events/", { params: { query: { page_size: 100 } } });
    expect(events.response.status).toBe(200);
    const types = (events.data?.results ?? []).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "Employee.created",
        "Employee.claimed",
        "Employee.verified",
        "Payout.created",
        "Payrun.paid",
        "Payout.notified",
        "Payout.accepted",
      ]),
    );
    const acceptedEvent = (events.data?.results ?? []).find((e) => e.type === "Payout.accepted");
    expect(acceptedEvent?.object_id).toBe("cl-pay");
  });

  it("sends the key and Integration on every call: another Integration's client sees none of it, a wrong key gets 401", async () => {
    const { key } = await app.newKey("demo");
    const stranger = createPayrouteClient({ baseUrl: app.url, token: key, integrationId: INTEGRATION });
    expect((await stranger.GET("/employees/{employee_id}/", { params: { path: { employee_id: "cl-emp" } } })).response.status).toBe(404);
    const wrong = createPayrouteClient({ baseUrl: app.url, token: "not-a-key", integrationId: INTEGRATION });
    const refused = await wrong.GET("/employees/", {});
    expect(refused.response.status).toBe(401);
    expect(typeof refused.error?.detail).toBe("string");
  });
});
