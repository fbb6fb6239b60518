import { performance } from "node:perf_hooks";
/** How many times its share an account may have in flight while it is alone on the instance. */
export const ALONE_FACTOR = 4;

/**
 * How long after another account's last request in flight an account still counts as sharing the instance.
 * A tenant sending one request after another leaves gaps of a fraction of a millisecond between them, and
 * one polling every second leaves a second: without this memory, the busy account would take its alone
 * share in every gap, and the other's next request would find it there (measured: docs/performance.md).
 */
export const SHARED_FOR_MS = 1000;

/**
 * The longest rest one write earns: its time in flight includes its client's upload, and a slow upload must
 * not hold the account's next write for as long again.
 */
export const MAX_REST_MS = 1000;

/** How often the event loop's utilisation is sampled for `loopBusyMax`, and how soon a write it held tries again. */
const LOOP_WINDOW_MS = 50;
const LOOP_RETRY_MS = 5;

/** The event loop's utilisation (0–1) over the last whole window of LOOP_WINDOW_MS. */
class LoopLoad {
  private mark = performance.eventLoopUtilization();
  private markedAt = performance.now();
  private last = 0;
  busy(): number {
    const now = performance.now();
    if (now - this.markedAt >= LOOP_WINDOW_MS) {
      const current = performance.eventLoopUtilization();
      this.last = performance.eventLoopUtilization(current, this.mark).utilization;
      this.mark = current;
      this.markedAt = now;
    }
    return this.last;
  }
}

interface Waiter {
  /** Arrival order across an account's two queues: the older head goes first when both may. */
  seq: number;
  grant: (ok: boolean) => void;
}

interface Slots {
  active: number;
  /** Of `active`, the writes. */
  writes: number;
  reads: Waiter[];
  writeQueue: Waiter[];
  /** While others are present, no new write before this (Date.now()): the rest its last writes earned. */
  restUntil: number;
  /** Wakes the write queue when the rest ends (nothing else might: the account may have nothing in flight). */
  timer: NodeJS.Timeout | null;
}

/** A request waiting for a slot: `granted` resolves true once it holds one, false if cancelled first. */
export interface Queued {
  readonly granted: Promise<boolean>;
  /** Leaves the queue (its client hung up); no effect once granted, when the caller must release. */
  cancel(): void;
}

export interface InFlightLimits {
  /** One account's requests in flight while other accounts are present. */
  concurrency: number;
  /** Of those, writes: they cost the database and the event loop several reads each. */
  writeConcurrency: number;
  /** One account's waiting requests (reads and writes together); beyond, refused. */
  queue: number;
  /**
   * The share of the time one account's writes may take while others are present (1: no limit): after a write
   * that took t ms, the account's next write waits t × (1 − share) / share. On the embedded database a write's
   * work is this process's own, and back to back writes would take all of it.
   */
  writeShare?: number;
  /**
   * While others are present, no account's write starts while the event loop was busier than this (0–1) over
   * the last 50 ms (1: no such check). A write's cost to the process is more than its time in the gate
   * (parsing, answering, and on the embedded database the database's own work), and the loop's load is
   * what another tenant's requests wait for.
   */
  loopBusyMax?: number;
  /** The loop's recent utilisation (0–1); default: measured over the last 50 ms (tests give their own). */
  loopBusy?: () => number;
}

/**
 * The cap on one account's requests in flight on this instance, with a bounded FIFO of waiting requests per
 * account. Latency is shared by the requests in progress (the event loop, and on the embedded database its one
 * connection, serve them in turn), so what one tenant can cost another is what it may have in flight: an
 * account may have `concurrency` requests in flight, of which `writeConcurrency` writes, while another account
 * is present (has requests in flight, or had within SHARED_FOR_MS); alone, ALONE_FACTOR times both, so that a
 * lone client is not held back for nobody's sake. Once another account arrives it is admitted at once, and the
 * first gives slots back as its requests finish, down to its share. Each account waits in its own queue, so a
 * newcomer never queues behind another account's backlog.
 */
