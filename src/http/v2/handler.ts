/**
 * The /v2/ edge: the API's conventions around the procedures. Trailing-slash 307s, 405 + Allow,
 * HEAD/OPTIONS, body parsing, Token auth, Idempotency-Key, success codes, DRF error bodies and HTML
 * negotiation live here and only here; the procedures do the work.
 */
import type http from "node:http";
import crypto from "node:crypto";
import { callTRPCProcedure } from "@trpc/server";
import { z } from "zod";
import type { Auth } from "@/auth/auth";
import { TRANSACTION_LIMITS } from "@/db/transaction-limits";
import { withRequestTransaction } from "@/db/request-transaction";
import { claimIdempotencyKey, completeIdempotencyKey, requestFingerprint } from "@/domain/idempotency/idempotency-service";
import { DomainError } from "@/domain/errors";
import { wrapArrayBody } from "@/domain/shared/array-body";
import { t, type Locale } from "@/i18n/locale";
import type { Logger } from "@/log";
import type { AppRouter } from "@/trpc/app-router";
import type { Context, Principal } from "@/trpc/context";
import type { ClientInfo } from "../client-info";
import type { ApiRateLimiter } from "../rate-limit";
import type { RequestLogWriter, SeenBody } from "../request-log-writer";
import { createContext, headerValue, type ContextOptions } from "../context";
import { principalFromSession, principalFromToken } from "../principal";
import { jsonResponse, type HttpResponse } from "../respond";
import { parseBody, queryToObject, readRaw } from "./body";
import { errorResult, type ErrorResult } from "./errors";
import { renderHtml, wantsHtml } from "./html-view";
import { screenInput } from "@/domain/shared/json-limits";
import { guardPathParams, guardQuery } from "./input-guard";
import { openApiDocument } from "./openapi";
import type { Route, RouteTable } from "./routes";
import { clockFor, dbFor } from "@/domain/shared/demo-clock";

/** The service's settings every procedure's context carries (`ContextOptions`), and what only the edge needs. */
export interface V2Deps extends Pick<ContextOptions, "db" | "publicUrl" | "webhookPrivateTargets" | "bankgiro" | "seller" | "fieldCipher" | "clock"> {
  auth: Auth | null;
  router: AppRouter;
  routes: RouteTable;
  log: Logger;
  /** REQUIRE_OPERATOR_2FA: an operator's session without 2FA is refused as their dashboard calls are. */
  requireOperatorTwoFactor: boolean;
  /** Limits per key and account after authentication (the caller settles each admitted request). */
  rateLimiter?: ApiRateLimiter | null;
  /** Counts the limiter's refusals (METRICS_PORT); other 429s, such as a resend too soon, are not refusals. */
  onRateLimited?: () => void;
  /** The request log: every request of an account is handed to it (absent: none is kept). */
  requestLog?: RequestLogWriter | null;
}

interface V2Request {
  req: http.IncomingMessage;
  url: URL;
  info: ClientInfo;
  requestId: string;
  locale: Locale;
}

/** What the request log needs that only the handling learns: references, so that a 2xx copies nothing. */
interface Seen {
  principal: Principal | null;
  /** The route template, "/v2/employees/{id}/" (the same as the metrics' label). */
  template: string | null;
  body: SeenBody | null;
  /** An error's JSON body when the client was answered with its HTML page. */
  json: HttpResponse["body"] | undefined;
}

type Handling = V2Request & { seen: Seen };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function redirect(status: 301 | 307, location: string): HttpResponse {
  return { status, headers: { Location: location, "Content-Type": "application/json" }, body: JSON.stringify({ detail: location }) };
}

