import { expect, test } from "@playwright/test";
import {
  anyDialog,
  createEmployee,
  employeeRow,
  goToEmployees,
  invitationLink,
  screenshot,
  signInToIntegrations,
  unique,
  uniqueEmail,
  users,
  useEmployeeLink,
} from "./support";

test("an invited Employee opens the emailed link, signs in and reads the Message sent from the dashboard", async ({ page, browser, baseURL }) => {
  // The client creates the Employee (demo, the default environment); the invitation goes out by email.
  await signInToIntegrations(page);
  await goToEmployees(page);
  const name = unique("Erin Employee");
  const email = uniqueEmail("erin");
  await createEmployee(page, { name, email, country: "NLD" });
  // Left blank, the id was generated; the row links to the Employee's page by it.
  const href = (await employeeRow(page, name).getByRole("link", { name }).getAttribute("href")) ?? "";
  const id = decodeURIComponent(href.replace(/^\/employees\//, "").replace(/\?.*$/, ""));
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const link = await invitationLink(email);
  expect(link.startsWith(`${baseURL}/e/claim#token=`)).toBe(true);
  expect(link).toMatch(/#token=[A-Za-z0-9_-]{43}$/);

  // A Message to that Employee, chosen in the compose form's search.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await page.getByRole("button", { name: "New Message" }).click();
  const dialog = anyDialog(page);
  await dialog.getByLabel("Find Employees").fill(name);
  await dialog.getByRole("checkbox", { name: new RegExp(name) }).check();
  await expect(dialog.getByRole("list", { name: "Chosen Employees" })).toContainText(name);
  const content = unique("Your first shift starts Monday at 9.");
  await dialog.getByLabel("Message").fill(content);
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("Message sent to 1 Employee");
  const sent = page.getByRole("listitem").filter({ hasText: content });
  await expect(sent.getByRole("link", { name })).toHaveAttribute("href", new RegExp(`^/employees/${encodeURIComponent(id)}\\?env=demo&integration=`));
  await screenshot(page, "messages");

  // The Employee, in a browser that is not signed in to the dashboard. Opening the link alone uses nothing up
  // (mail scanners open links): a reload still offers Continue.
  const employeeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const app = await employeeContext.newPage();
  await app.goto(link);
  await app.reload();
  await screenshot(app, "employee-claim");
  await useEmployeeLink(app);
  await expect(app).toHaveURL(/\/e$/);
  await expect(app.getByRole("heading", { name: `Hi ${name}` })).toBeVisible();
  await expect(app.getByTestId("integration-name")).toHaveText(users.client.account);
  // Demo verifies on claim.
  await expect(app.getByTestId("employee-status")).toHaveText("Verified");
  await expect(app.getByRole("region", { name: "Messages" }).getByText(content)).toBeVisible();
  await screenshot(app, "employee-home");

  // The link worked once.
  await app.goto(link);
  await app.getByRole("button", { name: "Continue" }).click();
  await expect(app.getByRole("alert").filter({ hasText: "invalid, has expired or was already used" })).toBeVisible();

  // Still signed in from the first visit; signing out ends it.
  await app.goto("/e");
  await app.getByRole("button", { name: "Sign out" }).click();
  await expect(app.getByRole("heading", { name: "You are signed out" })).toBeVisible();
  await app.reload();
  await expect(app.getByRole("heading", { name: "Sign in with your email link" })).toBeVisible();
  await employeeContext.close();

  // The dashboard shows the claim (after a reload: nothing tells it), and the Message on the Employee's page.
  await page.goto("/employees");
  await expect(employeeRow(page, name).getByText("Active")).toBeVisible();
  await employeeRow(page, name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Messages" }).getByText(content)).toBeVisible();
});
