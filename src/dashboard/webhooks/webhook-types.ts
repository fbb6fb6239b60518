import type { RouterOutputs } from "../trpc";

export type Webhook = RouterOutputs["webhooks"]["get"];
export type EventInfo = RouterOutputs["webhooks"]["events"][number];
export type Delivery = RouterOutputs["webhooks"]["deliveries"]["results"][number];
export type Attempt = Delivery["attempt_log"][number];

/** The delivery log's statuses, as the API's `status` filter names them. */
export const DELIVERY_STATUS_FILTERS = ["pending", "succeeded", "failed"] as const;

/** The delivery log's filters ("" for all). */
export interface DeliveryFilters {
  status: (typeof DELIVERY_STATUS_FILTERS)[number] | "";
  event_type: string;
}

/** The server's page of deliveries (webhook-log.ts); it takes no page size. */
export const DELIVERY_PAGE_SIZE = 20;
/** How often the log is read again while a delivery waits for its first attempt or a retry. */
export const DELIVERY_POLL_MS = 3_000;
/**
 * How long the log keeps reading again after the reader queued deliveries: a filtered log (succeeded only, say)
 * shows none of the pending ones it waits for, so their being pending cannot be what keeps it polling.
 */
export const DELIVERY_WATCH_MS = 60_000;

export function webhookPath(id: string): string {
  return `/webhooks/${encodeURIComponent(id)}`;
}

export type WebhookScopeLabel = "Integration" | "Account";

/**
 * Whose subscription it is. The API does not return the scope; it refuses Employee, Payout and Payrun
 * events outside an Integration's scope, so a subscription with any of them is the Integration's. One with
 * account events only (Registration.*) is shown as the account's, the spec's definition of that scope.
 */
export function webhookScope(webhook: Pick<Webhook, "events">, catalogue: readonly Pick<EventInfo, "name" | "scope">[]): WebhookScopeLabel {
  const integrationEvents = new Set<string>(catalogue.filter((e) => e.scope === "integration").map((e) => e.name));
  return webhook.events.some((name) => integrationEvents.has(name)) ? "Integration" : "Account";
}

export interface EventGroup<E> {
  object: string;
  events: E[];
}

/** The catalogue by the object each event carries (Employee, Payout, Payrun, Registration), in catalogue order. */
export function groupEvents<E extends Pick<EventInfo, "object">>(catalogue: readonly E[]): EventGroup<E>[] {
  const groups: EventGroup<E>[] = [];
  for (const event of catalogue) {
    const group = groups.find((g) => g.object === event.object);
    if (group) group.events.push(event);
    else groups.push({ object: event.object, events: [event] });
  }
  return groups;
}

/** A delivery's body indented for reading; the bytes sent are kept as they are when they are not JSON. */
export function prettyPayload(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export type DeliveryLabel = "Pending" | "Retrying" | "Succeeded" | "Failed";

/** A pending delivery that has been tried already is waiting for a retry. */
export function deliveryLabel(d: Pick<Delivery, "status" | "attempts">): DeliveryLabel {
  if (d.status === "succeeded") return "Succeeded";
  if (d.status === "failed") return "Failed";
  return d.attempts > 0 ? "Retrying" : "Pending";
}

/** Poll while any delivery on the page still has an attempt to come. */
export function hasPendingDelivery(deliveries: readonly Pick<Delivery, "status">[] | undefined): boolean {
  return deliveries?.some((d) => d.status === "pending") ?? false;
}
