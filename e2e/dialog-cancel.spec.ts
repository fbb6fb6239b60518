/**
 * Cancel closes a dialog even when the dialog's content arrives while the button is pressed (the language spec's
 * flake: under load the New Message dialog's Employee search answered between the press and the release, the
 * list it shows pushed Cancel down, the release fell on another element and no click reached Cancel).
 */
import { expect, test } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { goToSection, signInToIntegrations, unique, uniqueEmail } from "./support";

test("Cancel closes New Message although the Employee search answers between the press and the release", async ({ page, request }) => {
  // Employees for the search to list (alone, a worker's account may have none, and nothing would move).
  const auth = { Authorization: `Token ${apiKey()}` };
  const integrations: { id: string }[] = (await (await request.get("/v2/integrations/", { headers: auth })).json()).results;
  for (const integration of integrations) {
    for (let n = 0; n < 3; n++) {
      const created = await request.post("/v2/employees/", {
        headers: { ...auth, "Integration-ID": integration.id },
        data: { name: unique("Carl Cancel"), email: uniqueEmail("carl"), country: "SWE" },
      });
      expect(created.status()).toBe(201);
    }
  }
  await signInToIntegrations(page);
  // The Employee search is held until the button is down.
  let answer = (): void => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/trpc\/[^?]*employees\.list/, async (route) => {
    await held;
    await route.continue();
  });
  await goToSection(page, "Messages");
  await page.getByRole("button", { name: "New Message" }).click();
  const compose = page.getByRole("dialog", { name: "New Message" });
  const cancel = compose.getByRole("button", { name: "Cancel" });
  await expect(compose.getByText("Loading…")).toBeVisible();
  const box = await cancel.boundingBox();
  if (!box) throw new Error("Cancel is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  answer();
  await expect(compose.getByRole("checkbox").first()).toBeVisible();
  await page.mouse.up();
  await expect(compose).toBeHidden();
});
