import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { anyDialog, goToSection, screenshot, signInToIntegrations } from "./support";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a random local port (demo subscriptions may reach local addresses). */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status, { "Content-Type": "text/plain" });
      res.end(status < 300 ? "thanks" : "receiver says no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the receiver has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}/hooks/payroute`,
    received,
    respond(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` as a receiver would. */
function signedWith(secret: string, r: Received): boolean {
  const header = String(r.headers["service-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${r.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], "hex"));
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeEach(async () => {
  receiver = await startReceiver();
});

test.afterEach(async () => {
  await receiver.close();
});

test("subscribe to Employee.created in demo, send a test event, redeliver to a failing receiver, rotate the secret", async ({ page }) => {
  // Retries come 10 s apart at the least; the test waits for one.
  test.setTimeout(120_000);
  await signInToIntegrations(page);
  await goToSection(page, "Webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();

  // Create: the events are checkboxes grouped by object; none chosen is the server's error.
  await page.getByRole("button", { name: "New subscription" }).click();
  const dialog = anyDialog(page);
  await expect(dialog.getByRole("group", { name: "Employee" }).getByRole("checkbox")).toHaveCount(4);
  await dialog.getByLabel("URL").fill(receiver.url);
  await dialog.getByRole("button", { name: "Create subscription" }).click();
  await expect(dialog.getByRole("group", { name: "Events" })).toHaveAccessibleDescription(/.+/);
  await dialog.getByRole("checkbox", { name: "Employee.created" }).check();
  await dialog.getByRole("button", { name: "Create subscription" }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole("row").filter({ hasText: receiver.url });
  await expect(row).toContainText("Employee.created");
  await expect(row.getByRole("cell").nth(2)).toHaveText("Integration");
  await screenshot(page, "webhooks");
  await row.getByRole("link", { name: receiver.url }).click();
  await expect(page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}(\?|$)/);
  await expect(page.getByRole("heading", { name: receiver.url })).toBeVisible();
  await expect(page.getByText("Nothing delivered yet.")).toBeVisible();

  // The secret is masked until revealed.
  const secretValue = page.getByTestId("secret-value");
  await expect(secretValue).toHaveText(/^•+$/);
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(secretValue).toHaveText(/^[0-9a-f]{32}$/);
  const secret = (await secretValue.textContent()) ?? "";
  await page.getByRole("button", { name: "Hide secret" }).click();

  // A test event arrives signed, and the log shows it delivered with the receiver's 200 and the payload.
  await expect(page.getByRole("combobox", { name: "Event", exact: true })).toHaveValue("Employee.created");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A test Employee.created event is on its way." })).toBeVisible();
  const delivered = page.getByRole("row").filter({ hasText: "Employee.created" }).filter({ hasText: "Succeeded" });
  await expect(delivered).toHaveCount(1);
  await expect(delivered.getByRole("cell").nth(2)).toHaveText("1");
  expect(receiver.received).toHaveLength(1);
  const first = receiver.received[0];
  expect(first.path).toBe("/hooks/payroute");
  expect(signedWith(secret, first)).toBe(true);
  const sentObject: { id: string } = JSON.parse(first.body);

  await delivered.getByRole("button", { name: /^Details of Employee\.created/ }).click();
  const attempts = page.getByRole("table", { name: "Attempts" });
  await expect(attempts.getByRole("row").nth(1)).toContainText("200");
  // The receiver is on 127.0.0.1 (allowed by the development setting): its reply is never kept or shown.
  await expect(attempts.getByRole("row").nth(1)).toContainText("Reply not kept: the target is not a public address.");
  await expect(attempts).not.toContainText("thanks");
  await expect(page.getByRole("group", { name: "Payload" })).toContainText(`"id": "${sentObject.id}"`);
  await delivered.getByRole("button", { name: /^Details of Employee\.created/ }).click();
  await expect(attempts).toHaveCount(0);

  // The receiver now fails: a redelivery is a new delivery that logs the 500 and waits for its retry.
  receiver.respond(500);
  await delivered.getByRole("button", { name: /^Redeliver / }).click();
  await expect(page.getByRole("status").filter({ hasText: "is being delivered again" })).toBeVisible();
  const retrying = page.getByRole("row").filter({ hasText: "Retrying" });
  await expect(retrying).toHaveCount(1);
  await expect(retrying.getByRole("cell").nth(4)).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  await expect(delivered).toHaveCount(1);
  await retrying.getByRole("button", { name: /^Details of Employee\.created/ }).click();
  await expect(attempts.getByRole("row").nth(1)).toContainText("500");
  await expect(attempts.getByRole("row").nth(1)).toContainText("Reply not kept");
  await expect(attempts).not.toContainText("receiver says no");
  await expect(page.getByRole("group", { name: "Payload" })).toContainText(`"id": "${sentObject.id}"`);
  await screenshot(page, "webhook-log");

  // Rotating asks first, then shows the new secret; the retry is signed with it.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = anyDialog(page);
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const newSecret = (await rotate.getByTestId("new-secret").textContent()) ?? "";
  expect(newSecret).toMatch(/^[0-9a-f]{32}$/);
  expect(newSecret).not.toBe(secret);
  await rotate.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(secretValue).toHaveText(newSecret);

  receiver.respond(200);
  await expect(page.getByRole("row").filter({ hasText: "Succeeded" })).toHaveCount(2, { timeout: 60_000 });
  const last = receiver.received[receiver.received.length - 1];
  expect(last.body).toBe(first.body);
  expect(signedWith(newSecret, last)).toBe(true);
  expect(signedWith(secret, last)).toBe(false);

  // Deleting the subscription ends it.
  await page.getByRole("link", { name: "← Webhooks" }).click();
  await row.getByRole("button", { name: `Delete ${receiver.url}` }).click();
  await anyDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
