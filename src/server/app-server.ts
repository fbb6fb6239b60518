/**
 * The process's one HTTP server. /v2/ (REST API and its HTML views), /api/trpc (the dashboard's
 * procedures), /api/auth (sign-in), /media and /docs are ours; every other path is the Next.js dashboard.
 */
import crypto from "node:crypto";
import http from "node:http";
import { TRPCError } from "@trpc/server";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER, type Auth } from "@/auth/auth";
import type { Db } from "@/db/database";
import { clientInfo } from "@/http/client-info";
import { principalFromSession, principalFromToken, readCookie } from "@/http/principal";
import { ApiRateLimiter, type RateLimitSettings, type RateLimitStore } from "@/http/rate-limit";
import { jsonResponse, send } from "@/http/respond";
import { errorResult } from "@/http/v2/errors";
import { handleV2 } from "@/http/v2/handler";
import { RouteTable } from "@/http/v2/routes";
import { negotiateLocale, t, withLocale } from "@/i18n/locale";
import { installZodMessages } from "@/i18n/zod-messages";
import type { Logger } from "@/log";
import { appRouter } from "@/trpc/app-router";
import type { Context } from "@/trpc/context";
import { serveDocs, serveMedia } from "./static-files";

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;

export interface AppOptions {
  db: Db;
  auth: Auth | null;
  log: Logger;
  trustProxyHops: number;
  httpsRedirect: boolean;
  /** Called after a write succeeded (e.g. to wake this process's outbox worker at once). */
  afterWrite?: () => void;
  /** Rate limits of /v2/ (and per dashboard user on /api/trpc); null or absent: none (tests, RATE_LIMITS=0). */
  rateLimits?: { settings: RateLimitSettings; store: RateLimitStore } | null;
  /** The Next.js request handler for the dashboard; without it, other paths are 404. */
  next?: NodeHandler;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function createAppHandler(opts: AppOptions): NodeHandler {
  installZodMessages();
  const routes = new RouteTable(appRouter);
  const rateLimiter = opts.rateLimits ? new ApiRateLimiter(opts.rateLimits.settings, opts.rateLimits.store, opts.log) : null;
  const v2Deps = { db: opts.db, auth: opts.auth, router: appRouter, routes, log: opts.log, rateLimiter };
  const authHandler = opts.auth ? toNodeHandler(opts.auth) : null;

  const trpcHandler = createHTTPHandler({
    router: appRouter,
    basePath: "/api/trpc/",
    createContext: async ({ req, res }): Promise<Context> => {
      const info = clientInfo(req, opts.trustProxyHops);
      const authorization = req.headers.authorization;
      const principal = authorization
        ? await principalFromToken(opts.db, authorization, info.ip)
        : opts.auth
          ? await principalFromSession(opts.auth, req)
          : null;
      if (rateLimiter && principal?.via === "session") {
        const { refusal, headers } = await rateLimiter.checkUser(principal);
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        if (refusal) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: t("rate_limited", { seconds: refusal.seconds }) });
      }
      const integrationId = req.headers["integration-id"];
      return {
        db: opts.db,
        principal,
        integrationId: (Array.isArray(integrationId) ? integrationId[0] : integrationId) ?? null,
        baseUrl: info.origin,
        pageUrl: () => null,
        requestId: requestIdOf(req),
        cookies: {
          get: (name) => readCookie(req, name),
          set: (name, value, o) => {
            const cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${o.maxAgeSeconds}; SameSite=Lax${o.httpOnly ? "; HttpOnly" : ""}${info.proto === "https" ? "; Secure" : ""}`;
            const prev = res.getHeader("Set-Cookie");
            res.setHeader("Set-Cookie", [...(Array.isArray(prev) ? prev : prev ? [String(prev)] : []), cookie]);
          },
        },
      };
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") opts.log.error({ err: error.cause ?? error, path }, "tRPC error");
    },
  });

  return async (req, res) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    requestIds.set(req, requestId);
    res.setHeader("X-Request-ID", requestId);
    const info = clientInfo(req, opts.trustProxyHops);
    const locale = negotiateLocale(req.headers["accept-language"]);
    res.on("finish", () => {
      if (req.method !== "GET" && req.method !== "HEAD" && res.statusCode < 400) opts.afterWrite?.();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      opts.log.info({ requestId, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    try {
      // Concatenated, not resolved: "//host/x" must stay a path, never become another origin.
      const raw = req.url ?? "/";
      const url = new URL(raw.startsWith("/") ? info.origin + raw : raw);
      if (opts.httpsRedirect && info.proto === "http") {
        res.writeHead(301, { Location: `https://${info.host}${url.pathname}${url.search}` }).end();
        return;
      }
      const path = url.pathname;
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
          await trpcHandler(req, res);
        } else if (path.startsWith("/api/auth/") && authHandler) {
          // better-auth's limiter keys on this header alone: the address clientInfo computed (the socket's,
          // or TRUST_PROXY hops into X-Forwarded-For), never a copy the client sent.
          req.headers[CLIENT_IP_HEADER] = info.ip;
          withRetryAfter(res);
          await authHandler(req, res);
        } else if (path.startsWith("/media/")) {
          send(res, await serveMedia(opts.db, path), req.method === "HEAD");
        } else if (path === "/docs" || path.startsWith("/docs/")) {
          send(res, serveDocs(path), req.method === "HEAD");
        } else if (path === "/healthz") {
          send(res, jsonResponse(200, { status: "ok" }));
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

/** better-auth's limiter answers 429 with `X-Retry-After` only: add the standard `Retry-After` beside it. */
function withRetryAfter(res: http.ServerResponse): void {
  const setHeader = res.setHeader;
  res.setHeader = function (name, value) {
    if (name.toLowerCase() === "x-retry-after") setHeader.call(this, "Retry-After", value);
    return setHeader.call(this, name, value);
  };
}

const requestIds = new WeakMap<http.IncomingMessage, string>();
function requestIdOf(req: http.IncomingMessage): string {
  return requestIds.get(req) ?? crypto.randomUUID();
}
