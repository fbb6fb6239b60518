/**
 * Payouts through /v2/: create from each amount basis, validation, bulk all-or-nothing, inline Employees,
 * idempotency, reads and filters, immutability (405), delete and resend guards, the employee app's
 * acceptance, deletion guards of Employees and Integrations, isolation and the events recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const INT = "po-int";

type Payout = {
  id: string;
  amount: string;
  invoiced_amount: string;
  cost: string;
  currency: string;
  employee: string | Record<string, unknown>;
  payrun: string;
  invoice: string;
  full_salary_specification: boolean;
  latest_status: string;
  notified_at: string | null;
  accepted_at: string | null;
  [field: string]: unknown;
};
type List = { count: number; next: string | null; results: Payout[] };

const as = (k: string, integration = INT) => ({ key: k, headers: { "Integration-ID": integration } });
const employee = (id: string, over: Record<string, unknown> = {}) => ({ id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE", ...over });
const payout = (over: Record<string, unknown> = {}) => ({ employee: "anna", amount: "1000.00", currency: "SEK", description: "Catering, 12 June", ...over });

const post = <T = Payout>(body: unknown, call: { key?: string; integration?: string; query?: string; headers?: Record<string, string> } = {}) =>
  app.json<T>(`/v2/payouts/${call.query ?? ""}`, {
    method: "POST",
    key: call.key ?? key,
    headers: { "Integration-ID": call.integration ?? INT, ...call.headers },
    body,
  });

async function newIntegration(k: string, id: string) {
  expect((await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id }) })).status).toBe(201);
}

async function newEmployee(k: string, integration: string, body: Record<string, unknown>) {
  expect((await app.json("/v2/employees/", { method: "POST", ...as(k, integration), body })).status).toBe(201);
}

/** Pays the Payrun in demo and runs the outbox, so that its Payouts are notified. */
async function pay(payrunId: string, k = key, integration = INT) {
  const res = await app.json(`/v2/payruns/${payrunId}/pay/`, { method: "POST", ...as(k, integration) });
  expect(res.status).toBe(200);
  await app.drainJobs();
}

/** The text of a quoted-printable .eml file. */
const decodeMail = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const eventNames = async (pk: string) => (await app.db.event.findMany({ where: { objectPk: pk }, orderBy: { seq: "asc" } })).map((e) => e.name);
const payoutPk = async (id: string, integration = INT) => (await app.db.payout.findFirstOrThrow({ where: { id, integration: { id: integration } } })).pk;

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  await newIntegration(key, INT);
  await newEmployee(key, INT, employee("anna", { name: "Anna Berg", cellphone_number: "+46 70 555 12 12" }));
  await newEmployee(key, INT, employee("olle", { name: "Olle Ek" }));
  await newEmployee(key, INT, employee("nils", { country: "NOR" }));
});
afterAll(() => app?.close());

