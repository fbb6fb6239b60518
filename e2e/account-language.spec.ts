import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, seedDashboardObjects } from "./dashboard-pages";
import { signInToIntegrations } from "./support";

/** Chooses the account's Invoice language on the settings page, as an admin does. */
async function chooseInvoiceLanguage(page: Page, language: "English" | "Svenska"): Promise<void> {
  await page.goto("/settings/account");
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  await page.getByLabel("Invoice language").selectOption({ label: language });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText(`Saved. Invoice language: ${language}.`);
}

test("an admin writes the account's Invoices in Swedish: the PDF reads back in Swedish, amounts in kronor", async ({ page, request }) => {
  await signInToIntegrations(page);
  await chooseInvoiceLanguage(page, "Svenska");
  try {
    // A Payrun of its own, closed through /v2/: its Invoice is issued in the account's language.
    const { payrun } = await seedDashboardObjects(request);
    const headers = { Authorization: `Token ${apiKey()}` };
    const integrations = (await (await request.get("/v2/integrations/?type=1", { headers })).json()) as { results: { id: string }[] };
    const scoped = { ...headers, "Integration-ID": integrations.results[0].id };
    expect((await request.post(`/v2/payruns/${encodeURIComponent(payrun)}/close/`, { headers: scoped })).status()).toBe(204);
    const closed = (await (await request.get(`/v2/payruns/${encodeURIComponent(payrun)}/`, { headers: scoped })).json()) as { pdf: string; ocr_number: string };
    const pdf = await request.get(new URL(closed.pdf).pathname, { headers: scoped });
    expect(pdf.status()).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-invoice-"));
    const file = path.join(dir, "invoice.pdf");
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Fakturanummer: ${closed.ocr_number}`);
    expect(text).toContain(`OCR-nummer: ${closed.ocr_number}`);
    expect(text).toContain("Förfallodatum:");
    expect(text).toContain("Org.nr 559123-4561"); // the seller (scripts/seller-env.mjs)
    expect(text).toContain("Momsreg.nr SE559123456101");
    expect(text).toMatch(/Moms 25 %/);
    expect(text).toMatch(/Att betala\s+[\d ]+,\d{2} kr/);
  } finally {
    await chooseInvoiceLanguage(page, "English");
  }
});

test("the Invoice language is the admins' to change: the setting is shown on the settings page", async ({ page }) => {
  await signInToIntegrations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByLabel("Invoice language")).toHaveValue("en");
  await expect(page.getByText("Your Invoices, their PDF and their email, are written in this language")).toBeVisible();
});