export async function handleV2(request: V2Request, deps: V2Deps): Promise<HttpResponse> {
  const requestLog = deps.requestLog;
  if (!requestLog) return answer({ ...request, seen: { principal: null, template: null, body: null, json: undefined } }, deps);
  const started = performance.now();
  const createdAt = deps.clock.now();
  const r: Handling = { ...request, seen: { principal: null, template: null, body: null, json: undefined } };
  const response = await answer(r, deps);
  const { principal, template, body, json } = r.seen;
  // Requests whose credentials resolved to no account (401s, operators) belong to no account's log.
  if (principal?.accountPk) {
    const failed = response.status >= 400;
    requestLog.add({
      accountPk: principal.accountPk,
      environment: principal.environment,
      apiKeyPk: principal.apiKeyPk ?? null,
      userId: principal.apiKeyPk ? null : (principal.userId ?? null),
      method: (r.req.method ?? "GET").toUpperCase(),
      url: r.url.pathname + r.url.search,
      route: template,
      status: response.status,
      durationMs: performance.now() - started,
      requestId: r.requestId,
      idempotencyKey: headerValue(r.req, "idempotency-key"),
      clientIp: r.info.ip,
      userAgent: headerValue(r.req, "user-agent"),
      createdAt,
      requestBody: failed ? body : null,
      responseBody: failed ? (json !== undefined ? json : response.body) : null,
    });
  }
  return response;
}

