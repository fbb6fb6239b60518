/**
 * The team invitation job: a fresh token (the previous link of this invitation stops working), then the
 * email with the link in the invitation's language. A re-run after a crash sends a new link.
 */
import crypto from "node:crypto";
import { z } from "zod";
import type { ClaimedJob } from "@/domain/outbox/outbox-service";
import { completeOwnJob } from "@/domain/outbox/job-email";
import { teamInvitationEmail } from "@/domain/notifications/emails/team-invitation-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { isLocale } from "@/i18n/catalogue/locales";
import { hashInvitationToken } from "./team-service";

const ZPayload = z.object({ invitationPk: z.string() });

export async function sendTeamInvitation(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { invitationPk } = ZPayload.parse(job.payload);
  const token = crypto.randomBytes(32).toString("base64url");
  const invitation = await ctx.db.teamInvitation.updateManyAndReturn({
    where: { pk: invitationPk, acceptedAt: null, revokedAt: null },
    data: { tokenHash: hashInvitationToken(token) },
    select: { email: true, locale: true, invitedBy: true, account: { select: { name: true } } },
  });
  const row = invitation[0];
  if (row) {
    const email = await teamInvitationEmail({
      locale: isLocale(row.locale) ? row.locale : "en",
      inviter: row.invitedBy,
      account: row.account.name,
      // In the fragment: never sent to a server, so it stays out of logs and Referer headers.
      link: `${ctx.publicUrl}/invitation#token=${token}`,
    });
    await ctx.mailer.send({ key: `team-invitation-${job.pk}`, to: row.email, ...email });
  }
  await ctx.db.$transaction((tx) => completeOwnJob(tx, job, ctx.clock));
}