export class InFlight {
  private readonly slots = new Map<string, Slots>();
  private total = 0;
  /** Requests waiting in any account's queue: while none wait, a release has no other queue to look at. */
  private queued = 0;
  private seq = 0;
  /** Until when (Date.now()) accounts count as sharing the instance, though only one has requests in flight. */
  private sharedUntil = 0;
  /** The account of the last request to arrive, and when: two accounts arriving within SHARED_FOR_MS share. */
  private lastArrival: { subject: string; at: number } = { subject: "", at: 0 };
  private readonly concurrency: number;
  private readonly writeConcurrency: number;
  private readonly queue: number;
  /** (1 − share) / share: the rest per ms of a write, 0 without a share. */
  private readonly restPerMs: number;
  private readonly loopBusyMax: number;
  private readonly loopBusy: () => number;

  constructor(limits: InFlightLimits) {
    this.concurrency = limits.concurrency;
    this.writeConcurrency = Math.min(limits.writeConcurrency, limits.concurrency);
    this.queue = limits.queue;
    const share = limits.writeShare ?? 1;
    this.restPerMs = share >= 1 ? 0 : (1 - share) / share;
    this.loopBusyMax = limits.loopBusyMax ?? 1;
    const loop = new LoopLoad();
    this.loopBusy = limits.loopBusy ?? (() => loop.busy());
  }

  /** Whether `entry` may hold one more slot (a write if `write`). */
  private mayHold(entry: Slots, write: boolean): boolean {
    // Wall-clock on purpose: fairness between requests in flight is measured in real time, not the domain's Clock.
    if (write && entry.restUntil !== 0 && Date.now() < entry.restUntil) return false;
    if (write && this.loopBusyMax < 1 && Date.now() < this.sharedUntil && this.loopBusy() > this.loopBusyMax) {
      // Held until the loop has room; the rest's timer tries again.
      entry.restUntil = Date.now() + LOOP_RETRY_MS;
      return false;
    }
    if (entry.active < this.concurrency && (!write || entry.writes < this.writeConcurrency)) return true;
    // Beyond the share only while alone: nobody else in flight now, nor lately (read last: it reads the clock).
    return (
      this.total === entry.active &&
      entry.active < this.concurrency * ALONE_FACTOR &&
      (!write || entry.writes < this.writeConcurrency * ALONE_FACTOR) &&
      Date.now() >= this.sharedUntil
    );
  }

  /** Remembers that another account is present besides `entry`. */
  private noteOthers(entry: Slots): void {
    if (this.total > entry.active) this.sharedUntil = Date.now() + SHARED_FOR_MS;
  }

  /**
   * Remembers that another account is present when two accounts' requests arrive within SHARED_FOR_MS, though
   * neither was in flight when the other's arrived: on the embedded database a request's work is the process's
   * own and often ends within the event-loop turn it began in, so in-flight counts alone seldom overlap.
   */
  private noteArrival(subject: string): void {
    const now = Date.now();
    if (this.lastArrival.subject !== subject) {
      if (now - this.lastArrival.at < SHARED_FOR_MS) this.sharedUntil = now + SHARED_FOR_MS;
      this.lastArrival.subject = subject;
    }
    this.lastArrival.at = now;
  }

  private take(entry: Slots, write: boolean): void {
    entry.active++;
    if (write) entry.writes++;
    this.total++;
  }

