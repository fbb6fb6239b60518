/**
 * PostgreSQL notifications for what this process remembers of rows other instances may change (which
 * Integration an Integration-ID names): one connection of its own, opened on the first subscription, that
 * LISTENs on every channel subscribed. A notification arrives shortly after the writer's commit (typically
 * well under a millisecond on one host), not before its write returns as on the embedded database.
 *
 * While the connection is down, notifications may be missed: the subscription says so (`live` false), every
 * listener is called (so that what was remembered is forgotten), and the connection is opened again. It is
 * called once more when the connection is back, so that a read begun before then is not remembered either.
 */
import pg from "pg";

/** A channel subscription; `live` is false while notifications may be missed (nothing read then may be remembered). */
export interface Subscription {
  readonly live: boolean;
}

export class PgNotifications implements Subscription {
  private client: pg.Client | null = null;
  private opening: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly connectionString: string,
    /** Told why the connection was lost or could not be opened (it is opened again by itself). */
    private readonly onError: (e: unknown) => void = () => undefined,
  ) {}

  get live(): boolean {
    return this.client !== null;
  }

  /** Calls `listener` on every notification of `channel` and whenever some may have been missed. */
  async listen(channel: string, listener: () => void): Promise<Subscription> {
    let set = this.listeners.get(channel);
    const added = !set;
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    if (!this.opening) this.opening = this.open().catch((e: unknown) => this.failed(e, 1_000));
    await this.opening;
    if (added && this.client) await this.client.query(listenText(channel)).catch(() => this.lost(this.client));
    return this;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.connectionString });
    c.on("notification", (n) => this.notify(n.channel));
    c.on("error", (e) => {
      if (this.client === c) this.onError(e);
      this.lost(c);
    });
    c.on("end", () => this.lost(c));
    try {
      await c.connect();
      for (const channel of this.listeners.keys()) await c.query(listenText(channel));
    } catch (e) {
      void c.end().catch(() => undefined);
      throw e;
    }
    if (this.closed) {
      await c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.notifyAll();
  }

  private openLater(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.opening = this.open().catch((e: unknown) => this.failed(e, 5_000));
    }, ms);
    this.retry.unref();
  }

  private failed(e: unknown, retryMs: number): void {
    this.onError(e);
    this.openLater(retryMs);
  }

  private lost(c: pg.Client | null): void {
    if (!c || this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
    this.notifyAll();
    this.openLater(1_000);
  }

  private notify(channel: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener();
  }

  private notifyAll(): void {
    for (const channel of this.listeners.keys()) this.notify(channel);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}

/** The statement that subscribes a connection to `channel` (PostgreSQL's LISTEN). */
export function listenText(channel: string): string {
  return `LISTEN "${channel.replace(/"/g, '""')}"`;
}
