/**
 * The one tRPC context builder, for both faces of the procedures: the /v2/ REST edge (src/http/v2/handler.ts)
 * and the dashboard's /api/trpc (src/server/app-server.ts). Each face resolves the principal its own way
 * (REST refuses bad credentials before the call; /api/trpc lets every procedure throw `authFailure`).
 */
import type http from "node:http";
import type { Db } from "@/db/database";
import type { DomainError } from "@/domain/errors";
import type { PrivateTargets } from "@/config/webhook-settings";
import type { Clock } from "@/domain/shared/clock";
import type { Seller } from "@/config/seller";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import type { Context, Principal } from "@/trpc/context";
import { appendSetCookie, readCookie } from "./principal";
import { DEFAULT_SESSION_WARNING_SECONDS } from "@/config/session-lifetime";

export interface ContextOptions {
  db: Db;
  /** The public origin (PUBLIC_URL): absolute URLs never follow the request's Host. */
  publicUrl: string;
  webhookPrivateTargets: PrivateTargets;
  /** BANKGIRO, for the Invoice PDF; null when none is configured. */
  bankgiro: string | null;
  /** SELLER_*, for the Invoice PDF; null when not configured. */
  seller: Seller | null;
  /** Encryption at rest of identity numbers and bank accounts (DATA_ENCRYPTION_KEY). */
  fieldCipher: FieldCipher;
  clock: Clock;
  requestId: string;
  /** The client's address as the server computed it (never a client's X-Forwarded-For unless trusted). */
  clientIp: string;
  principal: Principal | null;
  authFailure?: DomainError | null;
  /** The request's /v2/ URL, for links to the other pages of a list; tRPC calls have none. */
  pageOf?: URL;
  /** Whether the edge has already screened the input (the REST edge does, before its Idempotency-Key fingerprint). */
  inputScreened?: boolean;
  /** SESSION_WARNING_SECONDS, for the dashboard's session procedures (absent: the default). */
  sessionWarningSeconds?: number;
  /** Where a procedure may set a cookie (the dashboard's /api/trpc); the REST edge sets none. */
  cookieSink?: { res: http.ServerResponse; secure: boolean };
}

export function headerValue(req: http.IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

function pageUrl(publicUrl: string, of: URL | undefined): Context["pageUrl"] {
  if (!of) return () => null;
  return (page) => {
    const u = new URL(publicUrl + of.pathname + of.search); // concatenated: a path never names another origin
    if (page === 1) u.searchParams.delete("page");
    else u.searchParams.set("page", String(page));
    return u.toString();
  };
}

function setCookie(sink: ContextOptions["cookieSink"]): Context["cookies"]["set"] {
  if (!sink) return () => undefined;
  return (name, value, o) => {
    const cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${o.maxAgeSeconds}; SameSite=Lax${o.httpOnly ? "; HttpOnly" : ""}${sink.secure ? "; Secure" : ""}`;
    appendSetCookie(sink.res, [cookie]);
  };
}

export function createContext(req: http.IncomingMessage, opts: ContextOptions): Context {
  return {
    db: opts.db,
    principal: opts.principal,
    authFailure: opts.authFailure ?? null,
    integrationId: headerValue(req, "integration-id"),
    baseUrl: opts.publicUrl,
    webhookPrivateTargets: opts.webhookPrivateTargets,
    bankgiro: opts.bankgiro,
    seller: opts.seller,
    fieldCipher: opts.fieldCipher,
    clock: opts.clock,
    pageUrl: pageUrl(opts.publicUrl, opts.pageOf),
    requestId: opts.requestId,
    clientIp: opts.clientIp,
    userAgent: headerValue(req, "user-agent"),
    inputScreened: opts.inputScreened ?? false,
    cookies: { get: (name) => readCookie(req, name), set: setCookie(opts.cookieSink) },
    sessionWarningSeconds: opts.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS,
  };
}
