/**
 * The dashboard's surface (issue 11, point 9): tRPC auth failures are 401/403 in tRPC's error shape, never 500;
 * cookie-authenticated writes from another origin are refused and change nothing.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { createLogger } from "@/log";
import { integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type ApiCall, type TestApp } from "../support/test-app";

const EVIL = "http://evil.example";
const BOUNDARY = "----WebKitFormBoundaryu7SpCzq2b4xLv3YQ";
/** What a cross-site `<form enctype="multipart/form-data">` sends. */
const MULTIPART = [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="name"', "", "Form Made", `--${BOUNDARY}--`, ""].join("\r\n");
let app: TestApp;
let logLines: Record<string, unknown>[] = [];
let key: string;
let accountPk: string;
let session: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await startTestApp({ log: createLogger("info", stream) });
  ({ key, accountPk } = await app.newKey("demo"));
  await createUser(app.db, { email: "staff@surface.example", password: "a-long-password", name: "Staff", accountPk, role: "client" });
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email: "staff@surface.example", password: "a-long-password" }),
  });
  expect(signIn.status).toBe(200);
  session = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(() => app.close());
beforeEach(() => {
  logLines = [];
});

type TrpcBody = { result?: { data: unknown }; error?: { message: string; data?: { code?: string; httpStatus?: number } } };

