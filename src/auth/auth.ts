/**
 * Dashboard sign-in (email and password, database sessions) with better-auth. People are created by the
 * CLI (`users create`), never by self sign-up.
 */
import crypto from "node:crypto";
import type { Clock } from "@/domain/shared/clock";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Db } from "@/db/database";
import { insertUser, type TeamRole } from "@/domain/team/team-users";
import { enqueuePasswordReset } from "@/domain/team/password-reset-email";
import { requestLocale } from "@/i18n/catalogue/locales";
import { CLIENT_IP_HEADER, OWN_ORIGINS_HEADER } from "./client-ip";
import { revokeResetLinks } from "./reset-links";
import { signInHooks, type SignInThrottle } from "./sign-in-throttle";
import { auditHooks } from "./audit-hooks";
import { betterAuthSessionOptions, DEFAULT_SESSION_TIMES, type SessionTimes } from "@/config/session-lifetime";

export { CLIENT_IP_HEADER, OWN_ORIGINS_HEADER };

async function sessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Kept in the database so that every app instance signs cookies with the same secret.
  const generated = crypto.randomBytes(32).toString("base64url");
  // INSERT … ON CONFLICT DO NOTHING: instances starting together on a fresh database agree on the first one
  // written (Prisma's upsert reads, then inserts, and the loser of that race failed on the unique key).
  await db.setting.createMany({ data: [{ key: "auth_secret", value: generated }], skipDuplicates: true });
  const row = await db.setting.findUniqueOrThrow({ where: { key: "auth_secret" } });
  return row.value;
}

/** `secret`: AUTH_SECRET; undefined: the one kept in the database (made on first start). */
export async function createAuth(
  db: Db,
  opts: { secret: string | undefined; baseURL: string; secureCookies: boolean; throttle: SignInThrottle; clock: Clock; session?: SessionTimes },
) {
  return betterAuth({
    appName: "Payroute",
    baseURL: opts.baseURL,
    basePath: "/api/auth",
    secret: await sessionSecret(db, opts.secret),
    database: prismaAdapter(db, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 10,
      // "Forgot password": the email goes out from the outbox (off the request, so the answer takes as long
      // whether the address exists or not); better-auth keeps the token (1 hour) and checks it on reset.
      // Only the newest link works: a request revokes the older ones, a reset all that are left.
      sendResetPassword: async ({ user, url, token }, request) => {
        await revokeResetLinks(db, user.id, token);
        await enqueuePasswordReset(db, { userId: user.id, url, requestLocale: requestLocale(null, request?.headers.get("accept-language")) }, opts.clock);
      },
      onPasswordReset: ({ user }) => revokeResetLinks(db, user.id),
      revokeSessionsOnPasswordReset: true,
    },
    account: { modelName: "credential" },
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "client" },
        accountPk: { type: "string", required: false, input: false },
        teamRole: { type: "string", required: false, input: false, defaultValue: "member" },
        locale: { type: "string", required: false, input: false },
      },
    },
    // SESSION_LIFETIME_SECONDS (7 days) since the last refresh, refreshed daily by the requests that use it.
    session: betterAuthSessionOptions(opts.session ?? DEFAULT_SESSION_TIMES),
    // Same-origin requests only: the origins the server computed (public origin, validated Host).
    trustedOrigins: (request) => request?.headers.get(OWN_ORIGINS_HEADER)?.split(" ") ?? [],
    telemetry: { enabled: false },
    // Always on, in the database so that it holds across instances (better-auth otherwise limits only
    // when NODE_ENV=production, in memory). Per client address; failures per account and per address:
    // `hooks` below. better-auth counts a key's attempts until it has been quiet for `window` seconds, so
    // any longer window adds up a busy office's sign-ins (people behind one address a few seconds apart)
    // until they are locked out: here it only caps rapid-fire attempts; the hooks stop brute force.
    rateLimit: {
      enabled: true,
      storage: "database",
      customRules: {
        "/sign-in/email": { window: 1, max: opts.throttle.settings.addressBurst },
        // The second step of a sign-in counts like the first (the hooks count its failures); the plugin's
        // own rule (3 per 10 s per address and path) would stop an office signing in together.
        "/two-factor/verify-totp": { window: 1, max: opts.throttle.settings.addressBurst },
        "/two-factor/verify-backup-code": { window: 1, max: opts.throttle.settings.addressBurst },
        // Enrolment and turning it off check the password of a signed-in person.
        "/two-factor/enable": { window: 60, max: 10 },
        "/two-factor/disable": { window: 60, max: 10 },
        // Reading one's own session guesses nothing; unthrottled, so that pages cost no rate-limit write.
        "/get-session": false,
        // "Forgot password" sends an email: a few per address and minute, whether the account exists or not.
        "/request-password-reset": { window: 60, max: 3 },
      },
    },
    // The throttle's hooks, then the audit log's (sign-ins, 2FA on or off, password changes: audit-hooks.ts).
    hooks: signInHooks(opts.throttle, auditHooks(db, opts.clock)),
    plugins: [
      // TOTP (RFC 6238, 6 digits, 30 s) with ten one-time backup codes, both kept encrypted with the secret.
      // A sign-in of a person with 2FA answers `twoFactorRedirect` and a short-lived cookie instead of a
      // session; the code (or a backup code) then makes the session. The plugin locks a person after
      // consecutive wrong codes; the hooks above count them with wrong passwords (docs/security.md).
      twoFactor({
        issuer: "Payroute",
        accountLockout: { maxFailedAttempts: opts.throttle.settings.maxFailures, durationSeconds: opts.throttle.settings.lockoutMinutes * 60 },
      }),
    ],
    advanced: { useSecureCookies: opts.secureCookies, ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** Creates a person who can sign in to the dashboard (the CLI's `users create`: an admin of their account unless told otherwise). */
export async function createUser(
  db: Db,
  input: { email: string; password: string; name: string; accountPk: string | null; role: "client" | "operator"; teamRole?: TeamRole },
): Promise<{ id: string }> {
  return insertUser(db, { ...input, teamRole: input.teamRole ?? "admin" });
}
