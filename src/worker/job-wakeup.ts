/**
 * Wakes a worker when jobs are committed on any instance: a connection that LISTENs on the outbox channel (the
 * trigger of migration 0014 notifies it at commit), src/db/pg-notifications.ts. A lost connection is opened
 * again, and the worker is woken then too, for what it may have missed; meanwhile its slow poll covers it.
 */
import { PgNotifications } from "@/db/pg-notifications";
import { OUTBOX_CHANNEL } from "@/domain/outbox/outbox-claim";
import type { Logger } from "@/log";

export type JobListener = (wake: () => void) => Promise<() => Promise<void>>;

export function postgresJobListener(url: string, log: Logger): JobListener {
  return async (wake) => {
    const notifications = new PgNotifications(url, (e) => log.warn({ err: e }, "outbox listener connection lost or not opened"));
    const subscription = await notifications.listen(OUTBOX_CHANNEL, wake);
    // Not connected at start: the worker polls often instead (it is told by the throw).
    if (!subscription.live) {
      await notifications.close();
      throw new Error("the outbox listener could not connect");
    }
    return () => notifications.close();
  };
}
