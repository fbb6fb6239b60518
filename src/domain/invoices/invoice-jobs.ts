/** The Invoices' outbox job: the issued Invoice's email with its PDF. */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { emailInvoice } from "./invoice-email";
import { EMAIL_INVOICE_JOB } from "@/domain/billing/invoice-issue";

export const invoiceJobs: JobHandlers = {
  [EMAIL_INVOICE_JOB]: single(emailInvoice),
};
