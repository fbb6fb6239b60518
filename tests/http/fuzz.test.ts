/**
 * Bad input never answers 5xx. Every operation of /v2/openapi.json (read at test time, so new endpoints are
 * covered) is driven with generated bad input (fast-check): wrong types, huge/NUL/surrogate strings, deep
 * nesting, odd numbers, unknown fields, arrays for objects and the reverse, bad path ids and query values,
 * odd content types, with and without Integration-ID and Idempotency-Key. Every answer must be < 500, have a
 * Content-Type (but a 204) and parse when it says JSON; the server must still answer afterwards.
 * Each cause found by hand is also a named case. FUZZ_RUNS (per operation, default 50) and FUZZ_SEED tune it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 11);

// Started at collection time: the operations (one test each) are read from the served document.
const app: TestApp = await startTestApp();
afterAll(() => app.close());
const { key } = await app.newKey("demo");

type Operation = { method: string; path: string; parameters: { in: string; name: string }[] };
type Doc = { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
const operations: Operation[] = Object.entries((await app.json<Doc>("/v2/openapi.json")).body.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] })),
);

/** Real objects (unique per call) so that path ids also hit existing rows. */
interface Seeds {
  integration: string;
  employee: string;
  payout: string;
  payrun: string;
}
let counter = 0;
async function seed(): Promise<Seeds> {
  const n = `${Date.now().toString(36)}-${counter++}`;
  const integration = `fz-int-${n}`;
  const h = { "Integration-ID": integration };
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: integration }) })).status).toBe(201);
  const employee = `fz-emp-${n}`;
  const emp = await app.json("/v2/employees/", {
    method: "POST",
    key,
    headers: h,
    body: { id: employee, name: "Fuzz Person", email: `${employee}@example.se`, country: "SWE" },
  });
  expect(emp.status).toBe(201);
  const po = await app.json<{ id: string; payrun: string }>("/v2/payouts/", {
    method: "POST",
    key,
    headers: h,
    body: { id: `fz-po-${n}`, employee, amount: "100.00", currency: "SEK", description: "Fuzz" },
  });
  expect(po.status).toBe(201);
  return { integration, employee, payout: po.body.id, payrun: po.body.payrun };
}

