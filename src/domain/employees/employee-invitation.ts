/**
 * The invitation jobs, a batch at a time: a fresh single-use magic link each, sent by email; then, in one
 * transaction with the jobs' completion, `notified_at` and the Employee.notified events, in set-based
 * statements. A job re-run after a crash sends a new link (the old one is revoked) and records the
 * notification once.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { addEvent } from "@/domain/events/event-service";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { BATCH_TRANSACTION, completeJobs } from "@/domain/outbox/outbox-claim";
import { failJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { sqlIn, Statement } from "@/db/query-builder";
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
  return claimLink(ctx, token);
}

// The token travels in the fragment: never sent to a server, so it stays out of logs and Referer headers.
function claimLink(ctx: JobContext, token: string): string {
  return `${ctx.publicUrl}/e/claim#token=${token}`;
}

/** The language of an Employee's emails: Swedish for Employees in Sweden, else English. */
export function employeeLocale(employee: { country: string }): Locale {
  return employee.country === "SWE" ? "sv" : "en";
}

export async function sendInvitations(jobs: ClaimedJob[], ctx: JobContext): Promise<void> {
  // Two jobs for one Employee (a resend) run one after the other, as they would alone: the second revokes the first's link.
  const seen = new Set<string>();
  const now: { job: ClaimedJob; employeePk: string }[] = [];
  const later: ClaimedJob[] = [];
  for (const job of jobs) {
    const { employeePk } = ZPayload.parse(job.payload);
    if (seen.has(employeePk)) later.push(job);
    else {
      seen.add(employeePk);
      now.push({ job, employeePk });
    }
  }
  await sendDistinct(now, ctx);
  if (later.length) await sendInvitations(later, ctx);
}

async function sendDistinct(batch: { job: ClaimedJob; employeePk: string }[], ctx: JobContext): Promise<void> {
  const employees = new Map(
    (
      await ctx.db.employee.findMany({
        where: { pk: { in: batch.map((b) => b.employeePk) } },
        select: { ...employeeSelect, integration: { select: { pk: true, name: true, accountPk: true, environment: true } } },
      })
    ).map((e) => [e.pk, e]),
  );
  // Deleted since, or no address to write to: nothing to send, the job is done.
  const nothing = batch.filter((b) => !employees.get(b.employeePk)?.email).map((b) => b.job);
  const toSend = batch.flatMap((b) => {
    const employee = employees.get(b.employeePk);
    return employee?.email ? [{ ...b, employee, email: employee.email, token: crypto.randomBytes(32).toString("base64url") }] : [];
  });

  if (toSend.length) {
    const pks = toSend.map((s) => s.employeePk);
    await ctx.db.$transaction(async (tx) => {
      await tx.magicLink.updateMany({ where: { employeePk: { in: pks }, usedAt: null }, data: { expiresAt: new Date() } });
      await tx.magicLink.createMany({
        data: toSend.map((s) => ({ employeePk: s.employeePk, tokenHash: hashToken(s.token), expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS) })),
      });
    }, BATCH_TRANSACTION);
  }

  const sent: typeof toSend = [];
  await Promise.all(
    toSend.map(async (s) => {
      const link = claimLink(ctx, s.token);
      const locale = employeeLocale(s.employee);
      const params = { name: s.employee.name, integration: s.employee.integration.name, link, code: s.employee.invitationCode ?? "" };
      const text = t("invite_text", params, locale);
      try {
        await ctx.mailer.send({
          key: `invitation-${s.job.pk}`,
          to: s.email,
          subject: t("invite_subject", params, locale),
          text,
          html: textMailHtml(text, link, t("invite_button", undefined, locale)),
        });
        sent.push(s);
      } catch (e) {
        await failJob(ctx.db, s.job, e);
      }
    }),
  );

  await ctx.db.$transaction(async (tx) => {
    const mine = await completeJobs(tx, [...nothing, ...sent.map((s) => s.job)]);
    // A job another worker took over (our lease ran out) is theirs to record.
    const done = sent.filter((s) => mine.has(s.job.pk));
    if (done.length === 0) return;
    const pks = done.map((s) => s.employeePk);
    await tx.employee.updateMany({ where: { pk: { in: pks } }, data: { notifiedAt: new Date() } });
    const rows = new Map((await tx.employee.findMany({ where: { pk: { in: pks } }, select: employeeSelect })).map((r) => [r.pk, r]));
    const events = new Statement();
    for (const s of done) {
      const row = rows.get(s.employeePk);
      if (!row) continue; // deleted while the email went out
      addEvent(events, {
        name: "Employee.notified",
        accountPk: s.employee.integration.accountPk,
        environment: s.employee.integration.environment,
        integrationPk: s.employee.integration.pk,
        objectPk: s.employeePk,
        data: toEmployeeApi(row),
      });
    }
    await events.run(sqlIn(tx));
  }, BATCH_TRANSACTION);
}
