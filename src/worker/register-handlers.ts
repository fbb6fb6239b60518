/** Every job kind and its handler, in one list. */
import { sendInvitation } from "@/domain/employees/employee-invitation";
import { NOTIFY_EMPLOYEE_JOB } from "@/domain/employees/employee-service";
import { deliverWebhook } from "@/domain/webhooks/webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "@/domain/webhooks/webhook-fanout";
import { registerJobHandler } from "./job-handlers";

registerJobHandler(NOTIFY_EMPLOYEE_JOB, sendInvitation);
registerJobHandler(DELIVER_WEBHOOK_JOB, deliverWebhook);
