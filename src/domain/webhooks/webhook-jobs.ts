/** The webhooks' outbox job: deliveries, a claimed batch at a time. */
import { batch, type JobHandlers } from "@/domain/outbox/job-handlers";
import { deliverWebhooks } from "./webhook-delivery";
import { DELIVER_WEBHOOK_JOB } from "./webhook-fanout";

export const webhookJobs: JobHandlers = {
  [DELIVER_WEBHOOK_JOB]: batch(deliverWebhooks),
};
