/** The Payruns' outbox jobs: notifying a paid Payrun's Payouts, and the recurring auto-close. */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns } from "./payrun-explicit";
import { NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts } from "./payrun-payment";

export const payrunJobs: JobHandlers = {
  [NOTIFY_PAYOUTS_JOB]: single(notifyPayrunPayouts),
  [AUTO_CLOSE_PAYRUNS_JOB]: single(autoClosePayruns),
};
