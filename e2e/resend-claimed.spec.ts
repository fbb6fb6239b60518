/** "Resend invitation" is offered while an Employee's invitation waits, never once they have claimed it. */
import { expect, test } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { createEmployee, employeeRow, goToEmployees, signInToIntegrations, unique, uniqueEmail } from "./support";

test("an Employee who has claimed is offered no resend, in the list or on their page", async ({ page, request }) => {
  await signInToIntegrations(page);
  await goToEmployees(page);
  const name = unique("Claimed Clara");
  await createEmployee(page, { name, email: uniqueEmail("clara"), country: "SWE" });
  const row = employeeRow(page, name);
  const resend = `Resend invitation to ${name}`;
  await expect(row.getByRole("button", { name: resend })).toBeVisible();

  // She claims (the demo test helper, as if she opened the link): the list and her page stop offering it.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("button", { name: resend })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const integrations = (await (await request.get("/v2/integrations/?type=1", { headers: { Authorization: `Token ${apiKey()}` } })).json()) as {
    results: { id: string }[];
  };
  const claimed = await request.post(`/v2/test_helpers/employees/${encodeURIComponent(id)}/claim/`, {
    headers: { Authorization: `Token ${apiKey()}`, "Integration-ID": integrations.results[0].id },
  });
  expect(claimed.status(), await claimed.text()).toBe(200);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: resend })).toHaveCount(0);
  await goToEmployees(page);
  await expect(row.getByRole("button", { name: `Edit ${name}` })).toBeVisible();
  await expect(row.getByRole("button", { name: resend })).toHaveCount(0);
});
