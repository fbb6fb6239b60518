/**
 * One auth step for every face: an `Authorization: Token <key>` header, or a dashboard session cookie,
 * becomes a Principal. A session acts in the environment chosen in the dashboard (cookie `payroute_env`).
 */
import type http from "node:http";
import type { Clock } from "@/domain/shared/clock";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "@/auth/auth";
import type { Db } from "@/db/database";
import { ipAllowed, touchApiKey, verifyApiKey } from "@/domain/api-keys/api-key-service";
import { accountRequiresTwoFactor } from "@/domain/accounts/account-service";
import { touchSession } from "@/domain/session/session-service";
import { isEnvironment } from "@/domain/environments";
import { cookieValue } from "@/lib/cookie-value";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";
import type { Principal } from "@/trpc/context";

export const ENV_COOKIE = "payroute_env";

export function readCookie(req: http.IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? cookieValue(header, name) : undefined;
}

/** The API key's principal; throws 401 for a bad key and 403 for an address outside its allow-list. */
export async function principalFromToken(db: Db, authorization: string, ip: string, clock: Clock): Promise<Principal> {
  const [scheme, key, extra] = authorization.trim().split(/\s+/);
  if (scheme.toLowerCase() !== "token" || !key || extra !== undefined) {
    throw new DomainError("unauthenticated", t("invalid_token"), { "WWW-Authenticate": "Token" });
  }
  const verified = await verifyApiKey(db, key);
  if (!verified) throw new DomainError("unauthenticated", t("invalid_token"), { "WWW-Authenticate": "Token" });
  if (!ipAllowed(ip, verified.allowIps)) throw new DomainError("forbidden", t("ip_not_allowed", { ip }));
  // "Last used" is a hint for the key list; a failed write only leaves it a minute older, so it is not waited for.
  touchApiKey(db, verified.pk, clock, () => undefined);
  // A key acts for the account on the public API only; it is no team member (src/trpc/permissions.ts).
  return { via: "api_key", accountPk: verified.accountPk, environment: verified.environment, role: "client", apiKeyPk: verified.pk };
}

/**
 * The principal, or the auth failure (401/403) it raised, for the procedures' middleware to throw: a tRPC
 * context must not throw, or tRPC answers 500.
 */
export async function settlePrincipal(pending: Promise<Principal | null>): Promise<{ principal: Principal | null; authFailure: DomainError | null }> {
  try {
    return { principal: await pending, authFailure: null };
  } catch (e) {
    if (e instanceof DomainError) return { principal: null, authFailure: e };
    throw e;
  }
}

/** What a dashboard session needs besides better-auth: the database, the time, and the service's own 2FA rule. */
export interface SessionPolicy {
  db: Db;
  clock: Clock;
  /** REQUIRE_OPERATOR_2FA (by default on when PUBLIC_URL is https). */
  requireOperatorTwoFactor: boolean;
  /**
   * Where better-auth's Set-Cookie goes when reading the session refreshed it: the cookie then lasts as long as
   * the session's row. Absent (the /v2/ edge's HTML views), the cookie keeps its earlier end.
   */
  onSetCookie?: (cookies: string[]) => void;
}

/** Adds Set-Cookie headers to a response, after any it already has. */
export function appendSetCookie(res: http.ServerResponse, cookies: readonly string[]): void {
  if (cookies.length === 0) return;
  const prev = res.getHeader("Set-Cookie");
  res.setHeader("Set-Cookie", [...(Array.isArray(prev) ? prev : prev ? [String(prev)] : []), ...cookies]);
}

export async function principalFromSession(auth: Auth, req: http.IncomingMessage, policy: SessionPolicy): Promise<Principal | null> {
  if (!req.headers.cookie) return null;
  // returnHeaders: a refresh (the session `updateAge` old) also sets a new cookie, which must reach the browser.
  const { headers, response: session } = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
  policy.onSetCookie?.(headers.getSetCookie());
  if (!session) return null;
  const env = readCookie(req, ENV_COOKIE);
  const role = session.user.role === "operator" ? "operator" : "client";
  const accountPk = session.user.accountPk ?? null;
  // "Last activity" on the security page; not waited for.
  touchSession(policy.db, session.session.id, session.session.updatedAt, policy.clock, () => undefined);
  const required = role === "operator" ? policy.requireOperatorTwoFactor : accountPk ? await accountRequiresTwoFactor(policy.db, accountPk) : false;
  return {
    via: "session",
    accountPk,
    environment: isEnvironment(env) ? env : "demo",
    role,
    teamRole: session.user.teamRole === "member" ? "member" : "admin",
    userId: session.user.id,
    sessionId: session.session.id,
    twoFactor: { enabled: session.user.twoFactorEnabled === true, required },
  };
}
