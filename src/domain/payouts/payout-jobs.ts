/** The Payouts' outbox job: the email telling an Employee of a Payout. */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { EMAIL_PAYOUT_JOB, emailPayout } from "./payout-notification";

export const payoutJobs: JobHandlers = {
  [EMAIL_PAYOUT_JOB]: single(emailPayout),
};
