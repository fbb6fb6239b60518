/** The Payouts' outbox jobs: notifying a paid Payrun's Payouts, and the email telling an Employee of a Payout. */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { NOTIFY_PAYOUTS_JOB } from "@/domain/payruns/payrun-payment";
import { EMAIL_PAYOUT_JOB, emailPayout } from "./payout-notification";
import { notifyPayrunPayouts } from "./payout-notify";

export const payoutJobs: JobHandlers = {
  [NOTIFY_PAYOUTS_JOB]: single(notifyPayrunPayouts),
  [EMAIL_PAYOUT_JOB]: single(emailPayout),
};
