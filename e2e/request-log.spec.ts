import { expect, test } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { signInToIntegrations } from "./support";

test("an admin finds a failed request by its X-Request-ID and reads both bodies, secrets redacted", async ({ page }) => {
  const requestId = `e2e-rlog-${Date.now().toString(36)}`;
  const secret = "whsec-e2e-do-not-keep-1234";
  const failed = await page.request.post("/v2/webhooks/", {
    headers: { Authorization: `Token ${apiKey()}`, "X-Request-ID": requestId },
    data: { url: "not a url", events: ["Employee.created"], secret_key: secret },
  });
  expect(failed.status()).toBe(400);
  expect(failed.headers()["x-request-id"]).toBe(requestId);

  await signInToIntegrations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
  await expect(page.getByRole("heading", { name: "API request log" })).toBeVisible();
  await page.getByLabel("Request ID").fill(requestId);
  const row = page.locator(`tr[data-request-id="${requestId}"]`);
  // The log is written in batches a moment after the answer: search again until it is there.
  await expect(async () => {
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText("POST /v2/webhooks/");
  await expect(row).toContainText("400");

  // A found request opens with its details: both bodies, the secret gone from the request's.
  const requestBody = page.getByTestId("request-body");
  await expect(requestBody).toContainText('"secret_key": "[REDACTED]"');
  await expect(requestBody).toContainText('"url": "not a url"');
  await expect(requestBody).not.toContainText(secret);
  await expect(page.getByTestId("response-body")).toContainText("Enter a valid URL.");

  // Back to the list: the request is there under the 4xx filter.
  await page.getByRole("button", { name: "Show all requests" }).click();
  await page.getByRole("combobox", { name: "Status" }).selectOption("4xx");
  await expect(row).toBeVisible();
});