/** Asserts the contract every /v2/ answer keeps, whatever was sent. */
async function checkAnswer(res: Response, label: string): Promise<{ status: number; text: string }> {
  const text = await res.text();
  expect(res.status, `${label} -> ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  const type = res.headers.get("content-type");
  if (res.status !== 204 && res.status !== 304) expect(type, `${label} -> ${res.status} has no Content-Type`).toBeTruthy();
  if (type?.startsWith("application/json") && text) expect(() => JSON.parse(text), `${label}: body is not JSON`).not.toThrow();
  expect(text, label).not.toMatch(/call stack/i);
  return { status: res.status, text };
}

function nest(depth: number, leaf: unknown = 1, asArray = false): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** The text of a JSON value nested `depth` levels, without building it (JSON.stringify would recurse). */
function nestedText(depth: number, asArray = false): string {
  return asArray ? "[".repeat(depth) + "1" + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

describe("named cases (each a 500 before the input guard)", () => {
  let s: Seeds;
  beforeAll(async () => {
    s = await seed();
  });
  const as = () => ({ key, headers: { "Integration-ID": s.integration } });

  it("NUL in a string field", async () => {
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ name: "a\u0000b" }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ["Text may not contain NUL characters or unpaired surrogates."] });
    const sv = await app.json("/v2/integrations/", { method: "POST", key, headers: { "Accept-Language": "sv" }, body: integrationBody({ city: "\u0000" }) });
    expect(sv.status).toBe(400);
    expect(sv.body).toEqual({ city: ["Texten får inte innehålla NUL-tecken eller ensamma surrogattecken."] });
  });

  it("NUL in metadata: a value (at its path) and a key", async () => {
    const value = await app.json("/v2/employees/", {
      method: "POST",
      ...as(),
      body: { name: "N", email: "nul-md@example.se", country: "SWE", metadata: { ok: 1, deep: { list: ["x", "a\u0000"] } } },
    });
    expect(value.status).toBe(400);
    expect(value.body).toEqual({ metadata: { deep: { list: { "1": ["Text may not contain NUL characters or unpaired surrogates."] } } } });
    const k = await app.json("/v2/employees/", {
      method: "POST",
      ...as(),
      body: { name: "N", email: "nul-md@example.se", country: "SWE", metadata: { "a\u0000": 1 } },
    });
    expect(k.status).toBe(400);
    expect(k.body).toEqual({ metadata: ["Keys may not contain NUL characters or unpaired surrogates."] });
  });

  it("NUL in a bulk Payout body: the array-of-objects error shape", async () => {
    const good = { employee: s.employee, amount: "10.00", currency: "SEK", description: "ok" };
    const res = await app.json("/v2/payouts/", { method: "POST", ...as(), body: [good, { ...good, description: "a\u0000" }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{}, { description: ["Text may not contain NUL characters or unpaired surrogates."] }]);
  });

  it("NUL in a form value", async () => {
    const form = new URLSearchParams(Object.entries(integrationBody({ name: "a\u0000b" })).map(([k, v]) => [k, String(v)]));
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: form });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["name"]);
  });

  it("NUL in a path id", async () => {
    for (const path of ["/v2/employees/%00/", "/v2/employees/a%00b/", "/v2/payouts/%00/", "/v2/integrations/%00/", "/v2/registrations/x%00/"]) {
      const res = await app.json(path, as());
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ detail: "Not found." });
      expect(res.headers.get("content-type"), path).toBe("application/json");
    }
    expect((await app.api("/v2/employees/%00/", { method: "DELETE", ...as() })).status).toBe(404);
    expect((await app.api("/v2/employees/%00/", { method: "PATCH", ...as(), body: { name: "x" } })).status).toBe(404);
  });

  it("NUL in a filter", async () => {
    const res = await app.json("/v2/employees/?search=a%00b", as());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ search: ["Text may not contain NUL characters or unpaired surrogates."] });
    expect((await app.json("/v2/payouts/?employee=%00", as())).body).toEqual({ employee: ["Text may not contain NUL characters or unpaired surrogates."] });
  });

  it("lone surrogate in name", async () => {
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ name: "a\ud800b" }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ["Text may not contain NUL characters or unpaired surrogates."] });
    const emp = await app.json(`/v2/employees/${s.employee}/`, { method: "PATCH", ...as(), body: { name: "\udc00" } });
    expect(emp.status).toBe(400);
    expect(emp.body).toEqual({ name: ["Text may not contain NUL characters or unpaired surrogates."] });
    // A proper pair (an emoji) is fine.
    expect((await app.json(`/v2/employees/${s.employee}/`, { method: "PATCH", ...as(), body: { name: "Anna \ud83d\ude00" } })).status).toBe(200);
  });

  it("date before year 1 in a filter", async () => {
    for (const q of ["created_at=0000-01-01", "created_at_after=0000-12-31T23:59:59Z", "created_at_before=0001-01-01T00:30:00%2B01:00"]) {
      const res = await app.json(`/v2/employees/?${q}`, as());
      expect(res.status, q).toBe(400);
      expect(res.body, q).toEqual({ [q.split("=")[0]]: ["Enter a date and time between 0001-01-01 and 9999-12-31 (UTC)."] });
    }
  });

  it("date after year 9999 in a filter; the last day and instant of 9999 are fine", async () => {
    const late = await app.json("/v2/payouts/?created_at_before=9999-12-31T23:59:59-05:00", as());
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ created_at_before: ["Enter a date and time between 0001-01-01 and 9999-12-31 (UTC)."] });
    for (const q of ["created_at_before=9999-12-31T23:59:59Z", "created_at=9999-12-31", "created_at_after=0001-01-01T00:00:00Z", "created_at=0001-01-01"]) {
      for (const list of ["employees", "payouts", "pricing", "payruns"]) {
        const res = await app.json<{ count: number }>(`/v2/${list}/?${q}`, as());
        expect(res.status, `${list}?${q}`).toBe(200);
      }
    }
    expect((await app.json<{ count: number }>("/v2/payouts/?created_at_before=9999-12-31T23:59:59Z", as())).body.count).toBe(1);
  });

  it("a Payout's start_at before year 1 or after 9999", async () => {
    const body = { employee: s.employee, amount: "10.00", currency: "SEK", description: "dates" };
    for (const field of ["start_at", "end_at"]) {
      for (const value of ["0000-01-01T00:00:00Z", "9999-12-31T23:00:00-05:00"]) {
        for (const path of ["/v2/payouts/", "/v2/pricing/"]) {
          const res = await app.json(path, { method: "POST", ...as(), body: { ...body, [field]: value } });
          expect(res.status, `${path} ${field}=${value}`).toBe(400);
          expect(res.body).toEqual({ [field]: ["Enter a date and time between 0001-01-01 and 9999-12-31 (UTC)."] });
        }
      }
    }
    const ok = await app.json("/v2/payouts/", {
      method: "POST",
      ...as(),
      body: { ...body, start_at: "0001-01-01T00:00:00Z", end_at: "9999-12-31T23:59:59.999Z" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ start_at: "0001-01-01T00:00:00.000Z", end_at: "9999-12-31T23:59:59.999Z" });
  });

  it("metadata nested 3,000 levels", async () => {
    const body = { employee: s.employee, amount: "10.00", currency: "SEK", description: "deep", metadata: nest(3000) };
    for (const path of ["/v2/payouts/", "/v2/pricing/"]) {
      const res = await app.json(path, { method: "POST", ...as(), body });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ metadata: ["Nested too deeply: at most 32 levels."] });
    }
  });

  it("metadata: 32 levels are accepted, 33 are not", async () => {
    const base = { name: "Deep", email: "deep-md@example.se", country: "SWE" };
    const ok = await app.json<{ metadata: unknown }>("/v2/employees/", { method: "POST", ...as(), body: { ...base, metadata: nest(32) } });
    expect(ok.status).toBe(201);
    expect(ok.body.metadata).toEqual(nest(32));
    const no = await app.json("/v2/employees/", { method: "POST", ...as(), body: { ...base, email: "deep-md2@example.se", metadata: nest(33) } });
    expect(no.status).toBe(400);
    expect(no.body).toEqual({ metadata: ["Nested too deeply: at most 32 levels."] });
  });

  it("body nested 20,000 levels with Idempotency-Key", async () => {
    for (const asArray of [false, true]) {
      for (const path of ["/v2/integrations/", "/v2/payouts/", "/v2/employees/"]) {
        const res = await app.api(path, {
          method: "POST",
          ...as(),
          headers: { "Integration-ID": s.integration, "Idempotency-Key": `deep-${asArray}-${path}`, "Content-Type": "application/json" },
          body: nestedText(20_000, asArray),
        });
        const { status, text } = await checkAnswer(res, `${path} array=${asArray}`);
        expect(status).toBe(400);
        expect(text).toContain("Nested too deeply");
      }
    }
  });

  it("keys such as __proto__ and constructor are fields, never Object.prototype (no pollution of the server)", async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const bodies = [
      '{"__proto__": 1, "name": 5}',
      '{"__proto__": {"polluted": "\\u0000"}}',
      '{"constructor": {"prototype": {"polluted": 1}}, "metadata": {"__proto__": {"x": "\\u0000"}}}',
      '[{"__proto__": {"polluted": "\\u0000"}}]',
    ];
    for (const text of bodies) {
      for (const path of ["/v2/integrations/", "/v2/employees/", "/v2/payouts/"]) {
        const res = await app.api(path, {
          method: "POST",
          ...as(),
          headers: { "Integration-ID": s.integration, "Content-Type": "application/json" },
          body: text,
        });
        const { status } = await checkAnswer(res, `${path} ${text}`);
        expect(status, `${path} ${text}`).toBe(400);
      }
    }
    const form = "__proto__=1&__proto__=2&constructor=x&constructor=y&toString=z&name=a%00";
    for (const path of ["/v2/integrations/", "/v2/employees/?constructor=1&constructor=2&__proto__=%00"]) {
      const res = await app.api(path, {
        method: "POST",
        ...as(),
        headers: { "Integration-ID": s.integration, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
      expect((await checkAnswer(res, path)).status, path).toBe(400);
    }
    const guarded = await app.api("/v2/integrations/", {
      method: "POST",
      key,
      headers: { "Content-Type": "application/json" },
      body: '{"__proto__": {"x": "\\u0000"}}',
    });
    expect(await guarded.text()).toBe('{"__proto__":{"x":["Text may not contain NUL characters or unpaired surrogates."]}}');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect((await app.api("/v2/", { key })).status).toBe(200);
  });

  it("bodies nested 100, 3,000 and 200,000 levels answer a clear 400", async () => {
    for (const depth of [100, 3000, 200_000]) {
      for (const asArray of [false, true]) {
        const res = await app.api("/v2/integrations/", {
          method: "POST",
          key,
          headers: { "Content-Type": "application/json" },
          body: nestedText(depth, asArray),
        });
        const { status, text } = await checkAnswer(res, `depth ${depth} array=${asArray}`);
        expect(status).toBe(400);
        expect(text).toContain("Nested too deeply");
      }
    }
  });
});

/** Bad values of every kind. */
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "a\u0000b",
    "\u0000",
    "a\ud800b",
    "\udfff",
    "x".repeat(70_000),
    "1e400",
    "-0",
    "NaN",
    "Infinity",
    "-1",
    "0x10",
    "9".repeat(400),
    "' OR 1=1 --",
    "%00",
    "../../etc/passwd",
    "0000-01-01",
    "9999-12-31T23:59:59Z",
    "275760-09-13",
    "+010000-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "2026-02-30",
    "true",
    "",
    " ",
    "null",
    "[]",
    "{}",
    '{"a":{"a":{"a":1}}}',
  ),
);
const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2, 1e-320));
const weirdScalar = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null));
const weirdValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    weirdScalar,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(weirdString, tie("v"), { maxKeys: 4 }),
  ),
})).v;
const deepValue = fc.oneof(
  fc.integer({ min: 20, max: 80 }).map((d) => nest(d)),
  fc.integer({ min: 20, max: 80 }).map((d) => nest(d, 1, true)),
);

/** A body: the operation's fields (from a known list) and unknown ones, set to bad values; or a wrong type at the top. */
const FIELDS = [
  "id",
  "name",
  "email",
  "country",
  "cellphone_number",
  "metadata",
  "type",
  "logo",
  "recipient",
  "address_line_1",
  "zip_code",
  "city",
  "amount",
  "invoiced_amount",
  "cost",
  "currency",
  "description",
  "employee",
  "employees",
  "content",
  "start_at",
  "end_at",
  "url",
  "events",
  "integration_id",
  "friendly_name",
  "registered_name",
  "tin_number",
  "vat_number",
  "phone_number",
  "expand",
  "items",
  "__proto__",
  "constructor",
  "page",
  "format",
];
const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), weirdString), fc.oneof(weirdValue, deepValue), { maxKeys: 8 });
const body = fc.oneof(
  { weight: 6, arbitrary: objectBody },
  { weight: 2, arbitrary: fc.array(objectBody, { maxLength: 3 }) },
  { weight: 1, arbitrary: weirdScalar },
  { weight: 1, arbitrary: deepValue },
);

/** How the body is sent: a content type and the bytes. */
type Encoded = { contentType: string | null; payload: BodyInit | undefined };
const encoding = fc.constantFrom(
  "json",
  "json",
  "json-upper",
  "form",
  "multipart",
  "text",
  "none",
  "broken-json",
  "no-boundary",
  "xml",
  "json-no-type",
  "deep",
);
function encode(kind: string, value: unknown): Encoded {
  const flat = (v: unknown): [string, string][] =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : (JSON.stringify(x) ?? "null")])
      : [["value", JSON.stringify(v) ?? "null"]];
  switch (kind) {
    case "json":
      return { contentType: "application/json", payload: JSON.stringify(value) };
    case "json-upper":
      return { contentType: "Application/JSON; Charset=UTF-8", payload: JSON.stringify(value) };
    case "json-no-type":
      return { contentType: null, payload: JSON.stringify(value) };
    case "form":
      return { contentType: "application/x-www-form-urlencoded", payload: new URLSearchParams(flat(value)).toString() };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of flat(value)) form.append(k, v);
      form.append("logo", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])], { type: "image/png" }), "x\u0000.png");
      return { contentType: null, payload: form };
    }
    case "text":
      return { contentType: "text/plain", payload: String(JSON.stringify(value)) };
    case "broken-json":
      return { contentType: "application/json", payload: String(JSON.stringify(value)).slice(0, -1) + "\u0000" };
    case "no-boundary":
      return { contentType: "multipart/form-data", payload: "--x\r\ncontent-disposition: form-data; name=a\r\n\r\nb\r\n--x--" };
    case "deep": // sent as text: fast-check would overflow its own stack printing such a value
      return { contentType: "application/json", payload: nestedText(20_000, typeof value === "number") };
    case "xml":
      return { contentType: "application/xml", payload: "<a>1</a>" };
    default:
      return { contentType: "application/json", payload: undefined };
  }
}

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as the bytes a sloppy client would send. */
const pct = (v: string) =>
  encodeURIComponent(v.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => (isPaired(all, i) ? c : "\ufffd"))).replace(/%EF%BF%BD/g, "%ED%A0%80");
const isPaired = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c < 0xdc00 ? (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
};
const badId = fc.oneof(
  fc.constantFrom("%00", "a%00b", "%ED%A0%80", "%F0%9F%98%80", "%2F", "..", "-1", "1e400", "0", "NaN", "%25", "x".repeat(300), "%C3%B6", "%FF", "a%20b"),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => pct(s)),
);
// Short enough for Node's 16 KB header limit (a longer URL is refused by Node's parser, before the app).
const queryValue = fc
  .oneof(
    weirdString.filter((v) => v.length < 1000),
    fc.constantFrom("%00", "%ED%A0%80", "%FF%FE", "x".repeat(3000)),
  )
  .map((v) => (v.startsWith("%") ? v : pct(v)));

function realIdFor(param: string, s: Seeds): string | null {
  if (param.startsWith("integration")) return s.integration;
  if (param.startsWith("employee")) return s.employee;
  if (param.startsWith("payout")) return s.payout;
  if (param.startsWith("payrun")) return s.payrun;
  return null;
}

describe("fuzz: every operation of /v2/openapi.json", () => {
  it("reads the operations from the document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(46);
  });

  it.each(operations.map((op, i) => ({ ...op, i })))("$method $path", async (op) => {
    const i = op.i;
    const s = await seed();
    const pathParams = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
    const queryParams = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
    const request = fc.record({
      ids: fc.array(fc.oneof(fc.constant(null), badId), { minLength: pathParams.length, maxLength: pathParams.length }),
      query: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...queryParams, "format", "expand", "page"), weirdString.filter((v) => v.length < 1000).map(pct)), queryValue),
        {
          maxLength: 4,
        },
      ),
      integration: fc.constantFrom<"real" | "none" | "other" | "weird">("real", "real", "none", "other", "weird"),
      idempotency: fc.constantFrom<"none" | "fresh" | "bad">("none", "fresh", "fresh", "bad"),
      accept: fc.constantFrom("application/json", "text/html", "*/*", "application/xml"),
      language: fc.constantFrom("en", "sv", "xx;q=abc"),
      encoding,
      body,
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let path = op.path;
        pathParams.forEach((name, j) => {
          path = path.replace(`{${name}}`, r.ids[j] ?? realIdFor(name, s) ?? "no-such-id");
        });
        const query = r.query.map(([k, v]) => `${k}=${v}`).join("&");
        const headers: Record<string, string> = { Accept: r.accept, "Accept-Language": r.language, Authorization: `Token ${key}` };
        if (r.integration === "real") headers["Integration-ID"] = s.integration;
        if (r.integration === "other") headers["Integration-ID"] = "no-such-integration";
        if (r.integration === "weird") headers["Integration-ID"] = "ä%00\u00ff";
        if (r.idempotency === "fresh") headers["Idempotency-Key"] = `fz-${SEED}-${i}-${n++}-${Math.random()}`;
        if (r.idempotency === "bad") headers["Idempotency-Key"] = "bad key with spaces";
        const { contentType, payload } = op.method === "GET" ? { contentType: null, payload: undefined } : encode(r.encoding, r.body);
        if (contentType) headers["Content-Type"] = contentType;
        const url = `${app.url}/v2${path}${query ? `?${query}` : ""}`;
        const res = await fetch(url, { method: op.method, headers, body: payload, redirect: "manual" });
        await checkAnswer(res, `${op.method} ${url.slice(0, 200)} (${r.encoding})`);
      }),
      { numRuns: RUNS, seed: SEED + i, endOnFailure: true },
    );
  });

  it("the server still answers afterwards", async () => {
    const res = await app.json<Record<string, string>>("/v2/", { key });
    expect(res.status).toBe(200);
    expect(res.body.integrations).toBe(`${app.url}/v2/integrations/`);
  });
});