async function call(proc: string, init: { method?: string; headers?: Record<string, string>; body?: string; input?: unknown } = {}) {
  const query = init.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(init.input))}`;
  const res = await fetch(`${app.url}/api/trpc/${proc}${query}`, { method: init.method ?? "GET", headers: init.headers, body: init.body });
  return { status: res.status, body: (await res.json()) as TrpcBody };
}

function errorLogs(): Record<string, unknown>[] {
  return logLines.filter((l) => typeof l.level === "number" && l.level >= 50);
}

describe("tRPC auth failures", () => {
  it("a bad key is 401 UNAUTHORIZED, with no error logged", async () => {
    for (const authorization of ["Token not-a-key", "Token", "Basic Zm9vOmJhcg=="]) {
      const r = await call("integrations.list", { headers: { Authorization: authorization }, input: {} });
      expect(r.status).toBe(401);
      expect(r.body.error?.data).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });
    }
    expect(errorLogs()).toEqual([]);
  });

  it("a Bearer header is 401, even on a public procedure and on a mutation", async () => {
    const q = await call("session.me", { headers: { Authorization: `Bearer ${key}` } });
    expect(q.status).toBe(401);
    expect(q.body.error?.data?.code).toBe("UNAUTHORIZED");
    const m = await call("integrations.create", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(integrationBody({ id: "bearer-made" })),
    });
    expect(m.status).toBe(401);
    expect(await app.db.integration.count({ where: { id: "bearer-made" } })).toBe(0);
    expect(errorLogs()).toEqual([]);
  });

  it("an address outside the key's allow-list is 403 FORBIDDEN", async () => {
    const fenced = await app.newKey("demo", { allowIps: ["10.0.0.0/8"] });
    const r = await call("integrations.list", { headers: { Authorization: `Token ${fenced.key}` }, input: {} });
    expect(r.status).toBe(403);
    expect(r.body.error?.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403 });
    expect(errorLogs()).toEqual([]);
  });

  it("a good key still works", async () => {
    const r = await call("integrations.list", { headers: { Authorization: `Token ${key}` }, input: {} });
    expect(r.status).toBe(200);
  });
});

describe("tRPC input that cannot be stored", () => {
  const headers = () => ({ Cookie: session, Origin: app.url, "Content-Type": "application/json" });

  it("a NUL or a lone surrogate in a dashboard write is 400 with the field named, never a 5xx", async () => {
    for (const name of ["a\u0000b", "a\ud800b"]) {
      const r = await call("integrations.create", { method: "POST", headers: headers(), body: JSON.stringify(integrationBody({ name })) });
      expect(r.status).toBe(400);
      expect(r.body.error?.data).toMatchObject({ code: "BAD_REQUEST", fieldErrors: { name: [expect.any(String)] } });
    }
    expect(errorLogs()).toEqual([]);
  });

  it("a NUL in a dashboard read's input and metadata nested past the limit are 400 too", async () => {
    const q = await call("employees.list", { headers: headers(), input: { search: "a\u0000b" } });
    expect(q.status).toBe(400);
    let metadata: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) metadata = { m: metadata };
    const m = await call("integrations.create", { method: "POST", headers: headers(), body: JSON.stringify(integrationBody({ metadata })) });
    expect(m.status).toBe(400);
    expect(m.body.error?.data).toMatchObject({ fieldErrors: { metadata: [expect.any(String)] } });
    expect(errorLogs()).toEqual([]);
  });
});

describe("Origin of cookie-authenticated writes", () => {
  const create = (id: string, headers: Record<string, string>) =>
    call("integrations.create", { method: "POST", headers: { Cookie: session, ...headers }, body: JSON.stringify(integrationBody({ id })) });
  const exists = async (id: string) => (await app.db.integration.count({ where: { id, accountPk } })) > 0;

  it("a JSON mutation from our own origin works", async () => {
    const r = await create("own-origin", { "Content-Type": "application/json", Origin: app.url });
    expect(r.status).toBe(200);
    expect(await exists("own-origin")).toBe(true);
  });

  it("a JSON mutation from another origin is 403 and does nothing", async () => {
    const r = await create("evil-origin", { "Content-Type": "application/json", Origin: EVIL });
    expect(r.status).toBe(403);
    expect(r.body.error?.data?.code).toBe("FORBIDDEN");
    expect(await exists("evil-origin")).toBe(false);
  });

  it("without Origin, Sec-Fetch-Site or Referer decide", async () => {
    expect((await create("site-cross", { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await create("site-same", { "Content-Type": "application/json", "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await create("referer-evil", { "Content-Type": "application/json", Referer: `${EVIL}/page` })).status).toBe(403);
    expect((await create("origin-null", { "Content-Type": "application/json", Origin: "null" })).status).toBe(403);
    expect(await exists("site-cross")).toBe(false);
    expect(await exists("referer-evil")).toBe(false);
    expect((await create("site-own", { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await create("referer-own", { "Content-Type": "application/json", Referer: `${app.url}/integrations` })).status).toBe(200);
    // Our own page under Referrer-Policy: no-referrer (the magic-link page) sends Origin: null.
    expect((await create("null-same", { "Content-Type": "application/json", Origin: "null", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await create("null-cross", { "Content-Type": "application/json", Origin: "null", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(await exists("null-cross")).toBe(false);
  });

  it("a form's content type (sent cross-site without preflight) is refused", async () => {
    // tRPC's own parser refuses text/plain and urlencoded bodies (415); it reads multipart, which we refuse.
    for (const [type, status] of [
      ["text/plain", 415],
      ["application/x-www-form-urlencoded", 415],
      [`multipart/form-data; boundary=${BOUNDARY}`, 403],
    ] as const) {
      const body = type.startsWith("multipart") ? MULTIPART : "{}";
      for (const origin of [EVIL, app.url]) {
        const r = await call("integrations.create", { method: "POST", headers: { Cookie: session, "Content-Type": type, Origin: origin }, body });
        expect([type, origin, r.status]).toEqual([type, origin, status]);
      }
    }
    expect(await app.db.integration.count({ where: { accountPk, name: "Form Made" } })).toBe(0);
  });

  it("an API key needs no Origin check", async () => {
    const r = await call("integrations.create", {
      method: "POST",
      headers: { Authorization: `Token ${key}`, "Content-Type": "application/json", Origin: EVIL },
      body: JSON.stringify(integrationBody({ id: "key-made" })),
    });
    expect(r.status).toBe(200);
  });

  it("a cross-site form post cannot sign an Employee out", async () => {
    const integration = await app.json<{ id: string }>("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "emp-int" }) });
    expect(integration.status).toBe(201);
    const headers = { "Integration-ID": "emp-int" };
    await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers,
      body: { id: "signout", name: "Ann Berg", email: "ann.signout@example.se", country: "SWE" },
    });
    await app.drainJobs();
    const token = magicToken(
      app
        .mails()
        .map((m) => m.text)
        .find((m) => m.includes("To: ann.signout@example.se"))!,
    );
    const claim = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true });
    expect(claim.status).toBe(200);
    const cookie = claim.setCookie!.split(";")[0];

    for (const type of ["text/plain", "application/x-www-form-urlencoded", `multipart/form-data; boundary=${BOUNDARY}`]) {
      const r = await call("employeeApp.signOut", { method: "POST", headers: { Cookie: cookie, Origin: EVIL, "Content-Type": type }, body: MULTIPART });
      expect(r.status).toBeGreaterThanOrEqual(403);
      expect(r.status).toBeLessThan(500);
    }
    const json = await call("employeeApp.signOut", {
      method: "POST",
      headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(403);
    expect((await trpc(app, "employeeApp.home", undefined, { cookie })).status).toBe(200);
    expect((await trpc(app, "employeeApp.signOut", {}, { cookie, mutation: true })).status).toBe(200);
    expect((await trpc(app, "employeeApp.home", undefined, { cookie })).status).toBe(401);
  });

  it("better-auth's writes (/api/auth/*) are checked too", async () => {
    const out = await fetch(`${app.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: session, Origin: EVIL, "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(out.status).toBe(403);
    expect(out.headers.get("content-type")).toMatch(/^application\/json/);
    const outJson = await fetch(`${app.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: session, Origin: EVIL, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(outJson.status).toBe(403);
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=staff%40surface.example&password=a-long-password",
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    // The session survived.
    const me = await call("session.me", { headers: { Cookie: session } });
    expect(me.body.result?.data).toMatchObject({ role: "client" });
  });
});

describe("secrets in logs", () => {
  it("a key sent as ?token= is not written to the log", async () => {
    const res = await fetch(`${app.url}/v2/integrations/?token=${key}&page=1&api_key=${key}&client_secret=s3cr3t&password=hunter22`, {
      headers: { Authorization: `Token ${key}` },
    });
    expect(res.status).toBe(200);
    // The request line is logged on "finish", which may come after the client has the answer.
    const line = () => logLines.find((l) => l.msg === "request" && typeof l.url === "string" && l.url.startsWith("/v2/integrations/"));
    await expect.poll(() => line()?.url).toBe("/v2/integrations/?token=[REDACTED]&page=1&api_key=[REDACTED]&client_secret=[REDACTED]&password=[REDACTED]");
    const all = JSON.stringify(logLines);
    expect(all).not.toContain(key);
    expect(all).not.toContain("s3cr3t");
    expect(all).not.toContain("hunter22");
  });
});

describe("security headers", () => {
  const common = (h: Headers) => {
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(h.get("strict-transport-security")).toBeNull(); // plain http
  };

  it("JSON answers, errors included, forbid scripts and framing", async () => {
    for (const res of [await app.api("/v2/integrations/", { key }), await app.api("/v2/integrations/", { key: "bad" }), await app.api("/healthz")]) {
      common(res.headers);
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    }
    const trpcAnswer = await fetch(`${app.url}/api/trpc/session.me`);
    common(trpcAnswer.headers);
  });

  it("the /v2/ HTML views allow exactly their own stylesheet", async () => {
    const res = await app.api("/v2/integrations/", { key, headers: { Accept: "text/html" } });
    common(res.headers);
    const html = await res.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(style).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`style-src 'sha256-${hash}'`);
    expect(html).not.toMatch(/<script/);
  });

  it("/docs loads only its own scripts (no inline script)", async () => {
    const res = await fetch(`${app.url}/docs`);
    common(res.headers);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>/);
    for (const src of [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])) expect((await fetch(app.url + src)).status).toBe(200);
  });

  it("the magic-link page sends no referrer", async () => {
    const res = await fetch(`${app.url}/e/claim`);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("Strict-Transport-Security when served over https (behind a trusted proxy)", async () => {
    const proxied = await startTestApp({ trustProxyHops: 1 });
    try {
      const https = await fetch(`${proxied.url}/healthz`, { headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" } });
      expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}/);
      expect(https.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
      const http = await fetch(`${proxied.url}/healthz`, { headers: { "X-Forwarded-Proto": "http", "X-Forwarded-For": "203.0.113.9" } });
      expect(http.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe("secret_key on HTML pages", () => {
  it("is masked on /v2/webhooks/ pages; the JSON API still returns it", async () => {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "hook-int" }) })).status).toBe(201);
    const created = await app.json<{ secret_key: string }>("/v2/webhooks/", {
      method: "POST",
      key,
      headers: { "Integration-ID": "hook-int" },
      body: { id: "masked-hook", url: "https://93.184.215.14/in", events: ["Employee.created"] },
    });
    expect([created.status, created.body]).toEqual([201, expect.anything()]);
    const secret = created.body.secret_key;
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    // A signed-in session's browser, and a key's holder asking for the page.
    const views: ApiCall[] = [
      { key: null, headers: { Accept: "text/html", Cookie: `${session}; payroute_integration=hook-int` } },
      { key, headers: { Accept: "text/html", "Integration-ID": "hook-int" } },
    ];
    for (const path of ["/v2/webhooks/", "/v2/webhooks/masked-hook/"]) {
      for (const auth of views) {
        const res = await app.api(path, auth);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("secret_key");
        expect(html).not.toContain(secret);
      }
    }
    expect((await app.json<{ secret_key: string }>("/v2/webhooks/masked-hook/", { key, headers: { "Integration-ID": "hook-int" } })).body.secret_key).toBe(
      secret,
    );
  });
});
