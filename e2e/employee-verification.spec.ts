import { expect, test } from "@playwright/test";
import {
  claimInNewContext,
  createEmployee,
  employeeRow,
  invitationLink,
  screenshot,
  signInOnce,
  signInToIntegrations,
  unique,
  uniqueEmail,
  users,
} from "./support";

test("a live Employee who claimed the invitation is verified by an operator", async ({ page, browser }) => {
  // The client switches to live, then creates the Employee there.
  await signInToIntegrations(page);
  await page.getByLabel("Live").check();
  await expect(page.getByText("Demo environment")).toHaveCount(0);
  await page.goto("/employees");
  await expect(page.getByRole("heading", { name: "Employees" })).toBeVisible();
  const name = unique("Liam Live");
  const email = uniqueEmail("liam");
  await createEmployee(page, { name, email, country: "NLD" });

  // Claiming in live does not verify.
  const employee = await claimInNewContext(browser, await invitationLink(email));
  await expect(employee.page.getByTestId("employee-status")).toHaveText("Being verified");
  await page.reload();
  await expect(employeeRow(page, name).getByText("Onboarding")).toBeVisible();

  // The operator verifies them from the queue.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInOnce(operator, { as: users.operator });
  await operator.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employee verification" }).click();
  await expect(operator.getByRole("heading", { name: "Employee verification" })).toBeVisible();
  const queued = operator.getByRole("row").filter({ hasText: name });
  await expect(queued).toContainText(users.client.account);
  await screenshot(operator, "review-queue");
  await queued.getByRole("link", { name: `Review ${name}` }).click();
  await operator.getByRole("button", { name: "Approve" }).click();
  await operator.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByRole("status")).toContainText(`${name} is verified.`);
  await operator.getByRole("link", { name: "Employee verification" }).first().click();
  await expect(queued).toHaveCount(0);
  await operatorContext.close();

  // Both the client's list and the employee app show it.
  await page.reload();
  await expect(employeeRow(page, name).getByText("Active")).toBeVisible();
  await employee.page.reload();
  await expect(employee.page.getByTestId("employee-status")).toHaveText("Verified");
  await employee.context.close();
});
