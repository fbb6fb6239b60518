/**
 * "Send me a new link" at /e/login: an Employee whose link was used or has expired asks for a fresh one by
 * email. The answer is the same whether the address belongs to an Employee or not (the emails go out from
 * the outbox, off the request); requests are limited per address and per email, counted in the database so
 * that every instance sees them.
 */
import type { Timed } from "@/domain/shared/service-context";
import { advisoryXactLocks, runIn } from "@/db/query-builder";
import { DomainError } from "@/domain/errors";
import { enqueueJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { signInLinkEmail } from "@/domain/notifications/emails/sign-in-link-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { t } from "@/i18n/locale";
import { issueMagicLink } from "./employee-invitation";
import { emailEmployee } from "./employee-email-job";

export const SIGN_IN_LINK_JOB = "employee.sign_in_link";
export const SIGN_IN_LINK_LIMITS = { windowMs: 60 * 60 * 1000, perEmail: 3, perAddress: 10 };
/** Advisory lock namespace (first key of the two-key form) of sign-in link requests ("PRSL"). */
const SIGN_IN_LINK_LOCKS = 0x5052534c;
/** One address may be several Employees' (one per employer); each gets their own link, up to this many. */
const MAX_EMPLOYEES_PER_REQUEST = 10;

export async function requestSignInLink({ db, clock }: Timed, input: { email: string; address: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = clock.now();
  const since = new Date(now.getTime() - SIGN_IN_LINK_LIMITS.windowMs);
  await db.$transaction(async (tx) => {
    // Count and insert under a lock per email and per address (in that order, so no deadlock): concurrent
    // requests would otherwise all count before any of them inserted, and together pass the limit.
    await runIn(tx, advisoryXactLocks(SIGN_IN_LINK_LOCKS, [`email:${email}`, `address:${input.address}`]));
    const byEmail = await tx.signInLinkRequest.count({ where: { email, createdAt: { gt: since } } });
    const byAddress = await tx.signInLinkRequest.count({ where: { address: input.address, createdAt: { gt: since } } });
    if (byEmail >= SIGN_IN_LINK_LIMITS.perEmail || byAddress >= SIGN_IN_LINK_LIMITS.perAddress) {
      throw new DomainError("throttled", t("sign_in_link_rate_limited"));
    }
    await tx.signInLinkRequest.create({ data: { email, address: input.address } });
    // Older requests no longer count: kept small without a separate clean-up.
    await tx.signInLinkRequest.deleteMany({ where: { createdAt: { lt: since } } });
    const employees = await tx.employee.findMany({ where: { email }, select: { pk: true }, take: MAX_EMPLOYEES_PER_REQUEST });
    for (const e of employees) await enqueueJob(tx, { kind: SIGN_IN_LINK_JOB, payload: { employeePk: e.pk }, runAt: now });
  });
}

/** The job: a fresh link, emailed to the Employee. */
export function sendSignInLink(job: ClaimedJob, ctx: JobContext): Promise<void> {
  return emailEmployee(job, ctx, "sign-in-link", async (employee) =>
    signInLinkEmail({
      locale: employee.locale,
      employer: employee.employer,
      name: employee.name,
      link: await issueMagicLink(ctx, employee.pk, employee.owner),
    }),
  );
}
