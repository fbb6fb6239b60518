import { createServer } from "node:http";
import { expect, test } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { anyDialog, goToSection, signInToIntegrations, unique, uniqueEmail } from "./support";

/** A receiver on a random local port answering `status` (demo subscriptions may reach local addresses). */
async function startReceiver() {
  const state = { status: 500, received: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.received += 1;
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the receiver has no TCP address");
  return { url: `http://127.0.0.1:${address.port}/hooks/events`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test("Events page with a filter and detail; a health badge to disabled and back; a filtered delivery log; bulk redeliver", async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const auth = { Authorization: `Token ${apiKey()}` };
    const integrations = await request.get("/v2/integrations/?type=1", { headers: auth });
    const headers = { ...auth, "Integration-ID": (await integrations.json()).results[0].id };
    const hook = await request.post("/v2/webhooks/", { headers, data: { url: receiver.url, events: ["Employee.created"] } });
    expect(hook.status()).toBe(201);
    const employee = await request.post("/v2/employees/", {
      headers,
      data: { name: unique("Event Person"), email: uniqueEmail("events"), country: "SWE" },
    });
    expect(employee.status()).toBe(201);
    const employeeId: string = (await employee.json()).id;

    await signInToIntegrations(page);

    // Developers → Events: filtered by type and by the object's id; the detail shows the JSON and where it went.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
    await page.getByText("All event types").click();
    await page.getByRole("checkbox", { name: "Employee.created" }).check();
    await expect(page).toHaveURL(/type=Employee\.created/);
    await page.getByLabel("Object ID").fill(employeeId);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`object_id=${employeeId}`));
    const row = page.getByRole("row").filter({ hasText: employeeId });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Employee.created");
    await row.getByRole("button", { name: /^View/ }).click();
    const detail = anyDialog(page);
    await expect(detail.getByTestId("event-json")).toContainText(`"object_id": "${employeeId}"`);
    await expect(detail.getByRole("table", { name: "Where it was delivered" })).toContainText(receiver.url);
    await detail.getByRole("button", { name: "Close" }).click();

    // The receiver answers 500: the subscription is failing; disabled by hand, then enabled again.
    await goToSection(page, "Webhooks");
    const sub = page.getByRole("row").filter({ hasText: receiver.url });
    await expect(sub.getByTestId("health-badge")).toHaveText(/^Failing since /, { timeout: 30_000 });
    await sub.getByRole("button", { name: `Disable: ${receiver.url}` }).click();
    await expect(sub.getByTestId("health-badge")).toHaveText("Disabled (by hand)");
    await sub.getByRole("button", { name: `Enable: ${receiver.url}` }).click();
    await expect(sub.getByTestId("health-badge")).toHaveText("Healthy");

    // Disabling ended the pending delivery as failed: the log filtered by status shows it, and only it.
    await sub.getByRole("link", { name: receiver.url }).click();
    await page.getByLabel("Status").selectOption("failed");
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.locator("tr.delivery-row")).toHaveCount(1);
    await expect(page.locator("tr.delivery-row")).toContainText("Failed");
    await page.getByLabel("Status").selectOption("succeeded");
    await expect(page.getByText("Nothing delivered yet.")).toBeVisible();

    // Redeliver failed since…: the count first, then the deliveries queued; the receiver now answers 200.
    receiver.state.status = 200;
    await page.getByRole("button", { name: "Redeliver failed since…" }).click();
    const bulk = anyDialog(page);
    await expect(bulk.getByTestId("failed-count")).toHaveText("1 failed delivery since then will be sent again.");
    await bulk.getByRole("button", { name: "Redeliver 1 delivery" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 delivery queued." })).toBeVisible();
    // The log still shows succeeded deliveries only: the redelivery appears there once the receiver took it.
    await expect(page.locator("tr.delivery-row").filter({ hasText: "Succeeded" })).toHaveCount(1, { timeout: 30_000 });
    expect(receiver.state.received).toBeGreaterThan(1);
  } finally {
    await receiver.close();
  }
});
