/** Every job kind and its handler: the records each resource exports, joined in one for the worker. */
import { employeeJobs } from "@/domain/employees/employee-jobs";
import { invoiceJobs } from "@/domain/invoices/invoice-jobs";
import type { JobHandlers } from "@/domain/outbox/job-handlers";
import { payoutJobs } from "@/domain/payouts/payout-jobs";
import { payrunJobs } from "@/domain/payruns/payrun-jobs";
import { teamJobs } from "@/domain/team/team-jobs";
import { webhookJobs } from "@/domain/webhooks/webhook-jobs";

export const jobHandlers: JobHandlers = {
  ...employeeJobs,
  ...payoutJobs,
  ...payrunJobs,
  ...invoiceJobs,
  ...webhookJobs,
  ...teamJobs,
};
