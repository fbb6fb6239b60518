/**
 * The audit log of what better-auth does itself: sign-ins (success, and failure with the email tried, never
 * the password), two-factor sign-in turned on or off, and password changes. better-auth writes these in its
 * own statements, so each record follows its change (an after hook) rather than sharing its transaction.
 */
import { isAPIError, type createAuthMiddleware } from "better-auth/api";
import type { Db } from "@/db/database";
import { recordAudit, type AuditActor, type AuditEntry } from "@/domain/audit/audit-record";
import type { AuditAction } from "@/domain/audit/audit-actions";
import type { Clock } from "@/domain/shared/clock";
import { CLIENT_IP_HEADER } from "./client-ip";

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SIGN_IN = "/sign-in/email";
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

interface Person {
  id: string;
  email: string;
  role?: unknown;
  accountPk?: unknown;
  twoFactorEnabled?: unknown;
}

function personOf(user: object | null | undefined): Person | null {
  if (!user || !("id" in user) || !("email" in user) || typeof user.id !== "string" || typeof user.email !== "string") return null;
  return { ...user, id: user.id, email: user.email };
}

function typedEmail(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase().slice(0, 320);
}

/** What a record of this request is about, or null when the request changed nothing worth a record. */
function actionOf(ctx: HookContext, failed: boolean, signedIn: Person | null): AuditAction | null {
  if (ctx.path === SIGN_IN) {
    if (failed) return "user.sign_in_failed";
    // A right password of a person with 2FA is only the first step: the code's request records the sign-in.
    return signedIn && !signedIn.twoFactorEnabled ? "user.signed_in" : null;
  }
  if (failed) return null;
  if (CODE_PATHS.has(ctx.path)) return ctx.context.session ? "user.two_factor_enabled" : "user.signed_in";
  if (ctx.path === "/two-factor/disable") return "user.two_factor_disabled";
  if (ctx.path === "/change-password" || ctx.path === "/reset-password") return "user.password_changed";
  return null;
}

/** 2FA turned on or off: the switch before and after, as the team's reset records it. */
const TWO_FACTOR_SWITCH: Partial<Record<string, Pick<AuditEntry, "before" | "after">>> = {
  "user.two_factor_enabled": { before: { two_factor: false }, after: { two_factor: true } },
  "user.two_factor_disabled": { before: { two_factor: true }, after: { two_factor: false } },
};

/** Records the outcome of the requests above; run by the after hook (sign-in-throttle.ts), which better-auth allows one of. */
export function auditHooks(db: Db, clock: Clock): (ctx: HookContext) => Promise<void> {
  return async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned) && returned.statusCode === 401;
    if (isAPIError(returned) && !failed) return;
    const signedIn = personOf(ctx.context.newSession?.user ?? null);
    const action = actionOf(ctx, failed, signedIn);
    if (!action) return;
    const sessionUser = personOf(ctx.context.session?.user ?? null);
    let person = signedIn ?? sessionUser;
    const email = typedEmail(ctx.body);
    if (!person && email) {
      const found = await db.user.findUnique({ where: { email }, select: { id: true, email: true, role: true, accountPk: true } });
      person = found;
    }
    const from = { ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null, userAgent: ctx.headers?.get("user-agent") ?? null };
    // A failed attempt is recorded against the email typed; the actor is whoever typed it, not the account's person.
    const actor: AuditActor = failed
      ? { kind: "user", id: null, label: email ?? person?.email ?? "unknown", ...from }
      : { kind: person?.role === "operator" ? "operator" : "user", id: person?.id ?? null, label: person?.email, ...from };
    const accountPk = typeof person?.accountPk === "string" ? person.accountPk : null;
    await recordAudit(db, {
      at: clock.now(),
      accountPk,
      actor,
      action,
      target: { type: "user", id: person?.id ?? null, label: person?.email ?? email },
      ...(TWO_FACTOR_SWITCH[action] ?? {
        after: action === "user.signed_in" && CODE_PATHS.has(ctx.path) ? { second_factor: ctx.path.endsWith("backup-code") ? "backup_code" : "totp" } : null,
      }),
    });
  };
}
