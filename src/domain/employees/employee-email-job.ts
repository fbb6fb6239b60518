/**
 * What the single-Employee email jobs share (a sign-in link, the notice of a changed bank account): the job
 * names the Employee, the email goes to them in their language from their employer, then the job completes.
 * The invitations go in batches (employee-invitation.ts) and read their Employees in one statement instead.
 */
import { z } from "zod";
import { fileUrl } from "@/domain/files/image-upload";
import { completeOwnJob } from "@/domain/outbox/job-email";
import type { ClaimedJob } from "@/domain/outbox/outbox-service";
import type { JobContext } from "@/domain/outbox/job-handlers";
import type { Brand, EmailContent } from "@/domain/notifications/emails/email-content";
import type { Locale } from "@/i18n/locale";
import { employeeLocale, type LinkOwner } from "./employee-invitation";

const ZPayload = z.object({ employeePk: z.string() });

/** The Employee an email job writes to, as its email needs them. */
export interface EmailedEmployee {
  pk: string;
  name: string;
  locale: Locale;
  employer: Brand;
  /** Whose the Employee is: the account and environment their links are issued on (`issueMagicLink`). */
  owner: LinkOwner;
}

/**
 * Sends what `compose` writes to the Employee the job names (`{ employeePk }`), under the message key
 * `${key}-${job.pk}` (a re-run after a crash sends under the same key), then completes the job. An Employee
 * deleted since, or without an address, gets nothing: the job is done.
 */
export async function emailEmployee(
  job: ClaimedJob,
  ctx: JobContext,
  key: string,
  compose: (employee: EmailedEmployee) => Promise<EmailContent>,
): Promise<void> {
  const { employeePk } = ZPayload.parse(job.payload);
  const employee = await ctx.db.employee.findUnique({
    where: { pk: employeePk },
    select: {
      name: true,
      email: true,
      country: true,
      integration: { select: { name: true, accountPk: true, environment: true, logo: { select: { pk: true, filename: true } } } },
    },
  });
  if (employee?.email) {
    const { integration } = employee;
    const email = await compose({
      pk: employeePk,
      name: employee.name,
      locale: employeeLocale(employee),
      employer: { name: integration.name, logoUrl: fileUrl(ctx.publicUrl, integration.logo) },
      owner: { accountPk: integration.accountPk, environment: integration.environment },
    });
    await ctx.mailer.send({ key: `${key}-${job.pk}`, to: employee.email, ...email });
  }
  await ctx.db.$transaction((tx) => completeOwnJob(tx, job, ctx.clock));
}