  /**
   * Takes a slot for `subject`: true when it holds one now, false when its queue is full, else a Queued that
   * resolves true once release() hands it a slot. The answer is immediate (no promise) whenever it can be, as
   * it is for nearly every request: the gate sits on every request's path.
   */
  acquire(subject: string, write = false): boolean | Queued {
    let entry = this.slots.get(subject);
    if (!entry) this.slots.set(subject, (entry = { active: 0, writes: 0, reads: [], writeQueue: [], restUntil: 0, timer: null }));
    this.noteOthers(entry);
    this.noteArrival(subject);
    const line = write ? entry.writeQueue : entry.reads;
    if (line.length === 0 && this.mayHold(entry, write)) {
      this.take(entry, write);
      return true;
    }
    if (entry.reads.length + entry.writeQueue.length >= this.queue) {
      this.forgetIfIdle(subject, entry);
      return false;
    }
    this.queued++;
    const waiter: Waiter = { seq: this.seq++, grant: () => undefined };
    // The slot is counted and handed over by release().
    const granted = new Promise<boolean>((resolve) => (waiter.grant = resolve));
    line.push(waiter);
    if (write) this.wakeAfterRest(entry);
    const slot = entry;
    return {
      granted,
      cancel: () => {
        const at = line.indexOf(waiter);
        if (at < 0) return; // already granted (or cancelled)
        line.splice(at, 1);
        this.queued--;
        waiter.grant(false);
        this.forgetIfIdle(subject, slot);
      },
    };
  }

  /** Drops an account's entry once nothing of it is in flight or waiting (its rest ends with it: nothing waits). */
  private forgetIfIdle(subject: string, entry: Slots): void {
    if (entry.active !== 0 || entry.reads.length !== 0 || entry.writeQueue.length !== 0) return;
    if (entry.timer) clearTimeout(entry.timer);
    this.slots.delete(subject);
  }

  /** Admits the account's waiting writes when its rest ends, unless a timer already will. */
  private wakeAfterRest(entry: Slots): void {
    if (entry.timer || entry.writeQueue.length === 0) return;
    const ms = entry.restUntil - Date.now();
    if (ms <= 0) return;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      this.admitWaiting(entry);
      this.wakeAfterRest(entry);
    }, ms);
  }

  /**
   * Frees a slot; then admits waiting requests, of this account first, that may now hold one (in order).
   * `tookMs`: how long a write was in flight, for its rest while others are present.
   */
  release(subject: string, write = false, tookMs = 0): void {
    const entry = this.slots.get(subject);
    if (!entry) return;
    entry.active--;
    if (write) entry.writes--;
    this.total--;
    this.noteOthers(entry);
    if (write && this.restPerMs > 0 && (this.total > entry.active || Date.now() < this.sharedUntil)) {
      entry.restUntil = Math.max(entry.restUntil, Date.now() + Math.min(tookMs * this.restPerMs, MAX_REST_MS));
    }
    if (this.queued > 0) {
      this.admitWaiting(entry);
      // Another account's queue may move too: this one leaving lets it borrow again.
      for (const other of this.slots.values()) if (other !== entry && other.reads.length + other.writeQueue.length > 0) this.admitWaiting(other);
      this.wakeAfterRest(entry);
    }
    this.forgetIfIdle(subject, entry);
  }

  /** Hands slots to the account's waiting requests while it may hold them: the older of the two heads first. */
  private admitWaiting(entry: Slots): void {
    for (;;) {
      const read = entry.reads.length > 0 && this.mayHold(entry, false) ? entry.reads[0] : undefined;
      const write = entry.writeQueue.length > 0 && this.mayHold(entry, true) ? entry.writeQueue[0] : undefined;
      const asWrite = write !== undefined && (read === undefined || write.seq < read.seq);
      const next = asWrite ? entry.writeQueue.shift() : read !== undefined ? entry.reads.shift() : undefined;
      if (next === undefined) return;
      this.take(entry, asWrite);
      this.queued--;
      // Handed over after the I/O already waiting (setImmediate runs after the loop's poll phase): another
      // account's request that has arrived, or whose query has answered, goes on before this backlog's next.
      setImmediate(next.grant, true);
    }
  }

  /** Requests in flight and waiting, for tests and metrics. */
  stats(subject: string): { active: number; writes: number; waiting: number } {
    const entry = this.slots.get(subject);
    return entry ? { active: entry.active, writes: entry.writes, waiting: entry.reads.length + entry.writeQueue.length } : { active: 0, writes: 0, waiting: 0 };
  }
}
