import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { claimInNewContext, DANISH_COMPANY, invitationLink, signedInState, unique, uniqueEmail, users } from "./support";
import { keyFileOf, PARALLEL_INDEX } from "./people.mjs";
import { mailLink, mailLinkCount, PASSWORD_RESET_LINK, TEAM_INVITATION_LINK } from "./mail-links";

/** Who looks at a page: client staff or an operator in the dashboard, an Employee in the employee app, or a visitor signed in nowhere. */
export type Viewer = "client" | "operator" | "employee" | "visitor";
export const VIEWERS = ["client", "operator", "employee", "visitor"] as const satisfies readonly Viewer[];

/** One page, visited by the every-page spec (layout, tables, accessibility). */
export interface DashboardPage {
  name: string;
  /** A path, or (for pages whose id is only known from a list) how to get there from a list page. */
  path: string;
  open?: (page: Page) => Promise<void>;
  as: Viewer;
}

/** Pages inside the dashboard's shell (top bar, navigation, menu drawer on a phone). */
export const inDashboard = (target: DashboardPage): boolean => target.as === "client" || target.as === "operator";

const dataDir = process.env.E2E_DATA_DIR ?? "data/e2e";
export const apiKey = () => readFileSync(`${dataDir}/${keyFileOf("api-key", PARALLEL_INDEX)}`, "utf8").trim();
/** A live API key of the same account (scripts/e2e-server.mjs writes it), for objects only live has, such as an Employee to verify. */
export const liveApiKey = () => readFileSync(`${dataDir}/${keyFileOf("api-key-live", PARALLEL_INDEX)}`, "utf8").trim();

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
  /** The demo Employee's email (it has a Payout and a Message): its invitation signs the Employee in to the employee app. */
  employeeEmail: string;
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
  const employeeEmail = uniqueEmail("layout");
  const employee = { ...(await post("/v2/employees/", { name: unique("Layout Person"), email: employeeEmail, country: "SWE" })), email: employeeEmail };
  const payout = await post("/v2/payouts/", { employee: employee.id, amount: "1234.50", currency: "SEK", description: unique("Layout work") });
  // A long unbroken link, as people paste them: it must wrap in the employee app on a phone, not widen the page.
  await post("/v2/messages/", {
    employees: [employee.id],
    content: `${unique("Your timesheet is approved")}: https://intranet.example.com/timesheets/2026/november/approved-and-ready-for-payment?employee=${employee.id}`,
  });
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
  return {
    integration: webApp,
    employee: employee.id,
    payout: payout.id,
    payrun: payout.payrun ?? "",
    invoice: prepayment.invoice ?? "",
    prepayment: prepayment.id,
    registration: registration.id,
    webhook: webhook.id,
    employeeEmail: employee.email,
  };
}

export function dashboardPages(ids: DashboardObjects, people: PeopleLinks): DashboardPage[] {
  const enc = encodeURIComponent;
  return [
    { name: "Sign-in", path: "/login", as: "visitor" },
    { name: "Forgotten password", path: "/forgot-password", as: "visitor" },
    { name: "Employee's new link", path: "/e/login", as: "visitor" },
    { name: "Employee's claim", path: people.claim, as: "visitor" },
    { name: "New password", path: people.resetPassword, as: "visitor" },
    { name: "Team invitation", path: people.invitation, as: "visitor" },
    { name: "Employee app", path: "/e", as: "employee" },
    { name: "Page not found", path: "/no-such-page", as: "visitor" },
    { name: "Home", path: "/", as: "client" },
    { name: "Operators' home", path: "/", as: "operator" },
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
    { name: "API request log", path: "/developers/logs", as: "client" },
    { name: "Events", path: "/developers/events", as: "client" },
    { name: "Account settings", path: "/settings/account", as: "client" },
    { name: "Security", path: "/settings/security", as: "client" },
    { name: "Audit log", path: "/settings/audit-log", as: "client" },
    { name: "Review team's audit log", path: "/review/audit-log", as: "operator" },
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
    {
      name: "Employee under review",
      path: "/review/employees",
      as: "operator",
      open: async (page) => {
        await page.getByRole("link", { name: `Review ${people.liveEmployee}` }).click();
        await expect(page).toHaveURL(/\/review\/employees\/[^/]+$/);
      },
    },
    { name: "Payrun payments", path: "/review/payruns", as: "operator" },
    { name: "Prepayment payments", path: "/review/prepayments", as: "operator" },
  ];
}

