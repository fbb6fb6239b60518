/** Who is signed in to the dashboard, for the shell (account name, environment, role), and their saved language. */
import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import { DomainError } from "@/domain/errors";
import { isLocale, LOCALES } from "@/i18n/catalogue/locales";
import { t } from "@/i18n/locale";
import { personProcedure, router } from "@/trpc/init";
import type { Context } from "@/trpc/context";
import { DEFAULT_SESSION_WARNING_SECONDS } from "@/config/session-lifetime";
import { ZOwnSession, ZRevokeSession, ZSessionExpiry } from "./session-schemas";
import { listOwnSessions, revokeOtherSessions, revokeOwnSession, sessionExpiry, type SessionOwner } from "./session-service";

/** The signed-in person and their session (the access table admits only people to these procedures). */
function ownerOf(ctx: Context): SessionOwner {
  const p = ctx.principal;
  if (!p?.userId || !p.sessionId) throw new DomainError("unauthenticated", t("not_authenticated"));
  return { userId: p.userId, sessionId: p.sessionId };
}

export const sessionRouter = router({
  me: personProcedure
    .output(
      z
        .object({
          userId: z.string().optional(),
          name: z.string(),
          email: z.string(),
          role: z.enum(["client", "operator"]),
          teamRole: z.enum(["admin", "member"]),
          environment: z.enum(["live", "demo"]),
          account: z.string().nullable(),
          locale: z.enum(LOCALES).nullable(),
          /** Two-factor sign-in: on for this person; required of them (by their account or, for operators, the service). */
          twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
        })
        .nullable(),
    )
    .query(async ({ ctx }) => {
      const p = ctx.principal;
      if (!p?.userId) return null;
      const user = await ctx.db.user.findUnique({
        where: { id: p.userId },
        select: { name: true, email: true, locale: true, account: { select: { name: true } } },
      });
      if (!user) return null;
      return {
        userId: p.userId,
        name: user.name,
        email: user.email,
        role: p.role,
        teamRole: p.teamRole ?? "admin",
        environment: p.environment,
        account: user.account?.name ?? null,
        locale: isLocale(user.locale) ? user.locale : null,
        twoFactor: { enabled: p.twoFactor?.enabled ?? false, required: p.twoFactor?.required ?? false },
      };
    }),
  /** The language switch saves the choice on the person's row, so that their next sign-in restores it. */
  setLocale: personProcedure
    .input(z.object({ locale: z.enum(LOCALES) }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.principal?.userId;
      if (!userId) throw new DomainError("unauthenticated", t("not_authenticated"));
      await ctx.db.user.update({ where: { id: userId }, data: { locale: input.locale } });
      return { ok: true as const };
    }),
  /** When this session ends and when the dashboard warns before that (its "Stay signed in" notice). */
  expiry: personProcedure
    .output(ZSessionExpiry)
    .query(({ ctx }) => sessionExpiry(ctx, ownerOf(ctx), ctx.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS)),
  /** The security page: the person's own sessions, with device and last activity. */
  sessions: personProcedure.output(z.array(ZOwnSession)).query(({ ctx }) => listOwnSessions(ctx, ownerOf(ctx))),
  revokeSession: personProcedure
    .input(ZRevokeSession)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await revokeOwnSession(ctx, ownerOf(ctx), input.id, auditActorOf(ctx));
      return { ok: true as const };
    }),
  /** "Sign out everywhere else": ends every other session of the person. */
  revokeOtherSessions: personProcedure
    .output(z.object({ revoked: z.number().int() }))
    .mutation(async ({ ctx }) => ({ revoked: await revokeOtherSessions(ctx, ownerOf(ctx), auditActorOf(ctx)) })),
});
