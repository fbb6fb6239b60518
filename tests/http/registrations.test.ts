/**
 * Registrations through /v2/ (every endpoint and rule), and the review team's procedures through
 * createCaller with an operator's session principal, as the dashboard calls them.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/trpc/context";
import { callerFor, integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let demo: { key: string; accountPk: string; account: string };
let live: { key: string; accountPk: string };
let other: { key: string; accountPk: string };

beforeAll(async () => {
  app = await startTestApp();
  demo = await app.newKey("demo");
  live = await app.newKey("live", { account: demo.account });
  other = await app.newKey("demo");
});
afterAll(() => app?.close());

type Registration = Record<string, unknown> & { id: string; integration_id: string; needs_review: boolean };
type List = { count: number; next: string | null; previous: string | null; results: Registration[] };
type Errors = Record<string, string[]>;

const body = registrationBody;

const create = (b: Record<string, unknown>, key = demo.key) => app.json<Registration>("/v2/registrations/", { method: "POST", key, body: b });
const get = (id: string, key = demo.key) => app.json<Registration>(`/v2/registrations/${id}/`, { key });
const patch = (id: string, b: Record<string, unknown>, key = demo.key) => app.json<Registration>(`/v2/registrations/${id}/`, { method: "PATCH", key, body: b });
const put = (id: string, b: Record<string, unknown>, key = demo.key) => app.json<Registration>(`/v2/registrations/${id}/`, { method: "PUT", key, body: b });
const approve = (id: string, key = demo.key) => app.json<Registration>(`/v2/registrations/${id}/approve/`, { method: "POST", key });
const uid = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString("hex")}`;

const FIELDS = [
  "id",
  "integration_id",
  "needs_review",
  "email",
  "phone_number",
  "friendly_name",
  "registered_name",
  "tin_number",
  "vat_number",
  "country",
  "state",
  "address_line_1",
  "address_line_2",
  "zip_code",
  "city",
  "metadata",
  "rejection_reason",
  "created_at",
];

describe("create and retrieve", () => {
  it("creates a Registration awaiting review with 201; id defaults to the generated integration_id", async () => {
    const res = await create(body());
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...FIELDS].sort());
    expect(res.body).toMatchObject({
      needs_review: true,
      email: "finance@nordvik.example",
      phone_number: "+4532123456",
      friendly_name: "Nordvik",
      registered_name: "Nordvik ApS",
      tin_number: "18785153",
      vat_number: "DK18785153",
      country: "DNK",
      state: null,
      address_line_2: "",
      metadata: {},
      rejection_reason: null,
    });
    expect(res.body.integration_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.id).toBe(res.body.integration_id);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await get(res.body.id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("keeps a caller's integration_id (id follows it) or id (numbers become strings); a taken id is a 400", async () => {
    const integrationId = uid("nordvik");
    expect((await create(body({ integration_id: integrationId }))).body).toMatchObject({ id: integrationId, integration_id: integrationId });
    const id = 9_000_000 + Math.floor(Math.random() * 1_000_000);
    const own = await create(body({ id }));
    expect(own.body.id).toBe(String(id));
    expect(own.body.integration_id).not.toBe(String(id));
    const dup = await create(body({ id: String(id) }));
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });
  });

  it("lists the account's Registrations of the key's environment in pages, newest first (as the other lists)", async () => {
    const key = (await app.newKey("demo")).key;
    for (let i = 0; i < 3; i++) expect((await create(body({ friendly_name: `Firm ${i}` }), key)).status).toBe(201);
    const first = await app.json<List>("/v2/registrations/?page_size=2", { key });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.results.map((r) => r.friendly_name)).toEqual(["Firm 2", "Firm 1"]);
    expect(first.body.next).toBe(`${app.url}/v2/registrations/?page_size=2&page=2`);
    const second = await app.json<List>("/v2/registrations/?page_size=2&page=2", { key });
    expect(second.body.results.map((r) => r.friendly_name)).toEqual(["Firm 0"]);
    expect((await app.json("/v2/registrations/?page=3", { key })).status).toBe(404);
  });

  it("requires the documented fields", async () => {
    const res = await app.json<Errors>("/v2/registrations/", { method: "POST", key: demo.key, body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(
      ["address_line_1", "city", "country", "email", "friendly_name", "phone_number", "registered_name", "tin_number", "zip_code"].sort(),
    );
    expect(res.body.city).toEqual(["This field is required."]);
    expect((await create(body({ friendly_name: "  " }))).body).toEqual({ friendly_name: ["This field may not be blank."] });
  });

  it("needs_review is read-only: a client cannot set it", async () => {
    const res = await create(body({ needs_review: false }));
    expect(res.body.needs_review).toBe(true);
    expect((await patch(res.body.id, { needs_review: false })).body.needs_review).toBe(true);
  });

  it("accepts form bodies (metadata as a JSON string)", async () => {
    const form = new URLSearchParams(Object.entries(body()).map(([k, v]) => [k, String(v)]));
    form.set("metadata", JSON.stringify({ crm: 42 }));
    const res = await app.json<Registration>("/v2/registrations/", { method: "POST", key: demo.key, body: form });
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual({ crm: 42 });
  });
});

describe("integration_id", () => {
  it("may not be an existing Integration's id (ids are global) nor another Registration's of the account and environment", async () => {
    const integrationId = uid("acme-int");
    expect((await app.json("/v2/integrations/", { method: "POST", key: other.key, body: integrationBody({ id: integrationId }) })).status).toBe(201);
    const clash = await create(body({ integration_id: integrationId }));
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ integration_id: ["An Integration with this id already exists."] });

    const mine = uid("mine");
    expect((await create(body({ integration_id: mine }))).status).toBe(201);
    const again = await create(body({ integration_id: mine, id: uid("second") }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ integration_id: ["Another Registration already uses this integration_id."] });
    // Another environment of the same account, or another account, may hold the same pending integration_id.
    expect((await create(body({ integration_id: mine }), live.key)).status).toBe(201);
    expect((await create(body({ integration_id: mine }), other.key)).status).toBe(201);
  });
});

describe("validation per country (stdnum, i18n-iso-countries, iso-3166, libphonenumber-js)", () => {
  const valid: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["Denmark: CVR and VAT", {}, { tin_number: "18785153", vat_number: "DK18785153" }],
    [
      "Norway: organisasjonsnummer, VAT optional, national phone",
      { country: "NOR", tin_number: "923609016", vat_number: null, phone_number: "22 12 34 56" },
      { country: "NOR", vat_number: null, phone_number: "+4722123456" },
    ],
    [
      "Norway: MVA number",
      { country: "NOR", tin_number: "923 609 016", vat_number: "NO 923 609 016 MVA", phone_number: "+47 22 12 34 56" },
      { tin_number: "923 609 016", vat_number: "NO 923 609 016 MVA" },
    ],
    [
      "Germany: Steuernummer and USt-IdNr.",
      { country: "DEU", tin_number: "2181508150", vat_number: "DE136695976", phone_number: "030 1234567" },
      { phone_number: "+49301234567" },
    ],
    [
      "United Kingdom: UTR and VAT",
      { country: "GBR", tin_number: "1955839661", vat_number: "GB980780684", phone_number: "020 7946 0958" },
      { phone_number: "+442079460958" },
    ],
    [
      "United Kingdom: VAT optional",
      { country: "gbr", tin_number: "GB980780684", vat_number: "", phone_number: "+44 20 7946 0958" },
      { country: "GBR", vat_number: null },
    ],
    [
      "United States: EIN, state, national phone",
      { country: "USA", tin_number: "04-2103594", vat_number: null, state: "CA", phone_number: "(415) 555-2671" },
      { state: "CA", phone_number: "+14155552671" },
    ],
    ["Finland: Y-tunnus and ALV", { country: "FIN", tin_number: "2077474-0", vat_number: "FI20774740", phone_number: "+358 9 1234567" }, {}],
    ["Netherlands: RSIN and btw", { country: "NLD", tin_number: "004495445", vat_number: "NL004495445B01", phone_number: "+31 20 123 4567" }, {}],
    [
      "France: SIREN and TVA, no state",
      { country: "FRA", tin_number: "732829320", vat_number: "FR40303265045", phone_number: "+33 1 23 45 67 89" },
      { state: null },
    ],
    [
      "Australia: ABN and state",
      { country: "AUS", tin_number: "83 914 571 673", vat_number: null, state: "NSW", phone_number: "+61 2 9876 5432" },
      { state: "NSW" },
    ],
    [
      "Canada: BN and province",
      { country: "CAN", tin_number: "123456782", vat_number: null, state: "CA-ON", phone_number: "+1 416 555 0199" },
      { state: "ON" },
    ],
    [
      "Brazil: CNPJ and state",
      { country: "BRA", tin_number: "16.727.230/0001-97", vat_number: null, state: "SP", phone_number: "+55 11 3456 7890" },
      { state: "SP" },
    ],
    ["Nigeria: no validator, accepted for review", { country: "NGA", tin_number: "12345678-0001", vat_number: null, phone_number: "+234 803 123 4567" }, {}],
  ];
  it.each(valid)("%s", async (_name, overrides, expected) => {
    const res = await create(body(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject(expected);
  });

  const invalid: [string, Record<string, unknown>, Errors][] = [
    ["Danish CVR with a wrong check digit", { tin_number: "18785154" }, { tin_number: ["Enter a valid tax identification number for Denmark (CVR)."] }],
    ["Danish VAT with a wrong check digit", { vat_number: "DK18785154" }, { vat_number: ["Enter a valid VAT number for Denmark (CVR)."] }],
    ["Danish company without VAT number (EU)", { vat_number: null }, { vat_number: ["A VAT number is required for companies registered in Denmark."] }],
    [
      "German VAT with a wrong check digit",
      { country: "DEU", tin_number: "2181508150", vat_number: "DE136695978", phone_number: "+49 30 1234567" },
      { vat_number: ["Enter a valid VAT number for Germany (USt ID Nr.)."] },
    ],
    [
      "Norwegian orgnr with a wrong check digit",
      { country: "NOR", tin_number: "923609017", vat_number: null, phone_number: "+47 22 12 34 56" },
      { tin_number: ["Enter a valid tax identification number for Norway (MVA, Orgnr)."] },
    ],
    [
      "British VAT with a wrong check digit",
      { country: "GBR", tin_number: "1955839661", vat_number: "GB980780685", phone_number: "+44 20 7946 0958" },
      { vat_number: ["Enter a valid VAT number for United Kingdom (VAT Reg No)."] },
    ],
    [
      "US EIN with an unassigned prefix",
      { country: "USA", tin_number: "07-1234567", vat_number: null, state: "NY", phone_number: "+1 212 555 0123" },
      { tin_number: ["Enter a valid tax identification number for United States of America (EIN)."] },
    ],
    [
      "Finnish Y-tunnus with a wrong check digit",
      { country: "FIN", tin_number: "2077474-1", vat_number: "FI20774740", phone_number: "+358 9 1234567" },
      { tin_number: ["Enter a valid tax identification number for Finland (ALV nro, Y-tunnus)."] },
    ],
    [
      "Dutch btw with a wrong check digit",
      { country: "NLD", tin_number: "004495445", vat_number: "NL004495446B01", phone_number: "+31 20 123 4567" },
      { vat_number: ["Enter a valid VAT number for Netherlands (Btw-nr.)."] },
    ],
    [
      "French SIREN with a wrong check digit",
      { country: "FRA", tin_number: "732829321", vat_number: "FR40303265045", phone_number: "+33 1 23 45 67 89" },
      { tin_number: ["Enter a valid tax identification number for France (SIREN, SIRET, n°TVA)."] },
    ],
    [
      "Sweden is refused",
      { country: "SWE", tin_number: "5560360793", vat_number: "SE556036079301" },
      { country: ["Registrations of companies in Sweden are not accepted."] },
    ],
    ["an alpha-2 code is not a country", { country: "DK" }, { country: ['"DK" is not an ISO 3166 alpha-3 country code.'] }],
    ["an unknown code is not a country", { country: "XYZ" }, { country: ['"XYZ" is not an ISO 3166 alpha-3 country code.'] }],
    [
      "a phone number that does not exist",
      { phone_number: "+45 12 34" },
      { phone_number: ["Enter a valid phone number with its country code, for example +46701234567."] },
    ],
    ["an email address without a domain", { email: "finance@" }, { email: ["Enter a valid email address."] }],
  ];
  it.each(invalid)("refuses %s with a field error", async (_name, overrides, errors) => {
    const res = await create(body(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
  });

  it("reports every invalid field at once", async () => {
    const res = await create(body({ tin_number: "18785154", vat_number: "DK18785154", phone_number: "123" }));
    expect(Object.keys(res.body).sort()).toEqual(["phone_number", "tin_number", "vat_number"]);
  });

  it("answers in Swedish with Accept-Language: sv", async () => {
    const res = await app.json("/v2/registrations/", { method: "POST", key: demo.key, body: body({ country: "SWE" }), headers: { "Accept-Language": "sv" } });
    expect(res.body).toEqual({ country: ["Registreringar av företag i Sverige tas inte emot."] });
  });
});

describe("state", () => {
  const us = { country: "USA", tin_number: "04-2103594", vat_number: null, phone_number: "+1 415 555 2671" };
  it("is required for countries with states, and checked against their subdivisions", async () => {
    expect((await create(body(us))).body).toEqual({ state: ["A state, province or territory is required for United States of America."] });
    expect((await create(body({ ...us, state: "XX" }))).body).toEqual({ state: ['"XX" is not a state, province or territory of United States of America.'] });
    expect((await create(body({ ...us, state: "ON" }))).status).toBe(400); // a Canadian province
    expect((await create(body({ country: "AUS", tin_number: "83914571673", vat_number: null, phone_number: "+61 2 9876 5432" }))).body).toEqual({
      state: ["A state, province or territory is required for Australia."],
    });
  });

  it.each([
    ["CA", "CA"],
    ["us-ny", "NY"],
    ["US-TX", "TX"],
    ["California", "CA"],
  ])("accepts %s for the United States as %s", async (state, stored) => {
    const res = await create(body({ ...us, state }));
    expect(res.status).toBe(201);
    expect(res.body.state).toBe(stored);
  });

  it("is optional free text elsewhere", async () => {
    expect((await create(body({ state: null }))).body.state).toBeNull();
    expect((await create(body({ state: "Hovedstaden" }))).body.state).toBe("Hovedstaden");
  });
});

describe("update, replace, delete", () => {
  it("PATCH keeps omitted fields, normalises, and checks the result as a whole", async () => {
    const { body: r } = await create(body({ address_line_2: "2. sal", metadata: { a: 1 } }));
    const res = await patch(r.id, { phone_number: "32 12 34 57", friendly_name: "Nordvik Studio" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...r, phone_number: "+4532123457", friendly_name: "Nordvik Studio" });
    // Moving to the US needs a state and a US tax number.
    const moved = await patch(r.id, { country: "USA" });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body).sort()).toEqual(["state", "tin_number"]);
    const ok = await patch(r.id, { country: "USA", state: "WA", tin_number: "91-1144442", vat_number: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ country: "USA", state: "WA", vat_number: null, address_line_2: "2. sal" });
  });

  it("PATCH may change id and integration_id (the object moves)", async () => {
    const { body: r } = await create(body());
    const newId = uid("moved");
    const res = await patch(r.id, { id: newId, integration_id: `${newId}-int` });
    expect(res.body).toMatchObject({ id: newId, integration_id: `${newId}-int` });
    expect((await get(r.id)).status).toBe(404);
    expect((await get(newId)).status).toBe(200);
  });

  it("PUT needs create's required fields and resets the optional ones", async () => {
    const { body: r } = await create(body({ integration_id: uid("put"), address_line_2: "Baghuset", metadata: { a: 1 } }));
    expect((await put(r.id, { friendly_name: "Only" })).status).toBe(400);
    const res = await put(r.id, body({ vat_number: "DK18785153", friendly_name: "Nordvik II" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ friendly_name: "Nordvik II", address_line_2: "", metadata: {}, state: null });
    expect(res.body.integration_id).not.toBe(r.integration_id);
    expect(res.body.id).toBe(res.body.integration_id);
    expect((await get(r.id)).status).toBe(404);
  });

  it("DELETE answers 204 with an empty body", async () => {
    const { body: r } = await create(body());
    const res = await app.api(`/v2/registrations/${r.id}/`, { method: "DELETE", key: demo.key });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await get(r.id)).status).toBe(404);
  });
});

describe("approval (demo)", () => {
  it("creates the Integration, records Registration.verified, and locks the Registration", async () => {
    const integrationId = uid("approved");
    const { body: r } = await create(body({ integration_id: integrationId, address_line_2: "3. sal" }));
    const res = await approve(r.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...r, needs_review: false });

    const integration = await app.json(`/v2/integrations/${integrationId}/`, { key: demo.key });
    expect(integration.status).toBe(200);
    expect(integration.body).toMatchObject({
      id: integrationId,
      type: 3,
      name: "Nordvik",
      email: "finance@nordvik.example",
      recipient: "Nordvik ApS",
      address_line_1: "Vesterbrogade 1",
      address_line_2: "3. sal",
      zip_code: "1620",
      city: "København V",
    });

    const row = await app.db.registration.findFirstOrThrow({ where: { id: r.id, accountPk: demo.accountPk } });
    expect(row.verifiedAt).toBeInstanceOf(Date);
    const events = await app.db.event.findMany({ where: { objectPk: row.pk } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ name: "Registration.verified", accountPk: demo.accountPk, environment: "demo", integrationPk: null });
    expect(events[0].data).toEqual(res.body);
    const decisions = await app.db.registrationDecision.findMany({ where: { registrationPk: row.pk } });
    expect(decisions).toMatchObject([{ decision: "approved", reviewerId: null }]);
    expect(decisions[0].reviewerEmail).toMatch(/^api-key:/);

    const locked = { detail: "This Registration has been approved and can no longer be changed or deleted." };
    expect(await patch(r.id, { friendly_name: "X" })).toMatchObject({ status: 409, body: locked });
    expect(await put(r.id, body())).toMatchObject({ status: 409, body: locked });
    expect(await app.json(`/v2/registrations/${r.id}/`, { method: "DELETE", key: demo.key })).toMatchObject({ status: 409, body: locked });
    expect(await approve(r.id)).toMatchObject({ status: 409, body: { detail: "This Registration has already been approved." } });
    expect((await get(r.id)).body.needs_review).toBe(false);
  });

  it("approves once when two approvals race", async () => {
    const { body: r } = await create(body({ integration_id: uid("race") }));
    const statuses = (await Promise.all([approve(r.id), approve(r.id)])).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await app.db.integration.count({ where: { id: r.integration_id } })).toBe(1);
  });

  it("is refused with a live key (403): the review team approves live Registrations", async () => {
    const { body: r } = await create(body(), live.key);
    const res = await approve(r.id, live.key);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.stringContaining("demo environment only") });
    expect((await get(r.id, live.key)).body.needs_review).toBe(true);
  });

  it("is a 409 when the integration_id was taken by an Integration in the meantime", async () => {
    const integrationId = uid("raced");
    const { body: r } = await create(body({ integration_id: integrationId }));
    await app.json("/v2/integrations/", { method: "POST", key: other.key, body: integrationBody({ id: integrationId }) });
    const res = await approve(r.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: expect.stringContaining(integrationId) });
    expect((await get(r.id)).body.needs_review).toBe(true);
  });
});

describe("isolation", () => {
  it("another account's or environment's Registrations answer 404, exactly as if they did not exist", async () => {
    const { body: r } = await create(body({ id: uid("private") }));
    for (const key of [other.key, live.key]) {
      expect((await get(r.id, key)).status).toBe(404);
      expect((await patch(r.id, { friendly_name: "X" }, key)).status).toBe(404);
      expect((await put(r.id, body(), key)).status).toBe(404);
      expect((await app.json(`/v2/registrations/${r.id}/`, { method: "DELETE", key })).status).toBe(404);
      const list = await app.json<List>("/v2/registrations/?page_size=100", { key });
      expect(list.body.results.map((x) => x.id)).not.toContain(r.id);
    }
    expect((await approve(r.id, other.key)).status).toBe(404);
    expect((await get(r.id)).body.needs_review).toBe(true);
  });

  it("is listed in the API root and the OpenAPI document, and readable as HTML", async () => {
    const root = await app.json<Record<string, string>>("/v2/", { key: demo.key });
    expect(root.body.registrations).toBe(`${app.url}/v2/registrations/`);
    const doc = await app.json<{ paths: Record<string, Record<string, unknown>> }>("/v2/openapi.json");
    expect(Object.keys(doc.body.paths["/registrations/{registration_id}/approve/"])).toEqual(["post"]);
    const { body: r } = await create(body({ friendly_name: "<b>Bold</b>" }));
    const page = await app.api(`/v2/registrations/${r.id}/`, { key: demo.key, headers: { Accept: "text/html" } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).not.toContain("<b>Bold</b>");
  });

  it("needs a key", async () => {
    expect((await app.json("/v2/registrations/")).status).toBe(401);
  });
});

describe("review team (operator procedures)", () => {
  const as = (principal: Principal) => callerFor(app, principal);
  let reviewer: ReturnType<typeof as>;
  const reviewerEmail = `olga-${crypto.randomBytes(3).toString("hex")}@payroute.example`;

  beforeAll(async () => {
    const user = await app.db.user.create({ data: { id: uid("op"), name: "Olga", email: reviewerEmail, role: "operator" } });
    reviewer = as({ via: "session", accountPk: null, environment: "live", role: "operator", userId: user.id });
  });

  const pkOf = async (id: string, accountPk = live.accountPk, environment: "live" | "demo" = "live") =>
    (await app.db.registration.findFirstOrThrow({ where: { id, accountPk, environment }, select: { pk: true } })).pk;

  it("queues pending Registrations oldest first, filters by environment and status, and searches", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const a = (await create(body({ friendly_name: `Alpha ${tag}`, registered_name: `Alpha ${tag} ApS` }), live.key)).body;
    const b = (await create(body({ friendly_name: `Beta ${tag}`, email: `beta-${tag}@firm.example` }), live.key)).body;
    const queue = await reviewer.registrations.review.queue({ environment: "live", search: tag, page: 1, page_size: 25 });
    expect(queue.results.map((x) => x.registration.id)).toEqual([a.id, b.id]);
    expect(queue.results[0]).toMatchObject({ status: "pending", environment: "live", account: { pk: live.accountPk, name: demo.account } });

    const byEmail = await reviewer.registrations.review.queue({ search: `BETA-${tag}@`, page: 1, page_size: 25 });
    expect(byEmail.results.map((x) => x.registration.id)).toEqual([b.id]);
    const byRegisteredName = await reviewer.registrations.review.queue({ search: `alpha ${tag} aps`, page: 1, page_size: 25 });
    expect(byRegisteredName.results.map((x) => x.registration.id)).toEqual([a.id]);
    const demoOnly = await reviewer.registrations.review.queue({ environment: "demo", search: tag, page: 1, page_size: 25 });
    expect(demoOnly.count).toBe(0);
  });

  it("shows every field with its validation state", async () => {
    const r = (await create(body({ country: "NGA", tin_number: "12345678-0001", vat_number: null, phone_number: "+234 803 123 4567" }), live.key)).body;
    const detail = await reviewer.registrations.review.detail({ pk: await pkOf(r.id) });
    expect(detail.registration).toEqual(r);
    expect(detail.checks).toEqual(
      expect.arrayContaining([
        { field: "country", valid: true, checked: true, message: "Nigeria" },
        { field: "tin_number", valid: true, checked: false, message: "No validation rule for numbers of Nigeria: check it by hand." },
        { field: "phone_number", valid: true, checked: true, message: null },
        { field: "email", valid: true, checked: true, message: null },
      ]),
    );
    const dk = (await create(body(), live.key)).body;
    const dkChecks = (await reviewer.registrations.review.detail({ pk: await pkOf(dk.id) })).checks;
    expect(dkChecks.find((c) => c.field === "tin_number")).toEqual({ field: "tin_number", valid: true, checked: true, message: "CVR" });
    expect(dkChecks.every((c) => c.valid)).toBe(true);
  });

  it("rejects with a reason the registrant reads; the registrant's edit puts it back in the queue", async () => {
    const r = (await create(body({ friendly_name: uid("Rejected") }), live.key)).body;
    const pk = await pkOf(r.id);
    await expect(reviewer.registrations.review.reject({ pk, reason: "  " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const rejected = await reviewer.registrations.review.reject({ pk, reason: "The registered name does not match the CVR register." });
    expect(rejected).toMatchObject({ needs_review: true, rejection_reason: "The registered name does not match the CVR register." });
    expect((await get(r.id, live.key)).body.rejection_reason).toBe("The registered name does not match the CVR register.");

    const search = { search: String(r.friendly_name), page: 1, page_size: 25 };
    expect((await reviewer.registrations.review.queue(search)).count).toBe(0);
    expect((await reviewer.registrations.review.queue({ ...search, status: "rejected" })).results[0]).toMatchObject({ pk, status: "rejected" });

    const edited = await patch(r.id, { registered_name: "Nordvik Holding ApS" }, live.key);
    expect(edited.body).toMatchObject({ rejection_reason: null, needs_review: true });
    expect((await reviewer.registrations.review.queue(search)).results[0]).toMatchObject({ pk, status: "pending" });

    // The edit joins the audit trail, naming what changed and who changed it (here an API key).
    const trail = await reviewer.registrations.review.decisions({ pk });
    expect(trail).toEqual([
      {
        decision: "rejected",
        reason: "The registered name does not match the CVR register.",
        reviewer_id: expect.any(String),
        reviewer_email: reviewerEmail,
        created_at: expect.any(String),
      },
      {
        decision: "edited",
        reason: "registered_name",
        reviewer_id: null,
        reviewer_email: expect.stringMatching(/^api-key:pr_live_/),
        created_at: expect.any(String),
      },
    ]);
    // An edit that changes nothing adds nothing.
    await patch(r.id, { registered_name: "Nordvik Holding ApS" }, live.key);
    expect(await reviewer.registrations.review.decisions({ pk })).toHaveLength(2);
  });

  it("approves a live Registration: the Integration is created, the event recorded, the decision kept", async () => {
    const integrationId = uid("live-approved");
    const r = (await create(body({ integration_id: integrationId }), live.key)).body;
    const pk = await pkOf(r.id);
    await reviewer.registrations.review.reject({ pk, reason: "Missing VAT certificate." });
    const approved = await reviewer.registrations.review.approve({ pk });
    expect(approved).toEqual({ ...r, needs_review: false });
    expect((await get(r.id, live.key)).body).toMatchObject({ needs_review: false, rejection_reason: null });
    expect(await app.json(`/v2/integrations/${integrationId}/`, { key: live.key })).toMatchObject({ status: 200, body: { name: "Nordvik", type: 3 } });
    // Isolation still holds for the created Integration: the demo key does not see it.
    expect((await app.json(`/v2/integrations/${integrationId}/`, { key: demo.key })).status).toBe(404);
    const events = await app.db.event.findMany({ where: { objectPk: pk, name: "Registration.verified" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ environment: "live", accountPk: live.accountPk, data: approved });

    const detail = await reviewer.registrations.review.detail({ pk });
    expect(detail.status).toBe("approved");
    expect(detail.verified_at).not.toBeNull();
    expect(detail.decisions.map((d) => [d.decision, d.reason, d.reviewer_email])).toEqual([
      ["rejected", "Missing VAT certificate.", reviewerEmail],
      ["approved", null, reviewerEmail],
    ]);
    await expect(reviewer.registrations.review.approve({ pk })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(reviewer.registrations.review.reject({ pk, reason: "Too late" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await patch(r.id, { friendly_name: "X" }, live.key)).status).toBe(409);
  });

  it("is for operators only; an unknown Registration is NOT_FOUND", async () => {
    const client = as({ via: "session", accountPk: live.accountPk, environment: "live", role: "client", userId: "someone" });
    await expect(client.registrations.review.queue({ page: 1, page_size: 25 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(client.registrations.review.approve({ pk: crypto.randomUUID() })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(reviewer.registrations.review.detail({ pk: crypto.randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(reviewer.registrations.review.detail({ pk: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("a client's own people see their Registrations and their state through the same procedures", async () => {
    const r = (await create(body(), live.key)).body;
    const person = as({ via: "session", accountPk: live.accountPk, environment: "live", role: "client", userId: "ann" });
    expect(await person.registrations.get({ registration_id: r.id })).toEqual(r);
    const outsider = as({ via: "session", accountPk: other.accountPk, environment: "live", role: "client", userId: "bo" });
    await expect(outsider.registrations.get({ registration_id: r.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
