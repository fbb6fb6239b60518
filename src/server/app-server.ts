/**
 * The process's one HTTP server. /v2/ (REST API and its HTML views), /api/trpc (the dashboard's
 * procedures), /api/auth (sign-in), /media and /docs are ours; every other path is the Next.js dashboard.
 */
import type http from "node:http";
import { TRPCError } from "@trpc/server";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { toNodeHandler } from "better-auth/node";
import { uuidv7 } from "@/lib/uuid-v7";
import { CLIENT_IP_HEADER, OWN_ORIGINS_HEADER, type Auth } from "@/auth/auth";
import type { Db } from "@/db/database";
import { DomainError } from "@/domain/errors";
import type { PrivateTargets } from "@/config/webhook-settings";
import type { Seller } from "@/config/seller";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import type { Clock } from "@/domain/shared/clock";
import { clockFor, dbFor } from "@/domain/shared/demo-clock";
import { isHostAllowed } from "@/http/allowed-hosts";
import { clientInfo, type ClientInfo } from "@/http/client-info";
import { createContext } from "@/http/context";
import { appendSetCookie, principalFromSession, principalFromToken, readCookie, settlePrincipal } from "@/http/principal";
import { isCrossSiteWrite } from "@/http/same-origin";
import { applySecurityHeaders } from "@/http/security-headers";
import type { RateLimitStore } from "@/http/limit-stores";
import { ApiRateLimiter, type RateLimitSettings } from "@/http/rate-limit";
import type { RequestLogWriter } from "@/http/request-log-writer";
import { jsonResponse, send } from "@/http/respond";
import { errorResult } from "@/http/v2/errors";
import { handleV2 } from "@/http/v2/handler";
import { RouteTable } from "@/http/v2/routes";
import { LOCALE_COOKIE, requestLocale } from "@/i18n/catalogue/locales";
import { t, withLocale } from "@/i18n/locale";
import { installZodMessages } from "@/i18n/zod-messages";
import { logRequest, type Logger } from "@/log";
import { appRouter } from "@/trpc/app-router";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/batch-limit";
import type { Context } from "@/trpc/context";
import type { Metrics } from "./metrics";
import type { Readiness } from "./readiness";
import { routeLabeller } from "./route-label";
import { serveDocs, serveMedia } from "./static-files";

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;