/** The links only an email gives (as paths on this server), and the Employee waiting for verification. */
export interface PeopleLinks {
  /** An unused invitation of another demo Employee. */
  claim: string;
  resetPassword: string;
  invitation: string;
  /** The name of a live Employee who claimed their invitation (so is in the operator's queue). */
  liveEmployee: string;
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A browser state signed in nowhere. */
const SIGNED_OUT = JSON.stringify({ cookies: [], origins: [] });

/**
 * Browser state for each viewer, made once and reused by every page visit, and the links from emails: the demo
 * Employee claims their invitation (the Employee's state), a live Employee made through /v2/ claims theirs (so
 * waits for verification), another's stays unused, the client invites a colleague and asks for a password reset
 * (those links are opened, never used).
 */
export async function seedPeople(
  browser: Browser,
  request: APIRequestContext,
  ids: DashboardObjects,
): Promise<{ states: Record<Viewer, string>; people: PeopleLinks }> {
  const states: Record<Viewer, string> = { client: "", operator: "", employee: "", visitor: SIGNED_OUT };
  for (const role of ["client", "operator"] as const) states[role] = JSON.stringify(await signedInState(browser, users[role]));

  /** Creates an Employee through /v2/ in the key's web-app Integration and returns the link of its invitation email. */
  const invite = async (key: string, name: string, email: string) => {
    const auth = { Authorization: `Token ${key}` };
    const integrations = await request.get("/v2/integrations/?type=1", { headers: auth });
    expect(integrations.status()).toBe(200);
    const created = await request.post("/v2/employees/", {
      headers: { ...auth, "Integration-ID": (await integrations.json()).results[0].id },
      data: { name, email, country: "NLD" },
    });
    expect(created.status(), await created.text()).toBe(201);
    return invitationLink(email);
  };
  // A live Employee who claimed the invitation waits for an operator's verification.
  const liveEmployee = unique("Vera Verify");
  const live = await claimInNewContext(browser, await invite(liveApiKey(), liveEmployee, uniqueEmail("vera")));
  await live.context.close();
  const claim = pathOf(await invite(apiKey(), unique("Layout Newcomer"), uniqueEmail("newcomer")));
  const employee = await claimInNewContext(browser, await invitationLink(ids.employeeEmail));
  states.employee = JSON.stringify(await employee.context.storageState());
  await employee.context.close();

  const context = await browser.newContext({ storageState: JSON.parse(states.client) });
  const page = await context.newPage();
  const colleague = uniqueEmail("layout-colleague");
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  await page.getByRole("dialog").or(page.getByRole("alertdialog")).getByLabel("Email").fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(colleague);
  await context.close();

  // Each run asks for a new reset link: an earlier run's may be spent or expired.
  const resets = mailLinkCount(users.client.email, PASSWORD_RESET_LINK);
  const asked = await request.post("/api/auth/request-password-reset", { data: { email: users.client.email, redirectTo: "/reset-password" } });
  expect(asked.status(), await asked.text()).toBe(200);
  const reset = await mailLink(users.client.email, PASSWORD_RESET_LINK, resets + 1);
  // The email's link checks the token and redirects to /reset-password?token=…; the page is what is visited.
  const landed = await request.get(reset, { maxRedirects: 0 });
  const resetPassword = pathOf(new URL(landed.headers().location ?? "", reset).toString());

  const people = {
    claim,
    resetPassword,
    invitation: pathOf(await mailLink(colleague, TEAM_INVITATION_LINK)),
    liveEmployee,
  };
  return { states, people };
}