describe("create from each amount basis", () => {
  it("from amount: 201 with all three figures, full_salary_specification false, the open Payrun, status created", async () => {
    const res = await post(payout({ id: "p-amount", metadata: { ref: 1 } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: "p-amount",
      amount: "1000.00",
      invoiced_amount: "1314.20",
      cost: "1379.91",
      currency: "SEK",
      description: "Catering, 12 June",
      employee: "anna",
      full_salary_specification: false,
      latest_status: "created",
      metadata: { ref: 1 },
      start_at: null,
      end_at: null,
      notified_at: null,
      accepted_at: null,
      canceled_at: null,
    });
    expect(res.body.invoice).toBe(res.body.payrun);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("from invoiced_amount and from cost (JSON numbers too): the other two derived, full_salary_specification true", async () => {
    const fromInvoiced = await post(payout({ amount: undefined, invoiced_amount: 1314.2 }));
    expect(fromInvoiced.status).toBe(201);
    expect(fromInvoiced.body).toMatchObject({ amount: "1000.00", invoiced_amount: "1314.20", cost: "1379.91", full_salary_specification: true });
    const fromCost = await post(payout({ amount: undefined, cost: "1379.91" }));
    expect(fromCost.body).toMatchObject({ amount: "1000.00", invoiced_amount: "1314.20", cost: "1379.91", full_salary_specification: true });
    // No amount costs exactly 0.11 (0.07 costs 0.09, 0.08 costs 0.12): the largest amount below it, with its own cost.
    const gap = await post(payout({ amount: undefined, cost: "0.11" }));
    expect(gap.body).toMatchObject({ amount: "0.07", invoiced_amount: "0.09", cost: "0.09" });
  });

  it("start_at and end_at are kept; currency is read in any case", async () => {
    const res = await post(payout({ currency: "sek", start_at: "2026-06-01T08:00:00+02:00", end_at: "2026-06-01T16:00:00Z" }));
    expect(res.body).toMatchObject({ currency: "SEK", start_at: "2026-06-01T06:00:00.000Z", end_at: "2026-06-01T16:00:00.000Z" });
  });
});

describe("validation", () => {
  it("exactly one of amount, invoiced_amount and cost", async () => {
    const none = await post(payout({ amount: undefined }));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ non_field_errors: ["Give exactly one of amount, invoiced_amount or cost."] });
    const two = await post(payout({ cost: "10.00" }));
    expect(two.body).toEqual({ non_field_errors: ["Give exactly one of amount, invoiced_amount or cost."] });
  });

  it("money: two decimals at most, positive, at most 10^11, a number", async () => {
    const cases: [unknown, string][] = [
      ["10.005", "Ensure that there are no more than 2 decimal places."],
      [0.1 + 0.2, "Ensure that there are no more than 2 decimal places."],
      ["0", "Ensure this value is greater than 0."],
      [-5, "Ensure this value is greater than 0."],
      ["100000000000.01", "Ensure this value is less than or equal to 100000000000."],
      ["ten", "A valid number is required."],
      [true, "A valid number is required."],
    ];
    for (const [amount, message] of cases) {
      const res = await post(payout({ amount }));
      expect(res.status, String(amount)).toBe(400);
      expect(res.body, String(amount)).toEqual({ amount: [message] });
    }
    expect((await post(payout({ amount: "100000000000" }))).body).toMatchObject({ amount: "100000000000.00", cost: "137991000000.00" });
  });

  it("missing and blank fields, bad currency and times", async () => {
    const res = await post({ amount: "5", description: " ", currency: "kronor", start_at: "yesterday" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      currency: ['"KRONOR" is not an ISO 4217 currency code.'],
      description: ["This field may not be blank."],
      employee: ["This field is required."],
      start_at: ["Datetime has wrong format. Use ISO 8601, for example 2026-01-31T12:00:00Z."],
    });
    const order = await post(payout({ start_at: "2026-06-02T00:00:00Z", end_at: "2026-06-01T00:00:00Z" }));
    expect(order.body).toEqual({ end_at: ["May not be before the start date."] });
    for (const body of ["[1", "42", "null"]) {
      const raw = await app.json("/v2/payouts/", { method: "POST", ...as(key), body, headers: { "Integration-ID": INT, "Content-Type": "application/json" } });
      expect(raw.status, body).toBe(400);
    }
  });

  it("the pricing country is the Employee's; the currency must be one of that country's", async () => {
    const unknown = await post(payout({ employee: "ghost" }));
    expect(unknown.body).toEqual({ employee: ['Object with id "ghost" does not exist.'] });
    const norway = await post(payout({ employee: "nils" }));
    expect(norway.body).toEqual({ employee: ["Payouts to Employees in NOR are not supported yet."] });
    const euro = await post(payout({ currency: "EUR" }));
    expect(euro.body).toEqual({ currency: ['Payouts to Employees in SWE cannot be made in "EUR". Use SEK.'] });
  });

  it("messages follow Accept-Language", async () => {
    const res = await post(payout({ currency: "EUR" }), { headers: { "Accept-Language": "sv" } });
    expect(res.body).toEqual({ currency: ['Utbetalningar till anställda i SWE kan inte göras i "EUR". Använd SEK.'] });
  });
});

describe("bulk", () => {
  it("a JSON array creates every Payout, answered with an array in order, all in the same Payrun", async () => {
    const res = await post<Payout[]>([
      payout({ id: "b-1" }),
      payout({ id: "b-2", employee: "olle", cost: "100.00", amount: undefined }),
      payout({ id: "b-3" }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((p) => p.id)).toEqual(["b-1", "b-2", "b-3"]);
    expect(new Set(res.body.map((p) => p.payrun)).size).toBe(1);
    expect(res.body[1]).toMatchObject({ employee: "olle", amount: "72.47", cost: "100.00", full_salary_specification: true });
    const single = await post<Payout[]>([payout()]);
    expect(Array.isArray(single.body)).toBe(true);
  });

  it("all or nothing: errors come back as an index-aligned array and nothing is created", async () => {
    const before = { payouts: await app.db.payout.count(), employees: await app.db.employee.count(), events: await app.db.event.count() };
    const res = await post([
      payout({ id: "bad-0", employee: employee("inline-rolled-back") }),
      payout({ id: "bad-1", amount: "1.234" }),
      payout({ id: "bad-2" }),
      payout({ id: "bad-2", employee: "ghost" }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {},
      { amount: ["Ensure that there are no more than 2 decimal places."] },
      {},
      { id: ["An object with this id already exists."], employee: ['Object with id "ghost" does not exist.'] },
    ]);
    expect(await app.db.payout.count()).toBe(before.payouts);
    expect(await app.db.employee.count()).toBe(before.employees);
    expect(await app.db.event.count()).toBe(before.events);
    expect((await app.api("/v2/payouts/bad-0/", as(key))).status).toBe(404);
  });

  it("bulk with expand: a JSON array with ?expand=employee is answered with expanded Employees", async () => {
    const res = await post<Payout[]>([payout(), payout({ employee: "olle" })], { query: "?expand=employee" });
    expect(res.status).toBe(201);
    expect(res.body.map((p) => p.employee)).toMatchObject([{ id: "anna" }, { id: "olle" }]);
  });

  it("an empty array or more than 500 items is a 400", async () => {
    expect((await post([])).body).toEqual({ non_field_errors: ["Send at least one Payout."] });
    const many = await post(Array.from({ length: 501 }, () => payout()));
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ non_field_errors: ["Send at most 500 Payouts in one request."] });
  });
});

describe("inline Employee", () => {
  it("is created when none matches (with its own events and invitation), reused by email or id after, expanded on request", async () => {
    const first = await post(payout({ id: "in-1", employee: employee("inline-1", { email: "Inline.One@Example.se" }) }), { query: "?expand=employee" });
    expect(first.status).toBe(201);
    expect(first.body.employee).toMatchObject({ id: "inline-1", email: "inline.one@example.se", country: "SWE", latest_status: "created" });
    expect((await app.json("/v2/employees/inline-1/", as(key))).status).toBe(200);

    // The same email (any case) reuses that Employee, whatever the other fields say.
    const byEmail = await post(payout({ id: "in-2", employee: { name: "Someone Else", email: "INLINE.ONE@example.se", country: "SWE" } }));
    expect(byEmail.body.employee).toBe("inline-1");
    // No email match: the given id matches.
    const byId = await post(payout({ id: "in-3", employee: employee("inline-1", { email: "other@example.se" }) }));
    expect(byId.body.employee).toBe("inline-1");
    expect(await app.db.employee.count({ where: { integration: { id: INT }, id: "inline-1" } })).toBe(1);

    const pk = (await app.db.employee.findFirstOrThrow({ where: { id: "inline-1" } })).pk;
    await app.drainJobs();
    expect(await eventNames(pk)).toEqual(["Employee.created", "Employee.notified"]);
    expect(app.mails().some((m) => m.text.includes("To: inline.one@example.se"))).toBe(true);
  });

  it("nested field errors under employee; an unsupported country is an employee error", async () => {
    const res = await post(payout({ employee: { name: "", email: "nope", country: "XX" } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      employee: {
        name: ["This field may not be blank."],
        email: ["Enter a valid email address."],
        country: ['"XX" is not an ISO 3166 alpha-3 country code.'],
      },
    });
    const phone = await post(payout({ employee: employee("bad-phone", { cellphone_number: "12" }) }));
    expect(phone.body).toEqual({ employee: { cellphone_number: ["Enter a valid phone number with its country code, for example +46701234567."] } });
    const norway = await post(payout({ employee: employee("inline-no", { country: "NOR" }) }));
    expect(norway.body).toEqual({ employee: ["Payouts to Employees in NOR are not supported yet."] });
    expect(await app.db.employee.count({ where: { id: { in: ["bad-phone", "inline-no"] } } })).toBe(0);
  });
});

describe("idempotent creation", () => {
  it("an Idempotency-Key replays the response and creates once (bulk too)", async () => {
    const call = { headers: { "Idempotency-Key": "po-idem-1" } };
    const first = await post(payout({ description: "Idempotent" }), call);
    const again = await post(payout({ description: "Idempotent" }), call);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await app.db.payout.count({ where: { description: "Idempotent" } })).toBe(1);
    expect((await post(payout({ description: "Other" }), call)).status).toBe(422);

    const bulk = { headers: { "Idempotency-Key": "po-idem-bulk" } };
    const b1 = await post<Payout[]>([payout({ description: "Bulk idem" }), payout({ description: "Bulk idem" })], bulk);
    const b2 = await post<Payout[]>([payout({ description: "Bulk idem" }), payout({ description: "Bulk idem" })], bulk);
    expect(b2.body).toEqual(b1.body);
    expect(await app.db.payout.count({ where: { description: "Bulk idem" } })).toBe(2);
  });

  it("a caller-chosen id is unique per Integration: a repeat is a 400; ids may be numbers", async () => {
    expect((await post(payout({ id: 9472 }))).body.id).toBe("9472");
    const dup = await post(payout({ id: "9472" }));
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });
  });
});