async function answer(r: Handling, deps: V2Deps): Promise<HttpResponse> {
  const { req, url } = r;
  const method = (req.method ?? "GET").toUpperCase();
  if (url.pathname === "/v2/openapi.json" && (method === "GET" || method === "HEAD")) {
    return jsonResponse(200, openApiDocument(deps.router, deps.routes, deps.publicUrl));
  }

  // Canonical paths end in one "/" with no empty segments; anything else is redirected when it names a route.
  const below = url.pathname.slice(3);
  const segments = below.split("/").filter(Boolean);
  const canonical = segments.length ? `/${segments.join("/")}/` : "/";
  let decoded: string;
  try {
    decoded = `/${segments.map((s) => decodeURIComponent(s)).join("/")}${segments.length ? "/" : ""}`;
  } catch {
    return jsonResponse(404, { detail: t("not_found") });
  }
  const match = deps.routes.match(decoded);
  if (!match) return html(r, deps, null, errorPage({ status: 404, body: { detail: t("not_found") }, headers: {} }));
  if (canonical !== below) return redirect(307, `${deps.publicUrl}/v2${canonical}${url.search}`);

  const allowed = new Set(match.routes.map((route) => route.method));
  const allow = [...allowed, ...(allowed.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

  let principal: Principal;
  try {
    principal = await authenticate(r, deps, method);
  } catch (e) {
    return html(r, deps, null, errorPage(errorResult(e, r.requestId, deps.log)));
  }
  r.seen.principal = principal;
  r.seen.template = `/v2${match.routes[0].path}`;
  const throttled = await deps.rateLimiter?.admit(req, principal);
  if (throttled) {
    deps.onRateLimited?.();
    return throttled;
  }

  if (method === "OPTIONS") {
    const route = match.routes[0];
    return jsonResponse(
      200,
      {
        name: route.meta.openapi?.summary ?? route.path,
        renders: ["application/json", "text/html"],
        parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      },
      { Allow: allow },
    );
  }
  const route = match.routes.find((candidate) => candidate.method === (method === "HEAD" ? "GET" : method));
  if (!route) {
    return jsonResponse(405, { detail: t("method_not_allowed", { method }) }, { Allow: allow });
  }

  // The caller's clock: its account's demo clock in demo, the real one in live; the rows it writes take its time.
  const clock = await clockFor(deps.db, deps.clock, principal.accountPk, principal.environment);
  const ctx = createContext(req, {
    db: dbFor(deps.db, clock),
    publicUrl: deps.publicUrl,
    webhookPrivateTargets: deps.webhookPrivateTargets,
    bankgiro: deps.bankgiro,
    seller: deps.seller,
    fieldCipher: deps.fieldCipher,
    clock,
    requestId: r.requestId,
    clientIp: r.info.ip,
    principal,
    pageOf: url,
    inputScreened: true,
  });

  try {
    const input = await buildInput(r, route, match.params);
    // POST and PATCH, the methods that are not idempotent by definition (as the IETF Idempotency-Key draft has it).
    const idempotencyKey = method === "POST" || method === "PATCH" ? headerValue(req, "idempotency-key") : null;
    if (idempotencyKey !== null) return await idempotent(idempotencyKey, principal, route, input, ctx, r, deps);
    return html(r, deps, route, await invoke(route, input, ctx, deps));
  } catch (e) {
    return html(r, deps, route, errorPage(errorResult(e, r.requestId, deps.log)));
  }
}

async function authenticate(r: V2Request, deps: V2Deps, method: string): Promise<Principal> {
  const authorization = headerValue(r.req, "authorization");
  if (authorization) return principalFromToken(deps.db, authorization, r.info.ip, deps.clock);
  // A signed-in dashboard user may browse the API (safe methods only: cookies must not authorise writes).
  if (deps.auth && SAFE_METHODS.has(method)) {
    const session = await principalFromSession(deps.auth, r.req, { db: deps.db, clock: deps.clock, requireOperatorTwoFactor: deps.requireOperatorTwoFactor });
    if (session) return session;
  }
  throw new DomainError("unauthenticated", t("not_authenticated"), { "WWW-Authenticate": 'Token realm="api"' });
}

/** The procedure's input from path, query and body, refused by the input guard before anyone reads it. */
async function buildInput(r: Handling, route: Route, params: Record<string, string>): Promise<unknown> {
  guardPathParams(params);
  guardQuery(r.url.searchParams);
  if (route.method === "GET" || route.method === "DELETE") {
    const query = queryToObject(r.url.searchParams, route.input);
    delete query.format; // HTML/JSON switch, not a filter
    return { ...query, ...params };
  }
  const raw = await readRaw(r.req);
  const seen: SeenBody = { raw, contentType: headerValue(r.req, "content-type") };
  r.seen.body = seen;
  const body = await parseBody(r.req, raw, route.input);
  seen.parsed = body;
  screenInput(body);
  // `expand` is also accepted on create endpoints, from the query string.
  const expand = r.url.searchParams.getAll("expand");
  const expandParam = expand.length ? { expand } : {};
  if (body === undefined) return { ...expandParam, ...params };
  if (Array.isArray(body)) return wrapArrayBody(body, expand);
  if (body === null || typeof body !== "object") return body;
  return { ...expandParam, ...body, ...params };
}

/** A response with the data it was made from, for the HTML view. */
type ApiResponse = HttpResponse & { data?: unknown };

async function invoke(route: Route, input: unknown, ctx: Context, deps: V2Deps): Promise<ApiResponse> {
  const data: unknown = await callTRPCProcedure({
    router: deps.router,
    path: route.procedurePath,
    getRawInput: () => Promise.resolve(input),
    ctx,
    type: route.type,
    signal: undefined,
    batchIndex: 0,
  });
  if (route.meta.file) return fileResponse(data);
  const status = route.meta.status ?? 200;
  const response: ApiResponse = { ...jsonResponse(status, status === 204 ? undefined : data), data };
  return response;
}

const ZFile = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });

/** A file procedure's result as its bytes, offered as a download under its name. */
function fileResponse(data: unknown): HttpResponse {
  const file = ZFile.parse(data);
  return {
    status: 200,
    headers: {
      "Content-Type": file.content_type,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
    body: Buffer.from(file.base64, "base64"),
  };
}

/** Files in an input are fingerprinted by content, so that a retried multipart upload matches. */
async function fingerprintInput(value: unknown): Promise<unknown> {
  if (value instanceof File) {
    const digest = crypto
      .createHash("sha256")
      .update(Buffer.from(await value.arrayBuffer()))
      .digest("hex");
    return { file: value.name, sha256: digest };
  }
  if (Array.isArray(value)) return Promise.all(value.map(fingerprintInput));
  if (value && typeof value === "object") {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await fingerprintInput(v)] as const));
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  return value;
}

