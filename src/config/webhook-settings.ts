/**
 * The webhook settings the services and the delivery job are given (WEBHOOK_PRIVATE_TARGETS,
 * WEBHOOK_TIMEOUT_MS, WEBHOOK_DISABLE_AFTER_MINUTES). Here, beside the env schema, so that the outbox's JobContext can name them without
 * importing the webhooks folder (which imports the outbox).
 */
import type { TEnv } from "./env";

/** WEBHOOK_PRIVATE_TARGETS: who may reach non-public addresses ("none" by default; the others are for development). */
export type PrivateTargets = TEnv["WEBHOOK_PRIVATE_TARGETS"];

export interface WebhookSettings {
  privateTargets: PrivateTargets;
  timeoutMs: number;
  /** WEBHOOK_DISABLE_AFTER_MINUTES: how long every attempt may fail before the subscription is disabled. */
  disableAfterMinutes: number;
}
