/** The webhooks' outbox jobs: deliveries, a claimed batch at a time, and the health notices to the admins. */
import { batch, single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { deliverWebhooks } from "./webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "./webhook-fanout";
import { WEBHOOK_NOTICE_JOB } from "./webhook-health";
import { sendHealthNotice } from "./webhook-health-email";

export const webhookJobs: JobHandlers = {
  [DELIVER_WEBHOOK_JOB]: batch(deliverWebhooks),
  [WEBHOOK_NOTICE_JOB]: single(sendHealthNotice),
};