describe("read", () => {
  it("retrieve with and without expand=employee", async () => {
    const plain = await app.json<Payout>("/v2/payouts/p-amount/", as(key));
    expect(plain.body).toMatchObject({ id: "p-amount", employee: "anna" });
    const expanded = await app.json<Payout>("/v2/payouts/p-amount/?expand=employee", as(key));
    expect(expanded.body.employee).toMatchObject({ id: "anna", name: "Anna Berg", cellphone_number: "+46705551212" });
    expect((await app.json("/v2/payouts/nope/", as(key))).status).toBe(404);
  });

  it("list: newest first, relational, timestamp and search filters, expand, pages", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "po-list");
    await newEmployee(k, "po-list", employee("lisa", { name: "Lisa Lind", cellphone_number: "+46701112233" }));
    await newEmployee(k, "po-list", employee("max", { name: "Max Berg", email: "max@berg.se" }));
    const created: Payout[] = [];
    for (const body of [
      payout({ id: "l1", employee: "lisa", description: "Kitchen shift" }),
      payout({ id: "l2", employee: "max", description: "Bar shift", start_at: "2026-05-01T00:00:00Z" }),
      payout({ id: "l3", employee: "max", description: "Cleaning" }),
    ]) {
      created.push((await post(body, { key: k, integration: "po-list" })).body);
    }
    const ids = async (q: string) => (await app.json<List>(`/v2/payouts/?${q}`, as(k, "po-list"))).body.results.map((p) => p.id);
    expect(await ids("")).toEqual(["l3", "l2", "l1"]);
    expect(await ids("employee=max")).toEqual(["l3", "l2"]);
    expect(await ids(`payrun=${created[0].payrun}`)).toHaveLength(3);
    expect(await ids(`invoice=${created[0].payrun}`)).toHaveLength(3);
    expect(await ids("payrun=nope")).toEqual([]);
    // The Payrun and Employee are looked up in the Integration first (payout-service.ts relationPks): another
    // Integration's of the same account, or one that does not exist, match nothing; together they narrow.
    await newIntegration(k, "po-list-other");
    await newEmployee(k, "po-list-other", employee("max", { name: "Max Other" }));
    const other = (await post(payout({ id: "o1", employee: "max", description: "Other shift" }), { key: k, integration: "po-list-other" })).body;
    expect(other.payrun).not.toBe(created[0].payrun);
    expect(await ids(`payrun=${other.payrun}`)).toEqual([]);
    expect(await ids("employee=nope")).toEqual([]);
    expect(await ids(`employee=max&payrun=${created[0].payrun}`)).toEqual(["l3", "l2"]);
    expect(await ids(`employee=lisa&payrun=${other.payrun}`)).toEqual([]);
    expect((await app.json<List>(`/v2/payouts/?page_size=1&employee=max&payrun=${created[0].payrun}`, as(k, "po-list"))).body.count).toBe(2);
    expect(await ids("search=shift")).toEqual(["l2", "l1"]);
    expect(await ids("search=BERG")).toEqual(["l3", "l2"]);
    expect(await ids("search=1112233")).toEqual(["l1"]);
    expect(await ids("search=lisa%40example")).toEqual(["l1"]);
    expect(await ids("start_at_null=False")).toEqual(["l2"]);
    expect(await ids("start_at_before=2026-06-01")).toEqual(["l2"]);
    expect(await ids("notified_at_null=true&accepted_at_null=True&canceled_at_null=true")).toEqual(["l3", "l2", "l1"]);
    expect(await ids("notified_at_null=false")).toEqual([]);
    expect(await ids(`created_at=${new Date().toISOString().slice(0, 10)}&end_at_null=true`)).toEqual(["l3", "l2", "l1"]);
    const page = await app.json<List>("/v2/payouts/?page_size=2&expand=employee", as(k, "po-list"));
    expect(page.body.count).toBe(3);
    expect(page.body.next).toBe(`${app.url}/v2/payouts/?page_size=2&expand=employee&page=2`);
    expect(page.body.results[0].employee).toMatchObject({ id: "max", email: "max@berg.se" });
    expect((await app.json("/v2/payouts/?page=9", as(k, "po-list"))).status).toBe(404);
  });

  it("a Payrun's or an Employee's list with no other filter (one statement, payout-list-page.ts) answers as the filtered list does", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "po-owner");
    await newEmployee(k, "po-owner", employee("vera", { name: "Vera Ås", metadata: { team: "kök" } }));
    await newEmployee(k, "po-owner", employee("ivar"));
    const first = (await post(payout({ id: "w1", employee: "vera", amount: "1234.50", metadata: { shift: 7 } }), { key: k, integration: "po-owner" })).body;
    await pay(first.payrun, k, "po-owner");
    // A bulk create: Payouts of one instant, ordered by their pk.
    const bulk = [1, 2, 3, 4].map((n) =>
      payout({ id: `w${n + 1}`, employee: n % 2 ? "vera" : "ivar", amount: undefined, cost: `${n}00.05`, start_at: "2026-05-01T00:00:00Z" }),
    );
    const created = await post<Payout[]>(bulk, { key: k, integration: "po-owner" });
    expect(created.status).toBe(201);
    const second = created.body;
    expect(second[0].payrun).not.toBe(first.payrun);
    const list = async (q: string) => (await app.json<List>(`/v2/payouts/?${q}`, as(k, "po-owner"))).body;
    const answer = async (q: string) => {
      const res = await app.json<List>(`/v2/payouts/?${q}`, as(k, "po-owner"));
      return { status: res.status, count: res.body.count, results: res.body.results };
    };
    // canceled_at_null=true matches every Payout here and sends the list through the general (Prisma) query.
    let pages = 0;
    for (const owner of [`payrun=${first.payrun}`, `payrun=${second[0].payrun}`, `invoice=${second[0].payrun}`, "employee=vera", "employee=ivar"]) {
      for (const rest of ["", "&expand=employee", "&page_size=2&page=2", "&expand=payrun,employee"]) {
        const one = await answer(owner + rest);
        expect(one).toEqual(await answer(`${owner}${rest}&canceled_at_null=true`));
        if (one.status === 200) pages += 1;
      }
    }
    expect(pages).toBe(18);
    expect((await list(`payrun=${first.payrun}`)).results).toMatchObject([{ id: "w1", amount: "1234.50", metadata: { shift: 7 } }]);
    expect((await list(`payrun=${second[0].payrun}`)).count).toBe(4);
    expect(await list("employee=nobody")).toMatchObject({ count: 0, results: [] });
  });
});

