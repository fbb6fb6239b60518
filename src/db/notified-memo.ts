/**
 * Answers read from the database, remembered per key until a notification on a channel says they may have changed
 * (sent by the writer in its transaction, so heard at its commit by every instance; the listener is also called when
 * notifications may have been missed). While the subscription is not live (PostgreSQL's notification connection
 * down) nothing is remembered and every read goes to the database. On the embedded database a notification arrives
 * before the write that sent it returns. Used by the Integration-ID lookup and the demo clock's offsets.
 */
import type { FastSql } from "./fast-sql";
import type { Subscription } from "./pg-notifications";

type Listen = NonNullable<FastSql["listen"]>;

/** Enough for every key in use at once; beyond it the memo starts over. */
const MAX_REMEMBERED = 10_000;

export class NotifiedMemo<V> {
  private readonly answers = new Map<string, V>();
  /** Bumped by every notification: an answer read before one is not kept. */
  private generation = 0;
  private subscription: Subscription = { live: false };
  private readonly waiting = new Set<() => void>();

  /** `key`'s remembered answer, else `read`'s, remembered when `keep` says so and no notification came meanwhile. */
  async get(key: string, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const known = this.answers.get(key);
    if (known !== undefined && this.subscription.live) return known;
    const generation = this.generation;
    const value = await read();
    if (keep(value) && generation === this.generation && this.subscription.live) {
      if (this.answers.size >= MAX_REMEMBERED) this.answers.clear();
      this.answers.set(key, value);
    }
    return value;
  }

  /** Forgets every answer at once (a write made by this process, or a notification). */
  forget(): void {
    this.generation++;
    this.answers.clear();
  }

  /**
   * Called before a write that notifies: the returned function resolves once this process has heard the next
   * notification, or after `withinMs` (a listener reconnecting).
   */
  nextNotification(withinMs: number): () => Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waiting.add(resolve);
      timer = setTimeout(() => {
        this.waiting.delete(resolve);
        resolve();
      }, withinMs);
    });
    return async () => {
      await heard;
      clearTimeout(timer);
    };
  }

  private notified(): void {
    this.forget();
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /** A memo listening on `channel` (through a client's `listen`). */
  static async listening<V>(listen: Listen, channel: string): Promise<NotifiedMemo<V>> {
    const memo = new NotifiedMemo<V>();
    memo.subscription = await listen(channel, () => memo.notified());
    return memo;
  }
}

/**
 * The memos of one channel, one per database client (a process may hold several, e.g. tests' apps), each listening
 * from its first use; `forgetAll` forgets every one of this process's answers at once.
 */
export function notifiedMemos<V>(channel: string) {
  const memos = new WeakMap<FastSql, Promise<NotifiedMemo<V>>>();
  const all = new Set<NotifiedMemo<V>>();
  return {
    /** `sql`'s memo; `listen` is `sql.listen` (where it has one: a request's transaction has none). */
    of(sql: FastSql, listen: Listen): Promise<NotifiedMemo<V>> {
      let memo = memos.get(sql);
      if (!memo) {
        memo = NotifiedMemo.listening<V>(listen, channel).then((m) => {
          all.add(m);
          return m;
        });
        memos.set(sql, memo);
      }
      return memo;
    },
    forgetAll(): void {
      for (const m of all) m.forget();
    },
  };
}
