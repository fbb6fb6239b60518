/** Every job kind and its handler, in one list. */
import { sendInvitation } from "@/domain/employees/employee-invitation";
import { NOTIFY_EMPLOYEE_JOB } from "@/domain/employees/employee-service";
import { EMAIL_PAYOUT_JOB, emailPayout } from "@/domain/payouts/payout-notification";
import { EMAIL_INVOICE_JOB } from "@/domain/invoices/invoice-issue";
import { emailInvoice } from "@/domain/invoices/invoice-email";
import { NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts } from "@/domain/payruns/payrun-payment";
import { deliverWebhook } from "@/domain/webhooks/webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "@/domain/webhooks/webhook-fanout";
import { sendTeamInvitation } from "@/domain/team/team-invitation-email";
import { TEAM_INVITE_JOB } from "@/domain/team/team-service";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "@/domain/team/password-reset-email";
import { SIGN_IN_LINK_JOB, sendSignInLink } from "@/domain/employees/employee-sign-in-link";
import { registerJobHandler } from "./job-handlers";

registerJobHandler(NOTIFY_EMPLOYEE_JOB, sendInvitation);
registerJobHandler(NOTIFY_PAYOUTS_JOB, notifyPayrunPayouts);
registerJobHandler(EMAIL_PAYOUT_JOB, emailPayout);
registerJobHandler(DELIVER_WEBHOOK_JOB, deliverWebhook);
registerJobHandler(EMAIL_INVOICE_JOB, emailInvoice);
registerJobHandler(TEAM_INVITE_JOB, sendTeamInvitation);
registerJobHandler(PASSWORD_RESET_JOB, sendPasswordReset);
registerJobHandler(SIGN_IN_LINK_JOB, sendSignInLink);
