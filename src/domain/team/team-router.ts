/** The team page's procedures (dashboard only): everyone of the account sees the team; admins change it. */
import { z } from "zod";
import { currentLocale } from "@/i18n/locale";
import { accountProcedure, publicProcedure, router } from "@/trpc/init";
import {
  ZAcceptInvitation,
  ZInvitationLookup,
  ZInvitationPreview,
  ZInvitationToken,
  ZInviteRequest,
  ZMemberLookup,
  ZTeam,
  ZTwoFactorPolicy,
} from "./team-schemas";
import { acceptInvitation, inviteToTeam, listTeam, previewInvitation, removeMember, revokeInvitation, setTwoFactorRequired } from "./team-service";

const ZOk = z.object({ ok: z.literal(true) });
const actor = (ctx: { scope: { accountPk: string }; principal: { userId?: string } }) => ({ accountPk: ctx.scope.accountPk, userId: ctx.principal.userId });

export const teamRouter = router({
  list: accountProcedure.output(ZTeam).query(({ ctx }) => listTeam(ctx, actor(ctx))),
  invite: accountProcedure
    .input(ZInviteRequest)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await inviteToTeam(ctx, actor(ctx), { email: input.email, teamRole: input.team_role, requestLocale: currentLocale() });
      return { ok: true as const };
    }),
  revokeInvitation: accountProcedure
    .input(ZInvitationLookup)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx, actor(ctx), input.pk);
      return { ok: true as const };
    }),
  remove: accountProcedure
    .input(ZMemberLookup)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx.db, actor(ctx), input.id);
      return { ok: true as const };
    }),
  /** Admins: require two-factor sign-in of every person of the account. */
  requireTwoFactor: accountProcedure
    .input(ZTwoFactorPolicy)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await setTwoFactorRequired(ctx.db, actor(ctx), input.required);
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
