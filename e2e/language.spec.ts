import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { saveEnglishAgain, savedLocale, signIn, unique, uniqueEmail, users } from "./support";

/** The sign-in form as a Swedish browser shows it. */
async function signInSwedish(page: Page): Promise<void> {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Logga in i din kontrollpanel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Glömt lösenordet?" })).toBeVisible();
  await page.getByLabel("E-post").fill(users.client.email);
  await page.getByLabel("Lösenord").fill(users.client.password);
  await page.getByRole("button", { name: "Logga in" }).click();
}

/** A Swedish browser signed in, with Swedish chosen: the saved choice (English, from the tests before) wins at sign-in. */
async function swedishSession(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInSwedish(page);
  await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
  await expect.poll(() => savedLocale(page)).toBe("sv");
  return { context, page };
}

test("a Swedish browser gets the sign-in in Swedish; the switch changes and keeps the language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInSwedish(page);
  // After signing in, the language this person saved decides: English if another spec of this worker saved it,
  // the browser's Swedish if none did. The switch makes it Swedish either way.
  await page.getByRole("combobox", { name: /^(Language|Språk)$/ }).selectOption("sv");
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  await expect(nav.getByRole("link", { name: "Utbetalningar" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");

  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payouts" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // The API's errors follow the choice too: the server reads the same cookie.
  await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
  await expect(page.getByRole("button", { name: "Logga ut" })).toBeVisible();
  const answer = await page.request.get("/v2/employees/does-not-exist/", { headers: { Accept: "application/json" } });
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ detail: "Hittades inte." });
  // The choice is saved on the person, whom the other specs sign in as: back to English.
  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(page)).toBe("en");
  await context.close();
});

// Whatever a test leaves behind, even when it fails halfway, the client's saved language is English again:
// the specs after this one read the dashboard in English.
test.afterEach(({ browser }) => saveEnglishAgain(browser));

test("a Swedish person sees Swedish on the settings, review and employee pages, and gets their choice back at the next sign-in", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInSwedish(page);
  // The person's saved choice (English, from the test before) wins over the browser's language at sign-in.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
  await expect.poll(() => savedLocale(page)).toBe("sv");
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "API-nycklar" }).click();
  await expect(page.getByRole("heading", { name: "API-nycklar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ny API-nyckel" })).toBeVisible();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("button", { name: "Bjud in en kollega" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Team" }).getByRole("columnheader", { name: "Roll" })).toBeVisible();

  // The choice is saved on the person: an English browser signing in later gets Swedish back.
  const english = await browser.newContext({ locale: "en-GB" });
  const other = await english.newPage();
  await signIn(other);
  await expect(other.getByRole("button", { name: "Logga ut" })).toBeVisible();
  await other.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(other)).toBe("en");
  await english.close();

  const employee = await context.newPage();
  await employee.goto("/e/login");
  await expect(employee.getByRole("heading", { name: "Få en ny inloggningslänk" })).toBeVisible();
  await employee.goto("/e");
  await expect(employee.getByRole("heading", { name: "Logga in med länken i ditt mejl" })).toBeVisible();

  const html = await page.request.get("/v2/employees/", { headers: { Accept: "text/html" } });
  expect(await html.text()).toContain("<h1>Anställda</h1>");
  await context.close();
});

test("a Swedish person sees Swedish on the Integrations, Webhooks, Messages and Registrations pages and in their dialogs", async ({ browser }) => {
  const { context, page } = await swedishSession(browser);
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });

  await nav.getByRole("link", { name: "Integrationer" }).click();
  await expect(page.getByRole("heading", { name: "Integrationer" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Namn" })).toBeVisible();

  await nav.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ny prenumeration" })).toBeVisible();

  await nav.getByRole("link", { name: "Meddelanden" }).click();
  await expect(page.getByRole("heading", { name: "Meddelanden" })).toBeVisible();
  await page.getByRole("button", { name: "Nytt meddelande" }).click();
  const compose = page.getByRole("dialog", { name: "Nytt meddelande" });
  await expect(compose.getByRole("button", { name: "Skicka meddelande" })).toBeVisible();
  await compose.getByRole("button", { name: "Avbryt" }).click();
  await expect(compose).toBeHidden();

  await nav.getByRole("link", { name: "Registreringar" }).click();
  await expect(page.getByRole("heading", { name: "Registreringar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ny registrering" })).toBeVisible();

  // The choice is saved on the person, whom the other specs sign in as: back to English.
  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(page)).toBe("en");
  await context.close();
});