export interface AppOptions {
  db: Db;
  auth: Auth | null;
  log: Logger;
  trustProxyHops: number;
  httpsRedirect: boolean;
  /** The public origin every absolute URL is built on (PUBLIC_URL, or http://HOST:PORT); never the request's Host. */
  publicUrl: string;
  /** Host names requests may be addressed to (ALLOWED_HOSTS); others get 400. */
  allowedHosts: readonly string[];
  /** WEBHOOK_PRIVATE_TARGETS, for the checks on subscription create and update. */
  webhookPrivateTargets: PrivateTargets;
  /** BANKGIRO, printed on Invoice PDFs; null when none is configured. */
  bankgiro: string | null;
  /** SELLER_*, the seller on Invoices; null when not configured (Invoice PDFs are refused). */
  seller: Seller | null;
  /** Encryption at rest of identity numbers and bank accounts (DATA_ENCRYPTION_KEY, src/config/encryption-keys.ts). */
  fieldCipher: FieldCipher;
  /** What time it is for the domain (`systemClock`; a test's own clock in tests). */
  clock: Clock;
  /** REQUIRE_OPERATOR_2FA: operators must sign in with a second factor (absent: not required, as in tests). */
  requireOperatorTwoFactor?: boolean;
  /** SESSION_WARNING_SECONDS: how long before a dashboard session ends the dashboard warns (absent: the default). */
  sessionWarningSeconds?: number;
  /** Called after a write succeeded (e.g. to wake this process's outbox worker at once). */
  afterWrite?: () => void;
  /** Rate limits of /v2/ (and per dashboard user on /api/trpc); null or absent: none (tests, RATE_LIMITS=0). */
  rateLimits?: { settings: RateLimitSettings; store: RateLimitStore } | null;
  /** The request log's writer (the caller closes it after the server, so that it writes what is buffered); absent: no log. */
  requestLog?: RequestLogWriter | null;
  /** Prometheus metrics of this process (METRICS_PORT); null or absent: none are kept. */
  metrics?: Metrics | null;
  /** What /readyz reports (database, migrations, worker heartbeat, shutting down). */
  readiness: Readiness;
  /** The Next.js request handler for the dashboard; without it, other paths are 404. */
  next?: NodeHandler;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** Probes of load balancers and supervisors: they address an instance directly (any Host, plain http). */
const PROBES = new Set(["/healthz", "/readyz"]);

export function createAppHandler(opts: AppOptions): NodeHandler {
  installZodMessages();
  const routes = new RouteTable(appRouter);
  const rateLimiter = opts.rateLimits ? new ApiRateLimiter(opts.rateLimits.settings, opts.rateLimits.store, opts.log) : null;
  const metrics = opts.metrics ?? null;
  const routeLabel = routeLabeller(routes, appRouter);
  const v2Deps = {
    db: opts.db,
    auth: opts.auth,
    router: appRouter,
    routes,
    log: opts.log,
    publicUrl: opts.publicUrl,
    webhookPrivateTargets: opts.webhookPrivateTargets,
    bankgiro: opts.bankgiro,
    seller: opts.seller,
    fieldCipher: opts.fieldCipher,
    clock: opts.clock,
    requireOperatorTwoFactor: opts.requireOperatorTwoFactor ?? false,
    rateLimiter,
    onRateLimited: metrics ? () => metrics.rateLimited("v2") : undefined,
    requestLog: opts.requestLog ?? null,
  };
  const authHandler = opts.auth ? toNodeHandler(opts.auth) : null;

  const trpcHandler = createHTTPHandler({
    router: appRouter,
    basePath: "/api/trpc/",
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: async ({ req, res, info }): Promise<Context> => {
      const client = clientInfo(req, opts.trustProxyHops);
      const authorization = req.headers.authorization;
      const { principal, authFailure } = await settlePrincipal(
        authorization
          ? principalFromToken(opts.db, authorization, client.ip, opts.clock)
          : opts.auth
            ? principalFromSession(opts.auth, req, {
                db: opts.db,
                clock: opts.clock,
                requireOperatorTwoFactor: v2Deps.requireOperatorTwoFactor,
                onSetCookie: (cookies) => appendSetCookie(res, cookies),
              })
            : Promise.resolve(null),
      );
      if (rateLimiter) {
        // Every caller is limited, and a batch counts each of its calls.
        const { refusal, headers } = await rateLimiter.checkTrpc(principal, client.ip, Math.max(1, info.calls.length));
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        if (refusal) {
          metrics?.rateLimited("trpc");
          throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: t("rate_limited", { seconds: refusal.seconds }) });
        }
      }
      // The caller's clock: its account's demo clock in demo, the real one in live (and for no principal); the rows
      // it writes take its time.
      const clock = principal ? await clockFor(opts.db, opts.clock, principal.accountPk, principal.environment) : opts.clock;
      return createContext(req, {
        db: dbFor(opts.db, clock),
        publicUrl: opts.publicUrl,
        webhookPrivateTargets: opts.webhookPrivateTargets,
        bankgiro: opts.bankgiro,
        seller: opts.seller,
        fieldCipher: opts.fieldCipher,
        clock,
        requestId: requestIdOf(req),
        clientIp: client.ip,
        principal,
        authFailure: isCrossSiteWrite(req, ownOrigins(client, opts.publicUrl)) ? new DomainError("forbidden", t("cross_site_refused")) : authFailure,
        cookieSink: { res, secure: client.proto === "https" },
        sessionWarningSeconds: opts.sessionWarningSeconds,
      });
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") opts.log.error({ err: error.cause ?? error, path }, "tRPC error");
    },
  });

  return async (req, res) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    // Time-ordered (UUIDv7): the request log's index by request id then grows at its right edge, and an id a
    // client quotes to support tells roughly when it was sent.
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : uuidv7();
    requestIds.set(req, requestId);
    res.setHeader("X-Request-ID", requestId);
    const info = clientInfo(req, opts.trustProxyHops);
    // The language a person chose in the dashboard (a cookie) wins over the browser's Accept-Language.
    const locale = requestLocale(readCookie(req, LOCALE_COOKIE), req.headers["accept-language"]);
    let path = "";
    res.on("finish", () => {
      if (req.method !== "GET" && req.method !== "HEAD" && res.statusCode < 400) opts.afterWrite?.();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (metrics) {
        metrics.observeRequest(req.method, path ? routeLabel(path) : "{malformed}", res.statusCode, ms / 1000);
        // better-auth's own limiter and our sign-in throttle both answer 429 here.
        if (res.statusCode === 429 && path.startsWith("/api/auth/")) metrics.rateLimited("sign-in");
      }
      logRequest(opts.log, { requestId, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    try {
      const url = requestUrl(req.url ?? "/", opts.publicUrl);
      if (!url) {
        // `OPTIONS *` (asterisk form) and other targets that name no path: nothing here can answer them.
        applySecurityHeaders(req, res, "", info.proto === "https");
        send(res, jsonResponse(400, { detail: t("invalid_request_target", undefined, locale) }));
        return;
      }
      path = url.pathname;
      applySecurityHeaders(req, res, path, info.proto === "https");
      // While draining, clients (a load balancer's kept-alive connections) are told to reconnect: elsewhere.
      if (opts.readiness.isDraining) res.setHeader("Connection", "close");
      const probe = PROBES.has(path);
      // As Django's ALLOWED_HOSTS (DNS rebinding, forged links); load balancers probe by address.
      if (!probe && !isHostAllowed(info.host, opts.allowedHosts)) {
        send(res, jsonResponse(400, { detail: t("invalid_host", undefined, locale) }));
        return;
      }
      if (opts.httpsRedirect && info.proto === "http" && !probe) {
        res.writeHead(301, { Location: `https://${new URL(opts.publicUrl).host}${url.pathname}${url.search}` }).end();
        return;
      }
      await withLocale(locale, async () => {
        if (path === "/v2" || path.startsWith("/v2/")) {
          res.setHeader("Content-Language", locale);
          res.setHeader("Vary", "Accept, Accept-Language, Authorization, Cookie");
          try {
            const response = await handleV2({ req, url, info, requestId, locale }, v2Deps);
            send(res, rateLimiter ? rateLimiter.settle(req, response) : response, req.method === "HEAD");
          } finally {
            rateLimiter?.release(req);
          }
        } else if (path.startsWith("/api/trpc/")) {
          trpcHandler(req, res);
        } else if (path.startsWith("/api/auth/") && authHandler) {
          if (isCrossSiteWrite(req, ownOrigins(info, opts.publicUrl))) send(res, jsonResponse(403, { detail: t("cross_site_refused") }));
          else {
            // better-auth's limiter keys on this header alone: the address clientInfo computed (the socket's,
            // or TRUST_PROXY hops into X-Forwarded-For), never a copy the client sent.
            req.headers[CLIENT_IP_HEADER] = info.ip;
            req.headers[OWN_ORIGINS_HEADER] = ownOrigins(info, opts.publicUrl).join(" ");
            withRetryAfter(res);
            await authHandler(req, res);
          }
        } else if (path.startsWith("/media/")) {
          send(res, await serveMedia(opts.db, path), req.method === "HEAD");
        } else if (path === "/docs" || path.startsWith("/docs/")) {
          send(res, serveDocs(path), req.method === "HEAD");
        } else if (path === "/healthz") {
          send(res, jsonResponse(200, { status: "ok" }), req.method === "HEAD");
        } else if (path === "/readyz") {
          const { ready, body } = await opts.readiness.check();
          send(res, jsonResponse(ready ? 200 : 503, body, { "Cache-Control": "no-store" }), req.method === "HEAD");
        } else if (opts.next) {
          await opts.next(req, res);
        } else {
          send(res, jsonResponse(404, { detail: "Not found." }));
        }
      });
    } catch (e) {
      const err = errorResult(e, requestId, opts.log);
      if (!res.headersSent) send(res, jsonResponse(err.status, err.body, err.headers));
      else res.destroy();
    }
  };
}

/**
 * The URL of a request target: a path (origin form), or an absolute http(s) URL (absolute form); null for
 * the asterisk form (`OPTIONS *`), the authority form (`CONNECT host:443`) and anything else.
 */
function requestUrl(raw: string, publicUrl: string): URL | null {
  // Concatenated, not resolved: "//host/x" must stay a path, never become another origin.
  if (raw.startsWith("/")) return new URL(publicUrl + raw);
  if (!/^https?:\/\//i.test(raw)) return null;
  return URL.canParse(raw) ? new URL(raw) : null;
}

/** The origins a cookie-authenticated write may come from: the public one and the (allowed) one it was sent to. */
function ownOrigins(info: ClientInfo, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, `${info.proto}://${info.host}`];
}

/** better-auth's limiter answers 429 with `X-Retry-After` only: add the standard `Retry-After` beside it. */
function withRetryAfter(res: http.ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = function (name, value) {
    if (name.toLowerCase() === "x-retry-after") setHeader("Retry-After", value);
    return setHeader(name, value);
  };
}

const requestIds = new WeakMap<http.IncomingMessage, string>();
function requestIdOf(req: http.IncomingMessage): string {
  return requestIds.get(req) ?? uuidv7();
}
