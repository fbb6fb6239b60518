import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { DANISH_COMPANY, signIn, unique, uniqueEmail, users } from "./support";

/** One page of the dashboard, visited by the layout and accessibility specs. */
export interface DashboardPage {
  name: string;
  /** A path, or (for pages whose id is only known from a list) how to get there from a list page. */
  path: string;
  open?: (page: Page) => Promise<void>;
  as: "client" | "operator";
}

export const apiKey = () => readFileSync(`${process.env.E2E_DATA_DIR ?? "data/e2e"}/api-key`, "utf8").trim();

/** The ids of the objects whose pages are visited. */
export interface DashboardObjects {
  integration: string;
  employee: string;
  payout: string;
  payrun: string;
  invoice: string;
  prepayment: string;
  registration: string;
  webhook: string;
}

/**
 * Objects for every detail page, made through /v2/ with the demo key (the dashboard starts in demo, so
 * the signed-in client sees them): an Employee with a Payout (and so a Payrun), a Prepayment (and so its pro-forma
 * Invoice), a Registration and a webhook.
 */
export async function seedDashboardObjects(request: APIRequestContext): Promise<DashboardObjects> {
  const auth = { Authorization: `Token ${apiKey()}` };
  const integrations = await request.get("/v2/integrations/?type=1", { headers: auth });
  expect(integrations.status()).toBe(200);
  const webApp: string = (await integrations.json()).results[0].id;
  const headers = { ...auth, "Integration-ID": webApp };
  const post = async (path: string, data: Record<string, unknown>): Promise<{ id: string; payrun?: string; invoice?: string }> => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return res.json();
  };
  const employee = await post("/v2/employees/", { name: unique("Layout Person"), email: uniqueEmail("layout"), country: "SWE" });
  const payout = await post("/v2/payouts/", { employee: employee.id, amount: "1234.50", currency: "SEK", description: unique("Layout work") });
  const prepayment = await post("/v2/prepayments/", { description: unique("Layout prepayment"), net_amount: "5000.00", currency: "SEK" });
  const c = DANISH_COMPANY;
  const registration = await post("/v2/registrations/", {
    friendly_name: unique("Layout Company"),
    registered_name: c.registered_name,
    email: c.email,
    phone_number: c.phone,
    country: c.country,
    tin_number: c.tin,
    vat_number: c.vat,
    address_line_1: c.address,
    zip_code: c.zip,
    city: c.city,
  });
  const webhook = await post("/v2/webhooks/", { url: "http://127.0.0.1:9/layout-hook", events: ["Employee.created"] });
  return { integration: webApp, employee: employee.id, payout: payout.id, payrun: payout.payrun ?? "", invoice: prepayment.invoice ?? "", prepayment: prepayment.id, registration: registration.id, webhook: webhook.id };
}

export function dashboardPages(ids: DashboardObjects): DashboardPage[] {
  const enc = encodeURIComponent;
  return [
    { name: "Integrations", path: "/integrations", as: "client" },
    { name: "Integration", path: `/integrations/${enc(ids.integration)}`, as: "client" },
    { name: "Employees", path: "/employees", as: "client" },
    { name: "Employee", path: `/employees/${enc(ids.employee)}`, as: "client" },
    { name: "Messages", path: "/messages", as: "client" },
    { name: "Payouts", path: "/payouts", as: "client" },
    { name: "Payout", path: `/payouts/${enc(ids.payout)}`, as: "client" },
    { name: "Payout import", path: "/payouts/import", as: "client" },
    { name: "Payruns", path: "/payruns", as: "client" },
    { name: "Payrun", path: `/payruns/${enc(ids.payrun)}`, as: "client" },
    { name: "Invoices", path: "/invoices", as: "client" },
    { name: "Invoice", path: `/invoices/${enc(ids.invoice)}`, as: "client" },
    { name: "Prepayments", path: "/prepayments", as: "client" },
    { name: "Prepayment", path: `/prepayments/${enc(ids.prepayment)}`, as: "client" },
    { name: "Registrations", path: "/registrations", as: "client" },
    { name: "Registration", path: `/registrations/${enc(ids.registration)}`, as: "client" },
    { name: "Webhooks", path: "/webhooks", as: "client" },
    { name: "Webhook", path: `/webhooks/${enc(ids.webhook)}`, as: "client" },
    { name: "Team", path: "/settings/team", as: "client" },
    { name: "API keys", path: "/settings/api-keys", as: "client" },
    { name: "Employee verification", path: "/review/employees", as: "operator" },
    { name: "Registration review", path: "/review/registrations", as: "operator" },
    {
      name: "Registration under review",
      path: "/review/registrations",
      as: "operator",
      open: async (page) => {
        await page.getByRole("table").getByRole("link").first().click();
        await expect(page).toHaveURL(/\/review\/registrations\/[^/]+$/);
      },
    },
    { name: "Payrun payments", path: "/review/payruns", as: "operator" },
    { name: "Prepayment payments", path: "/review/prepayments", as: "operator" },
  ];
}

/** Signed-in browser state for each role, made once and reused by every page visit. */
export async function signedInStates(browser: Browser): Promise<Record<"client" | "operator", string>> {
  const out = { client: "", operator: "" };
  for (const role of ["client", "operator"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, users[role]);
    await expect(page.getByTestId("signed-in-person")).toHaveText(users[role].name);
    out[role] = JSON.stringify(await context.storageState());
    await context.close();
  }
  return out;
}

/** Opens the page and waits until it has its title and nothing is loading any more. */
export async function visit(page: Page, target: DashboardPage): Promise<void> {
  await page.goto(target.path);
  await target.open?.(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
}
