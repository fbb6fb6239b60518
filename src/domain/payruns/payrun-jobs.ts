/** The Payruns' outbox job: the recurring auto-close (a paid Payrun's Payouts are notified by payouts/). */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns } from "./payrun-explicit";

export const payrunJobs: JobHandlers = {
  [AUTO_CLOSE_PAYRUNS_JOB]: single(autoClosePayruns),
};
