/** The team page's procedures (dashboard only): everyone of the account sees the team; admins change it. */
import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import type { Context } from "@/trpc/context";
import { currentLocale } from "@/i18n/locale";
import { accountWideProcedure, publicProcedure, router } from "@/trpc/init";
import {
  ZAcceptInvitation,
  ZChangeRole,
  ZInvitationLookup,
  ZInvitationPreview,
  ZInvitationToken,
  ZInviteRequest,
  ZMemberLookup,
  ZTeam,
  ZTwoFactorPolicy,
} from "./team-schemas";
import {
  changeMemberRole,
  type TeamActor,
  acceptInvitation,
  inviteToTeam,
  listTeam,
  previewInvitation,
  removeMember,
  revokeInvitation,
  setTwoFactorRequired,
} from "./team-service";
import { resetMemberTwoFactor } from "./two-factor-reset";

const ZOk = z.object({ ok: z.literal(true) });
const actor = (ctx: Context & { scope: { accountPk: string }; principal: { userId?: string } }): TeamActor => ({
  accountPk: ctx.scope.accountPk,
  userId: ctx.principal.userId,
  audit: auditActorOf(ctx),
});

export const teamRouter = router({
  list: accountWideProcedure.output(ZTeam).query(({ ctx }) => listTeam(ctx, actor(ctx))),
  invite: accountWideProcedure
    .input(ZInviteRequest)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await inviteToTeam(ctx, actor(ctx), { email: input.email, teamRole: input.team_role, requestLocale: currentLocale() });
      return { ok: true as const };
    }),
  revokeInvitation: accountWideProcedure
    .input(ZInvitationLookup)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx, actor(ctx), input.pk);
      return { ok: true as const };
    }),
  remove: accountWideProcedure
    .input(ZMemberLookup)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx, actor(ctx), input.id);
      return { ok: true as const };
    }),
  /** Admins: make a person an admin or a member. */
  changeRole: accountWideProcedure
    .input(ZChangeRole)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await changeMemberRole(ctx, actor(ctx), input.id, input.team_role);
      return { ok: true as const };
    }),
  /** Admins: require two-factor sign-in of every person of the account. */
  requireTwoFactor: accountWideProcedure
    .input(ZTwoFactorPolicy)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await setTwoFactorRequired(ctx, actor(ctx), input.required);
      return { ok: true as const };
    }),
  /** Admins: turn off the two-factor sign-in of a member who lost their authenticator (they enrol again). */
  resetTwoFactor: accountWideProcedure
    .input(ZMemberLookup)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resetMemberTwoFactor(ctx, actor(ctx), input.id);
      return { ok: true as const };
    }),
  /** For the invitation page, before anyone is signed in: the link's token is the credential. */
  preview: publicProcedure
    .input(ZInvitationToken)
    .output(ZInvitationPreview)
    .query(({ ctx, input }) => previewInvitation(ctx, input.token)),
  accept: publicProcedure
    .input(ZAcceptInvitation)
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input)),
});
