/**
 * The team invitation job: a fresh token (the previous link of this invitation stops working), then the
 * email with the link in the invitation's language. A re-run after a crash sends a new link.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { isLocale } from "@/i18n/catalogue/locales";
import { t } from "@/i18n/locale";
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
    const locale = isLocale(row.locale) ? row.locale : "en";
    // In the fragment: never sent to a server, so it stays out of logs and Referer headers.
    const link = `${ctx.publicUrl}/invitation#token=${token}`;
    const params = { inviter: row.invitedBy, account: row.account.name, link };
    const text = t("team_invite_text", params, locale);
    await ctx.mailer.send({
      key: `team-invitation-${job.pk}`,
      to: row.email,
      subject: t("team_invite_subject", params, locale),
      text,
      html: textMailHtml(text, link, t("team_invite_button", params, locale)),
    });
  }
  await ctx.db.$transaction(async (tx) => {
    if (!(await completeJob(tx, job))) throw new Error("job was taken over by another worker");
  });
}