describe("immutability, delete and resend", () => {
  it("there is no PATCH or PUT on a Payout: 405 with Allow", async () => {
    for (const method of ["PATCH", "PUT"]) {
      const res = await app.json("/v2/payouts/p-amount/", { method, ...as(key), body: { amount: "1.00" } });
      expect(res.status, method).toBe(405);
      expect(res.body).toEqual({ detail: `Method "${method}" not allowed.` });
      expect(res.headers.get("allow")).toBe("GET, DELETE, HEAD, OPTIONS");
    }
  });

  it("DELETE works while the Payrun is unpaid (204, then 404) and is refused once it is paid (409)", async () => {
    await post(payout({ id: "del-1" }));
    expect((await app.api("/v2/payouts/del-1/", { method: "DELETE", ...as(key) })).status).toBe(204);
    expect((await app.api("/v2/payouts/del-1/", as(key))).status).toBe(404);
    expect((await app.api("/v2/payouts/del-1/", { method: "DELETE", ...as(key) })).status).toBe(404);

    const kept = await post(payout({ id: "del-2" }));
    await pay(kept.body.payrun);
    const refused = await app.json("/v2/payouts/del-2/", { method: "DELETE", ...as(key) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: "The Payrun of this Payout has been paid; the Payout can no longer be deleted." });
  });

  it("resend: only for a notified Payout, then once per 24 hours (429 with Retry-After); PUT for old clients", async () => {
    await newEmployee(key, INT, employee("resender", { email: "resender@example.se" }));
    const created = await post(payout({ id: "rs-1", employee: "resender", amount: "250.00" }));
    const early = await app.json("/v2/payouts/rs-1/resend/", { method: "PATCH", ...as(key) });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: "The Employee has not been notified of this Payout yet." });

    await pay(created.body.payrun);
    const mails = () =>
      app
        .mails()
        .map((m) => decodeMail(m.text).replace(/\u00a0/g, " "))
        .filter((m) => m.includes("To: resender@example.se") && m.includes("250,00 kr"));
    expect(mails()).toHaveLength(1);
    // A Swedish Employee gets Swedish mail, the amount as Swedish writes money ("You have a payout of SEK 250.00 …").
    expect(mails()[0]).toContain("Du har en utbetalning på 250,00 kr från Bygg & Co: Catering, 12 June");
    expect(mails()[0]).toContain(`${app.url}/e\n`);

    expect((await app.api("/v2/payouts/rs-1/resend/", { method: "PATCH", ...as(key) })).status).toBe(204);
    await app.drainJobs();
    expect(mails()).toHaveLength(2);
    const again = await app.json("/v2/payouts/rs-1/resend/", { method: "PATCH", ...as(key) });
    expect(again.status).toBe(429);
    expect(String(again.body.detail)).toMatch(/^The notification can be sent again 24 hours after the previous resend, at \d{4}-/);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(86_000);
    await app.db.payout.updateMany({ where: { id: "rs-1" }, data: { resentAt: new Date(Date.now() - 24 * 3600_000 - 1000) } });
    expect((await app.api("/v2/payouts/rs-1/resend/", { method: "PUT", ...as(key) })).status).toBe(204);
    expect((await app.api("/v2/payouts/nobody/resend/", { method: "PATCH", ...as(key) })).status).toBe(404);
  });
});

