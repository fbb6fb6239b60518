/**
 * The invitation job: a fresh single-use magic link, sent by email; then, in one transaction with the
 * job's completion, `notified_at` and the Employee.notified event. A job re-run after a crash sends a new
 * link (the old one is revoked) and records the notification once.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { recordEvent } from "@/domain/events/event-service";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { t, type Locale } from "@/i18n/locale";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { employeeSelect, toEmployeeApi } from "./employee-service";

export const MAGIC_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Links use the worker's public URL; a `baseUrl` in the payload (the request's origin, once) is ignored.
const ZPayload = z.object({ employeePk: z.string() });

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A fresh single-use link for the Employee (their earlier unused links stop working); returns the URL. */
export async function issueMagicLink(ctx: JobContext, employeePk: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await ctx.db.$transaction(async (tx) => {
    await tx.magicLink.updateMany({ where: { employeePk, usedAt: null }, data: { expiresAt: new Date() } });
    await tx.magicLink.create({ data: { employeePk, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS) } });
  });
  // The token travels in the fragment: never sent to a server, so it stays out of logs and Referer headers.
  return `${ctx.publicUrl}/e/claim#token=${token}`;
}

/** The language of an Employee's emails: Swedish for Employees in Sweden, else English. */
export function employeeLocale(employee: { country: string }): Locale {
  return employee.country === "SWE" ? "sv" : "en";
}

export async function sendInvitation(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { employeePk } = ZPayload.parse(job.payload);
  const employee = await ctx.db.employee.findUnique({
    where: { pk: employeePk },
    select: { ...employeeSelect, integration: { select: { pk: true, name: true, accountPk: true, environment: true } } },
  });
  if (!employee?.email) {
    // Deleted since, or no address to write to: nothing to send.
    await ctx.db.$transaction((tx) => completeJob(tx, job));
    return;
  }

  const link = await issueMagicLink(ctx, employeePk);
  const locale = employeeLocale(employee);
  const params = { name: employee.name, integration: employee.integration.name, link, code: employee.invitationCode ?? "" };
  const text = t("invite_text", params, locale);
  await ctx.mailer.send({
    key: `invitation-${job.pk}`,
    to: employee.email,
    subject: t("invite_subject", params, locale),
    text,
    html: textMailHtml(text, link, t("invite_button", undefined, locale)),
  });

  await ctx.db.$transaction(async (tx) => {
    if (!(await completeJob(tx, job))) throw new Error("job was taken over by another worker");
    const row = await tx.employee.update({ where: { pk: employeePk }, data: { notifiedAt: new Date() }, select: employeeSelect });
    await recordEvent(tx, {
      name: "Employee.notified",
      accountPk: employee.integration.accountPk,
      environment: employee.integration.environment,
      integrationPk: employee.integration.pk,
      objectPk: employeePk,
      data: toEmployeeApi(row),
    });
  });
}
