/** Every job kind and its handler, in one list. */
import { sendInvitations } from "@/domain/employees/employee-invitation";
import { NOTIFY_EMPLOYEE_JOB } from "@/domain/employees/employee-service";
import { EMAIL_PAYOUT_JOB, emailPayout } from "@/domain/payouts/payout-notification";
import { EMAIL_INVOICE_JOB } from "@/domain/invoices/invoice-issue";
import { emailInvoice } from "@/domain/invoices/invoice-email";
import { NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts } from "@/domain/payruns/payrun-payment";
import { AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns } from "@/domain/payruns/payrun-explicit";
import { deliverWebhooks } from "@/domain/webhooks/webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "@/domain/webhooks/webhook-fanout";
import { sendTeamInvitation } from "@/domain/team/team-invitation-email";
import { TEAM_INVITE_JOB } from "@/domain/team/team-service";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "@/domain/team/password-reset-email";
import { SIGN_IN_LINK_JOB, sendSignInLink } from "@/domain/employees/employee-sign-in-link";
import { registerBatchJobHandler, registerJobHandler } from "./job-handlers";

registerBatchJobHandler(NOTIFY_EMPLOYEE_JOB, sendInvitations);
registerJobHandler(NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts);
registerJobHandler(EMAIL_PAYOUT_JOB, emailPayout);
registerBatchJobHandler(DELIVER_WEBHOOK_JOB, deliverWebhooks);
registerJobHandler(EMAIL_INVOICE_JOB, emailInvoice);
registerJobHandler(AUTO_CLOSE_PAYRUNS_JOB, autoClosePayruns);
registerJobHandler(TEAM_INVITE_JOB, sendTeamInvitation);
registerJobHandler(PASSWORD_RESET_JOB, sendPasswordReset);
registerJobHandler(SIGN_IN_LINK_JOB, sendSignInLink);