describe("the Employee accepts in the employee app", () => {
  it("sees notified Payouts only, newest first; accepts once; events created -> notified -> accepted", async () => {
    await newEmployee(key, INT, employee("acceptor", { email: "acceptor@example.se" }));
    await app.drainJobs();
    const token = magicToken(
      app
        .mails()
        .map((m) => m.text)
        .find((m) => m.includes("To: acceptor@example.se"))!,
    );
    const claim = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true });
    const cookie = claim.setCookie!.split(";")[0];

    const first = await post(payout({ id: "acc-1", employee: "acceptor", amount: "500.00", description: "First" }));
    expect((await trpc<unknown[]>(app, "employeeApp.payouts", undefined, { cookie })).data).toEqual([]);
    const early = await trpc(app, "employeeApp.acceptPayout", { payoutId: "acc-1" }, { cookie, mutation: true });
    expect(early.status).toBe(409);

    await pay(first.body.payrun);
    const second = await post(payout({ id: "acc-2", employee: "acceptor", amount: "600.00", description: "Second" }));
    await pay(second.body.payrun);
    const seen = await trpc<{ id: string; amount: string; tax: string; integration: string; latest_status: string }[]>(app, "employeeApp.payouts", undefined, {
      cookie,
    });
    expect(seen.data?.map((p) => p.id)).toEqual(["acc-2", "acc-1"]);
    expect(seen.data?.[1]).toMatchObject({ amount: "500.00", tax: "150.00", integration: "Bygg & Co", latest_status: "available" });

    const accepted = await trpc<{ accepted_at: string | null; latest_status: string }>(
      app,
      "employeeApp.acceptPayout",
      { payoutId: "acc-1" },
      { cookie, mutation: true },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.data?.latest_status).toBe("complete");
    const api = await app.json<Payout>("/v2/payouts/acc-1/", as(key));
    expect(api.body).toMatchObject({ latest_status: "complete" });
    expect(api.body.accepted_at).not.toBeNull();
    expect(api.body.notified_at).not.toBeNull();
    expect((await trpc(app, "employeeApp.acceptPayout", { payoutId: "acc-1" }, { cookie, mutation: true })).status).toBe(409);
    // Another Employee's Payout does not exist for this one; signed out is 401.
    expect((await trpc(app, "employeeApp.acceptPayout", { payoutId: "p-amount" }, { cookie, mutation: true })).status).toBe(404);
    expect((await trpc(app, "employeeApp.payouts", undefined)).status).toBe(401);

    expect(await eventNames(await payoutPk("acc-1"))).toEqual(["Payout.created", "Payout.notified", "Payout.accepted"]);
    const event = await app.db.event.findFirstOrThrow({ where: { objectPk: await payoutPk("acc-1"), name: "Payout.accepted" } });
    expect(event.data).toMatchObject({ id: "acc-1", latest_status: "complete", employee: "acceptor" });
  });
});

