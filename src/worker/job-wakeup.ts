/**
 * Wakes a worker when jobs are committed on any instance: one PostgreSQL connection that LISTENs on the
 * outbox channel (the trigger of migration 0014 notifies it at commit). A lost connection is opened again,
 * and the worker is woken then too, for what it may have missed; meanwhile its slow poll covers it.
 */
import pg from "pg";
import { listenText } from "@/db/pg-notifications";
import { OUTBOX_CHANNEL } from "@/domain/outbox/outbox-claim";
import type { Logger } from "@/log";

export type JobListener = (wake: () => void) => Promise<() => Promise<void>>;

export function postgresJobListener(url: string, log: Logger): JobListener {
  return async (wake) => {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (n) => {
        if (n.channel === OUTBOX_CHANNEL) wake();
      });
      c.on("error", (e) => {
        log.warn({ err: e }, "outbox listener connection lost");
        reconnect(c);
      });
      c.on("end", () => reconnect(c));
      await c.connect();
      await c.query(listenText(OUTBOX_CHANNEL));
      client = c;
      wake();
    };
    const reconnect = (c: pg.Client) => {
      if (closed || client !== c) return;
      client = null;
      void c.end().catch(() => undefined);
      connectLater(1_000);
    };
    const connectLater = (ms: number) => {
      if (closed) return;
      retry = setTimeout(() => {
        connect().catch((e: unknown) => {
          log.warn({ err: e }, "outbox listener could not connect");
          connectLater(5_000);
        });
      }, ms);
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
}
