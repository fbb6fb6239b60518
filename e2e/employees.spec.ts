import { expect, test } from "@playwright/test";
import {
  anyDialog,
  createEmployee,
  employeeRow,
  fillEmployeeForm,
  goToEmployees,
  invitationLink,
  screenshot,
  signInToIntegrations,
  unique,
  uniqueEmail,
} from "./support";

test.beforeEach(async ({ page }) => {
  await signInToIntegrations(page);
  await goToEmployees(page);
});

test("search, filter, edit, resend twice and delete an Employee", async ({ page }) => {
  const tag = unique("Sam").split(" ")[1];
  const name = `Sam Findable ${tag}`;
  const other = unique("Olive Other");
  const id = `sam-${tag}`;
  const email = uniqueEmail("sam");
  await createEmployee(page, { id, name, email, country: "SWE", phone: "070-123 45 67" });
  await createEmployee(page, { name: other, email: uniqueEmail("olive"), country: "DEU" });

  const row = employeeRow(page, name);
  await expect(row.getByRole("cell").nth(1)).toContainText(id);
  await expect(row.getByRole("cell").nth(2)).toContainText(email);
  await expect(row.getByRole("cell").nth(2)).toContainText("+46701234567");
  await expect(row.getByRole("cell").nth(3)).toHaveText("SWE");

  // Search narrows the list to the matching Employee.
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(employeeRow(page, other)).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("1–1 of 1");

  // The list notices by itself when the invitation is out; then Sam is "invited", not "verified".
  await expect(row.getByText("Invited")).toBeVisible();
  await invitationLink(email);
  const status = page.getByRole("combobox", { name: "Status" });
  await status.selectOption("invited");
  await expect(row).toBeVisible();
  await status.selectOption("active");
  await expect(page.getByText("No Employees match these filters.")).toBeVisible();
  await status.selectOption("");
  await expect(row.getByText("Invited")).toBeVisible();
  await screenshot(page, "employees");

  // Edit: the form comes prefilled; the new name shows in the list.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = anyDialog(page);
  await expect(dialog.getByLabel("ID")).toHaveValue(id);
  await expect(dialog.getByLabel("Country")).toHaveValue("SWE");
  await expect(dialog.getByLabel("Cellphone number")).toHaveValue("+46701234567");
  const renamed = `${name} Renamed`;
  await dialog.getByLabel("Name").fill(renamed);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  const renamedRow = employeeRow(page, renamed);
  await expect(renamedRow).toBeVisible();

  // Resend: once is fine, a second time within 24 hours is refused with the time it is allowed again.
  await renamedRow.getByRole("button", { name: `Resend invitation to ${renamed}` }).click();
  await expect(page.getByRole("status")).toContainText(`The invitation to ${renamed} will be sent again`);
  await invitationLink(email, 2);
  await renamedRow.getByRole("button", { name: `Resend invitation to ${renamed}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "24 hours after the previous resend" })).toBeVisible();

  // Delete, after confirming.
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  await expect(dialog).toContainText(renamed);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`${renamed} was deleted.`);
  await expect(employeeRow(page, renamed)).toHaveCount(0);
  const gone = await page.request.get(`/v2/employees/${id}/?format=json`);
  expect(gone.status()).toBe(404);
});

test("a country field reads a name in Swedish or English: typing Sverige picks Sweden (issue 12, point 9)", async ({ page }) => {
  const name = unique("Sven Svensson");
  await page.getByRole("button", { name: "New Employee" }).click();
  const dialog = anyDialog(page);
  await fillEmployeeForm(page, { name, email: uniqueEmail("sven"), country: "Sverige" });
  const country = dialog.getByRole("combobox", { name: "Country" });
  await country.focus();
  const matches = dialog.getByRole("listbox", { name: "Matching countries" });
  await expect(matches.getByRole("option").first()).toHaveText(/Sweden\s*SWE/);
  await expect(country).toHaveAttribute("aria-expanded", "true");
  // Escape closes the list only; the dialog stays open.
  await country.press("Escape");
  await expect(matches).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // An arrow key opens it again, Enter picks the highlighted match.
  await country.press("ArrowDown");
  await expect(matches.getByRole("option", { name: /Sweden/ })).toHaveAttribute("aria-selected", "true");
  await country.press("Enter");
  await expect(country).toHaveValue("SWE");
  await expect(matches).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Employee" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(employeeRow(page, name).getByRole("cell").nth(3)).toHaveText("SWE");

  // The English name, typed and sent without picking from the list, is the code too.
  const other = unique("Svea English");
  await createEmployee(page, { name: other, email: uniqueEmail("svea"), country: "sweden" });
  await expect(employeeRow(page, other).getByRole("cell").nth(3)).toHaveText("SWE");
});

test("the server's field messages show next to the fields, and nothing is created", async ({ page }) => {
  const name = unique("Nina Nowhere");
  await page.getByRole("button", { name: "New Employee" }).click();
  const dialog = anyDialog(page);
  await fillEmployeeForm(page, { name, email: "not-an-email", country: "ZZZ" });
  await dialog.getByRole("button", { name: "Create Employee" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Country")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert")).toContainText("correct the highlighted fields");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(employeeRow(page, name)).toHaveCount(0);
});

test("the Employee page shows every field, the status timeline and the Employee's Messages", async ({ page }) => {
  const name = unique("Dora Detail");
  // Characters that must survive the trip through the URL.
  const id = `dora-50%-ü+${Date.now().toString(36)}`;
  const email = uniqueEmail("dora");
  await createEmployee(page, { id, name, email, country: "GBR" });
  await employeeRow(page, name).getByRole("link", { name }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/employees/${encodeURIComponent(id)}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("United Kingdom (GBR)")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: id })).toHaveText(id);
  // The email is also on the compose form's recipient chip once that loads: look at the field list.
  await expect(page.getByRole("definition").filter({ hasText: email })).toHaveText(email);
  await expect(page.getByText("Not opened yet")).toBeVisible();
  // The API browser link works for the signed-in session (the Integration comes from the same cookie).
  const apiLink = page.getByRole("link", { name: "View in the API browser" });
  const api = await page.request.get(`${(await apiLink.getAttribute("href")) ?? ""}?format=json`);
  expect(api.status()).toBe(200);
  expect((await api.json()).email).toBe(email);

  // The compose form starts with this Employee.
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages.getByRole("list", { name: "Chosen Employees" })).toContainText(name);
  const content = unique("Welcome aboard");
  await messages.getByLabel("Message").fill(content);
  await messages.getByRole("button", { name: "Send Message" }).click();
  await expect(messages.getByText("Message sent.")).toBeVisible();
  await expect(messages.getByRole("listitem").filter({ hasText: content })).toBeVisible();
  // The page notices by itself when the invitation is out.
  await invitationLink(email);
  await expect(page.getByText("Not sent yet")).toHaveCount(0);
  await expect(page.getByText("Invitation sent").locator("..").locator("time")).toBeVisible();
  await screenshot(page, "employee-detail");
});

test("a field the server refused and that is fixed since is not still marked when the form's own check stops the next submit", async ({ page }) => {
  await page.getByRole("button", { name: "New Employee" }).click();
  const dialog = anyDialog(page);
  await fillEmployeeForm(page, { name: unique("Stella Stale"), email: "not-an-email" });
  await dialog.getByRole("button", { name: "Create Employee" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  // Email fixed, but the metadata is not a JSON object: the form refuses to send, and says only that.
  await dialog.getByLabel("Email").fill(uniqueEmail("stella"));
  await dialog.getByLabel("Metadata").fill("[1]");
  await dialog.getByRole("button", { name: "Create Employee" }).click();
  await expect(dialog.getByLabel("Metadata")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