describe("deletion guards", () => {
  it("an Employee with a Payout cannot be deleted (409)", async () => {
    const res = await app.json("/v2/employees/anna/", { method: "DELETE", ...as(key) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "This Employee has Payouts and cannot be deleted." });
  });

  it("an Integration with Payouts or a Payrun cannot be deleted (409)", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "po-guard");
    await newEmployee(k, "po-guard", employee("g1"));
    const created = await post(payout({ id: "g-1", employee: "g1" }), { key: k, integration: "po-guard" });
    expect((await app.api("/v2/payouts/g-1/", { method: "DELETE", ...as(k, "po-guard") })).status).toBe(204);
    expect((await app.api("/v2/employees/g1/", { method: "DELETE", ...as(k, "po-guard") })).status).toBe(204);
    // Only the (now empty) Payrun is left.
    expect((await app.json("/v2/integrations/po-guard/", { method: "DELETE", key: k })).status).toBe(409);
    expect((await app.api(`/v2/payruns/${created.body.payrun}/`, { method: "DELETE", ...as(k, "po-guard") })).status).toBe(204);
    expect((await app.api("/v2/integrations/po-guard/", { method: "DELETE", key: k })).status).toBe(204);
  });
});

describe("isolation", () => {
  it("Payouts of another Integration, account or environment answer 404; their Employees are unknown", async () => {
    await newIntegration(key, "po-other");
    expect((await app.api("/v2/payouts/p-amount/", as(key, "po-other"))).status).toBe(404);
    expect((await app.api("/v2/payouts/p-amount/", { method: "DELETE", ...as(key, "po-other") })).status).toBe(404);
    expect((await app.api("/v2/payouts/p-amount/resend/", { method: "PATCH", ...as(key, "po-other") })).status).toBe(404);
    expect((await app.json<List>("/v2/payouts/", as(key, "po-other"))).body.count).toBe(0);
    expect((await post(payout(), { integration: "po-other" })).body).toEqual({ employee: ['Object with id "anna" does not exist.'] });

    const stranger = await app.newKey("demo");
    expect((await app.api("/v2/payouts/p-amount/", as(stranger.key))).status).toBe(404);
    const account = (await app.db.account.findFirstOrThrow({ where: { integrations: { some: { id: INT } } } })).name;
    const live = await app.newKey("live", { account });
    expect((await app.api("/v2/payouts/p-amount/", as(live.key))).status).toBe(404);
    expect((await app.json("/v2/payouts/", { key })).status).toBe(400);
  });
});

describe("events", () => {
  it("Payout.created carries the Payout as the API shows it", async () => {
    const res = await post(payout({ id: "ev-1" }));
    const events = await app.db.event.findMany({ where: { objectPk: await payoutPk("ev-1") } });
    expect(events.map((e) => e.name)).toEqual(["Payout.created"]);
    expect(events[0].data).toEqual(res.body);
    expect(events[0].integrationPk).toBe((await app.db.integration.findFirstOrThrow({ where: { id: INT } })).pk);
  });
});