/** A keyed request's 5xx: its transaction rolls back, so that nothing is stored and a retry runs again. */
class Unstored extends Error {
  constructor(readonly response: HttpResponse) {
    super(`unstored ${response.status}`);
  }
}

/** A keyed request may hold its transaction as long as any service's transaction may, with room to spare. */
const KEYED_TRANSACTION = { maxWait: TRANSACTION_LIMITS.maxWait, timeout: 2 * TRANSACTION_LIMITS.timeout };

/**
 * POST/PATCH with an Idempotency-Key: the claim, the procedure's work and the answer are one transaction
 * (idempotency-service.ts), so a crash at any point leaves either all three or none. A 4xx answer is stored
 * without the work (rolled back to a savepoint), as the procedure would have left nothing either.
 */
async function idempotent(key: string, principal: Principal, route: Route, input: unknown, ctx: Context, r: V2Request, deps: V2Deps): Promise<HttpResponse> {
  if (!IDEMPOTENCY_KEY.test(key)) throw new DomainError("validation", t("idempotency_key_invalid"));
  if (!principal.accountPk) throw new DomainError("forbidden", t("not_found"));
  const scope = { accountPk: principal.accountPk, environment: principal.environment };
  const fingerprint = requestFingerprint([route.procedurePath, ctx.integrationId, await fingerprintInput(input)]);
  try {
    return await withRequestTransaction(ctx.db, KEYED_TRANSACTION, async ({ db, savepoint }) => {
      const claim = await claimIdempotencyKey(db, scope, key, fingerprint, ctx.clock);
      if (claim.kind === "mismatch") throw new DomainError("unprocessable", t("idempotency_key_reused"));
      if (claim.kind === "in_progress") throw new DomainError("conflict", t("idempotency_key_in_progress"));
      if (claim.kind === "replay") {
        const { status, headers, body } = claim.response;
        return { status, headers: { ...headers, "Idempotent-Replayed": "true" }, body: status === 204 ? null : body };
      }
      let response: HttpResponse;
      try {
        response = await savepoint((work) => invoke(route, input, { ...ctx, db: work }, deps));
      } catch (e) {
        const err = errorResult(e, r.requestId, deps.log);
        response = jsonResponse(err.status, err.body, err.headers);
      }
      if (response.status >= 500) throw new Unstored(response);
      const body = response.body === null ? Buffer.alloc(0) : Buffer.from(response.body);
      await completeIdempotencyKey(db, claim.pk, { status: response.status, headers: response.headers, body });
      return response;
    });
  } catch (e) {
    if (e instanceof Unstored) return e.response;
    throw e;
  }
}

/** An error as a JSON answer (its own headers added to, never replacing, the Content-Type), with its data for the HTML view. */
function errorPage(err: ErrorResult): ApiResponse {
  return { ...jsonResponse(err.status, err.body, err.headers), data: err.body };
}

/** Browsers (Accept: text/html) get the same data as a readable page; API clients get JSON. */
function html(r: Handling, deps: V2Deps, route: Route | null, response: ApiResponse): HttpResponse {
  const method = (r.req.method ?? "GET").toUpperCase();
  const { data, ...plain } = response;
  if (!(method === "GET" || method === "HEAD") || !wantsHtml(r.req, r.url) || (route?.meta.file && response.status < 400)) return plain;
  r.seen.json = plain.body;
  return {
    status: response.status,
    headers: { ...response.headers, "Content-Type": "text/html; charset=utf-8" },
    body: renderHtml({
      status: response.status,
      data,
      route,
      url: r.url,
      locale: r.locale,
      collections: deps.routes.collections(),
    }),
  };
}