test("a Swedish person sees an Integration's page, page titles, country names, form checks and /v2/ titles in Swedish", async ({ browser, request }) => {
  // An Employee in Germany, made through /v2/, to read its country's name.
  const auth = { Authorization: `Token ${apiKey()}` };
  const webApp: string = (await (await request.get("/v2/integrations/?type=1", { headers: auth })).json()).results[0].id;
  const created = await request.post("/v2/employees/", {
    headers: { ...auth, "Integration-ID": webApp },
    data: { name: unique("Greta Tysk"), email: uniqueEmail("greta"), country: "DEU" },
  });
  expect(created.status()).toBe(201);
  const employee: { id: string; name: string } = await created.json();

  const { context, page } = await swedishSession(browser);
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });

  await nav.getByRole("link", { name: "Integrationer" }).click();
  await expect(page.getByRole("heading", { name: "Integrationer", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Integrationer · Payroute");
  await page.getByRole("link", { name: users.client.account, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Webbapp");
  await expect(page.getByRole("heading", { name: "Uppgifter" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fakturering" })).toBeVisible();
  await expect(page.getByText("14 dagar")).toBeVisible();
  await expect(page.getByText("Fakturor får utfärdas")).toBeVisible();
  const objects = page.getByRole("region", { name: "Dess objekt" });
  await objects.getByRole("link", { name: "Anställda", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Anställda", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Anställda · Payroute");

  // Country names in the reader's language, in the table and on the Employee's page.
  const row = page.getByRole("row").filter({ hasText: employee.name });
  await expect(row.getByRole("cell", { name: "DEU" })).toHaveAttribute("title", "Tyskland (DEU)");
  await page.goto(`/employees/${encodeURIComponent(employee.id)}`);
  await expect(page.getByText("Tyskland (DEU)")).toBeVisible();
  await expect(page).toHaveTitle("Anställd · Payroute");

  // The form's own check (metadata that is not a JSON object) speaks Swedish too.
  await page.goto("/employees");
  await page.getByRole("button", { name: "Ny anställd" }).click();
  const dialog = page.getByRole("dialog", { name: "Ny anställd" });
  await dialog.getByLabel("Namn").fill("Metadata Test");
  await dialog.getByLabel("E-post").fill(uniqueEmail("meta"));
  await dialog.getByLabel("Metadata").fill("[1]");
  await dialog.getByRole("button", { name: "Skapa anställd" }).click();
  await expect(dialog.getByLabel("Metadata")).toHaveAccessibleDescription(/Ange ett JSON-objekt, t\.ex\. \{"plan": "gold"\}/);
  await dialog.getByRole("button", { name: "Avbryt" }).click();

  // The /v2/ pages' titles, for every resource.
  for (const [path, title] of [
    ["/v2/payruns/", "Lönekörningar"],
    ["/v2/prepayments/", "Förskottsbetalningar"],
    ["/v2/invoices/", "Fakturor"],
    ["/v2/webhooks/", "Webhook-prenumerationer"],
  ]) {
    const html = await page.request.get(path, { headers: { Accept: "text/html" } });
    expect(await html.text(), path).toContain(`<h1>${title}</h1>`);
  }

  // The choice is saved on the person, whom the other specs sign in as: back to English.
  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(page)).toBe("en");
  await context.close();
});
