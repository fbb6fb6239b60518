import { expect, test } from "@playwright/test";
import {
  anyDialog,
  claimInNewContext,
  createEmployee,
  goToEmployees,
  goToSection,
  invitationLink,
  screenshot,
  signInToIntegrations,
  unique,
  uniqueEmail,
} from "./support";

test("a Message is edited and deleted in the dashboard, and the Employee's app follows", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInToIntegrations(page);
  await goToEmployees(page);
  const reader = unique("Rita Reader");
  const readerEmail = uniqueEmail("rita");
  const added = unique("Adam Added");
  await createEmployee(page, { name: reader, email: readerEmail, country: "NLD" });
  await createEmployee(page, { name: added, email: uniqueEmail("adam"), country: "NLD" });
  const employee = await claimInNewContext(browser, await invitationLink(readerEmail));
  const inbox = employee.page.getByRole("region", { name: "Messages" });

  // Sent to Rita alone.
  await goToSection(page, "Messages");
  await page.getByRole("button", { name: "New Message" }).click();
  const compose = anyDialog(page);
  await compose.getByLabel("Find Employees").fill(reader);
  await compose.getByRole("checkbox", { name: new RegExp(reader) }).check();
  const original = unique("Shift starts at 9.");
  await compose.getByLabel("Message").fill(original);
  await compose.getByRole("button", { name: "Send Message" }).click();
  await expect(compose).toHaveCount(0);
  await employee.page.reload();
  await expect(inbox.getByText(original)).toBeVisible();

  // Edit: prefilled with the text and Rita by name; a blank text is refused in place, then the change is saved.
  await page.getByRole("button", { name: `Edit ${original}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Message" });
  await expect(edit.getByLabel("Message")).toHaveValue(original);
  await expect(edit.getByRole("list", { name: "Chosen Employees" })).toContainText(reader);
  await edit.getByLabel("Message").fill("  ");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("This field may not be blank.")).toBeVisible();
  const corrected = unique("Shift starts at 10.");
  await edit.getByLabel("Message").fill(corrected);
  await edit.getByLabel("Find Employees").fill(added);
  await edit.getByRole("checkbox", { name: new RegExp(added) }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("Message saved.");
  const item = page.getByRole("listitem").filter({ hasText: corrected });
  await expect(item.getByRole("link", { name: reader })).toBeVisible();
  await expect(item.getByRole("link", { name: added })).toBeVisible();
  await expect(page.getByText(original)).toHaveCount(0);
  await screenshot(page, "message-edited");
  await employee.page.reload();
  await expect(inbox.getByText(corrected)).toBeVisible();
  await expect(inbox.getByText(original)).toHaveCount(0);

  // Delete asks first; Cancel keeps it, Delete removes it for the Employees too.
  await item.getByRole("button", { name: `Delete ${corrected}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Message" });
  await expect(confirm).toContainText("The 2 Employees it went to no longer see it");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: `Delete ${corrected}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("Message deleted.");
  await expect(page.getByText(corrected)).toHaveCount(0);
  await employee.page.reload();
  await expect(employee.page.getByRole("heading", { name: `Hi ${reader}` })).toBeVisible();
  await expect(inbox.getByText(corrected)).toHaveCount(0);
  await employee.context.close();
});
