/** Every job kind and its handler, in one list. */
import { sendInvitation } from "@/domain/employees/employee-invitation";
import { NOTIFY_EMPLOYEE_JOB } from "@/domain/employees/employee-service";
import { EMAIL_PAYOUT_JOB, emailPayout } from "@/domain/payouts/payout-notification";
import { EMAIL_INVOICE_JOB } from "@/domain/invoices/invoice-issue";
import { emailInvoice } from "@/domain/invoices/invoice-email";
import { NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts } from "@/domain/payruns/payrun-payment";
import { AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns } from "@/domain/payruns/payrun-explicit";
import { deliverWebhook } from "@/domain/webhooks/webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "@/domain/webhooks/webhook-fanout";
import { registerJobHandler } from "./job-handlers";

registerJobHandler(NOTIFY_EMPLOYEE_JOB, sendInvitation);
registerJobHandler(NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts);
registerJobHandler(EMAIL_PAYOUT_JOB, emailPayout);
registerJobHandler(DELIVER_WEBHOOK_JOB, deliverWebhook);
registerJobHandler(EMAIL_INVOICE_JOB, emailInvoice);
registerJobHandler(AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns);
