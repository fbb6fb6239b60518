/**
 * What a signed-in Employee may change of their claim form's details: everything again after the review team
 * rejected them (or when they claimed before the form existed), and later the bank account alone, which needs
 * a fresh sign-in (a session from a magic link opened within FRESH_SIGN_IN_MINUTES, so that a stolen or
 * forgotten session cannot redirect pay) and is told to the Employee by email.
 */
import { DomainError } from "@/domain/errors";
import { enqueueJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { bankChangedEmail } from "@/domain/notifications/emails/bank-changed-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import type { Db } from "@/db/database";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { checkBankAccount, checkClaimDetails, type TBankAccount, type TClaimDetails } from "./claim-details-rules";
import { maskedClaimDetails, saveBankAccount, saveClaimDetails } from "./claim-details-store";
import type { Sealed } from "./employee-app-service";
import { emailEmployee } from "./employee-email-job";

export const FRESH_SIGN_IN_MINUTES = 15;
export const BANK_CHANGED_JOB = "employee.bank_changed";

export interface SignedIn {
  employeePk: string;
  signedInAt: Date;
}

function freshUntil(signedInAt: Date): Date {
  return new Date(signedInAt.getTime() + FRESH_SIGN_IN_MINUTES * 60_000);
}

/** The employee app's view of their details: masked, the review's outcome, and until when the bank account may be changed. */
export async function employeeDetails(db: Db, who: SignedIn) {
  const employee = await db.employee.findUniqueOrThrow({
    where: { pk: who.employeePk },
    select: {
      claimedAt: true,
      verifiedAt: true,
      rejectedAt: true,
      decisions: { where: { decision: "rejected" }, orderBy: [{ createdAt: "desc" }, { pk: "desc" }], take: 1, select: { reason: true } },
    },
  });
  const review = employee.verifiedAt ? "verified" : employee.rejectedAt ? "rejected" : employee.claimedAt ? "pending" : "unclaimed";
  return {
    details: await maskedClaimDetails(db, who.employeePk),
    review,
    rejection_reason: review === "rejected" ? (employee.decisions[0]?.reason ?? null) : null,
    bank_change_until: timestamp(freshUntil(who.signedInAt)),
  } as const;
}

/** The whole form again: after a rejection (back into the review queue), or by an Employee who claimed without it. */
export async function resubmitClaimDetails({ db, clock, fieldCipher }: Sealed, who: SignedIn, input: TClaimDetails): Promise<void> {
  const now = clock.now();
  const checked = checkClaimDetails(input, now);
  await db.$transaction(async (tx) => {
    const employee = await tx.employee.findUniqueOrThrow({
      where: { pk: who.employeePk },
      select: { rejectedAt: true, verifiedAt: true, claimDetails: { select: { employeePk: true } } },
    });
    const editable = !employee.verifiedAt && (employee.rejectedAt !== null || employee.claimDetails === null);
    if (!editable) throw new DomainError("conflict", t("claim_details_not_editable"));
    await saveClaimDetails(tx, fieldCipher, who.employeePk, checked, now);
    await tx.employee.update({ where: { pk: who.employeePk }, data: { rejectedAt: null } });
  });
}

/** A new bank account: within FRESH_SIGN_IN_MINUTES of signing in with a link, and the Employee is emailed. */
export async function changeBankAccount({ db, clock, fieldCipher }: Sealed, who: SignedIn, input: TBankAccount): Promise<void> {
  const now = clock.now();
  if (now > freshUntil(who.signedInAt)) {
    throw new DomainError("forbidden", t("bank_change_needs_fresh_link", { minutes: FRESH_SIGN_IN_MINUTES }));
  }
  const checked = checkBankAccount(input);
  if ("errors" in checked) throw new DomainError("validation", checked.errors);
  await db.$transaction(async (tx) => {
    if ((await saveBankAccount(tx, fieldCipher, who.employeePk, checked.ok, now)) === 0) {
      throw new DomainError("conflict", t("claim_details_required"));
    }
    await enqueueJob(tx, { kind: BANK_CHANGED_JOB, payload: { employeePk: who.employeePk }, runAt: now });
  });
}

/** The email that tells the Employee their bank account changed (never the account itself), with a link to the app. */
export function sendBankChangedNotice(job: ClaimedJob, ctx: JobContext): Promise<void> {
  return emailEmployee(job, ctx, "bank-changed", async (employee) => {
    const details = await ctx.db.employeeClaimDetails.findUnique({ where: { employeePk: employee.pk }, select: { bankName: true } });
    return bankChangedEmail({
      locale: employee.locale,
      employer: employee.employer,
      name: employee.name,
      bank: details?.bankName ?? "",
      link: `${ctx.publicUrl}/e`,
    });
  });
}
