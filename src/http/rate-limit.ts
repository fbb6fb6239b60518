/**
 * Rate limits of the /v2/ API and /api/trpc: requests per second per API key (or per dashboard user browsing
 * the API) and per account across its keys, plus a cap on one account's requests in flight on this instance
 * (`./in-flight.ts`), so that one tenant's flood cannot occupy the database pool. Every answer after
 * authentication carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF RateLimit header
 * fields draft, seconds); a refusal is `429 {"detail"}` with `Retry-After`. The counting is the `Limiter`s'
 * (`./limiter.ts`), on whichever store the configuration names (`./limit-stores.ts`); when the store fails,
 * counting goes on in this process's memory (logged), never a 5xx.
 */
import type http from "node:http";
import type { Environment } from "@/domain/environments";
import { t } from "@/i18n/locale";
import type { Logger } from "@/log";
import type { Principal } from "@/trpc/context";
import { InFlight } from "./in-flight";
import { createLimiter, type RateLimitStore } from "./limit-stores";
import type { LimitAnswer, Limiter } from "./limiter";
import { jsonResponse, type HttpResponse } from "./respond";

export interface RateLimitSettings {
  /** Requests per second per API key (or per dashboard user), by environment. */
  perKey: Record<Environment, number>;
  /** Requests per second per account, across its keys and users. */
  perAccount: Record<Environment, number>;
  /** One account's requests in flight at once on this instance; more wait in the queue. */
  concurrency: number;
  /** Of those, writes (POST, PUT, PATCH, DELETE); absent: as many as `concurrency`. */
  writeConcurrency?: number;
  /** The share of the time one account's writes may take while other accounts are present; absent: 1 (no rest). */
  writeShare?: number;
  /** While other accounts are present, no write starts while the event loop is busier than this (0–1; absent: 1). */
  loopBusyMax?: number;
  /** How many of one account's requests may wait for a slot; beyond that, 429. */
  queue: number;
  /** The window of the per-key and per-account limits, in seconds (default 1: the limits are per second). */
  windowSeconds?: number;
}

/**
 * A request's verdict over the limits it counts against: refused when any refuses (`retryMs`: the longest of
 * their waits), and the RateLimit fields of the one closest to refusing.
 */
interface Verdict {
  allowed: boolean;
  retryMs: number;
  limit: number;
  remaining: number;
  msBeforeNext: number;
}

/** A caller's limiters: its key's and, unless the caller is one subject, its account's. */
interface Limits {
  key: Limiter;
  account: Limiter | null;
}

/** The verdict of the key's and (when counted apart) the account's answers; the key's fields on a tie. */
function verdict(limits: Limits, byKey: LimitAnswer, byAccount: LimitAnswer | null): Verdict {
  const retryMs = Math.max(byKey.allowed ? 0 : byKey.msBeforeNext, byAccount && !byAccount.allowed ? byAccount.msBeforeNext : 0);
  const allowed = byKey.allowed && (byAccount === null || byAccount.allowed);
  if (limits.account && byAccount && byAccount.remaining < byKey.remaining) {
    return { allowed, retryMs, limit: limits.account.points, remaining: byAccount.remaining, msBeforeNext: byAccount.msBeforeNext };
  }
  return { allowed, retryMs, limit: limits.key.points, remaining: byKey.remaining, msBeforeNext: byKey.msBeforeNext };
}

/** The IETF draft's fields, ahead of `rest`. */
function rateLimitHeaders(f: Verdict, rest?: Record<string, string>): Record<string, string> {
  return {
    "RateLimit-Limit": String(f.limit),
    "RateLimit-Remaining": String(f.remaining),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(f.msBeforeNext / 1000))),
    ...rest,
  };
}

/** A refused verdict's wait in whole seconds (at least 1), and its answer's headers. */
function refusal(v: Verdict): { seconds: number; headers: Record<string, string> } {
  const seconds = Math.max(1, Math.ceil(v.retryMs / 1000));
  return { seconds, headers: rateLimitHeaders(v, { "Retry-After": String(seconds) }) };
}

/** Who a principal's requests count against: the key (or user) and the account (or, for operators, the user). */
function subjects(p: Principal): { key: string; account: string } {
  const key = p.apiKeyPk ? `key:${p.apiKeyPk}` : `user:${p.userId ?? "unknown"}`;
  return { key, account: p.accountPk ? `account:${p.accountPk}` : key };
}

/** An admitted request: the slot it holds (null once freed), whether a write's, and its answer's RateLimit fields. */
interface Admitted extends Verdict {
  slot: string | null;
  write: boolean;
  /** When it was admitted (performance.now()): a write's time in flight earns its account's rest. */
  since: number;
}

/** Requests that change something: they take a write slot of the in-flight gate (HEAD and OPTIONS read). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class ApiRateLimiter {
  /** By environment: an API key's, or a dashboard user's browsing /v2/, limits. */
  private readonly limits: Record<Environment, Limits>;
  /** On /api/trpc, dashboard people and callers without credentials: one subject each, at the live key rate. */
  private readonly single: Limits;
  private readonly inFlight: InFlight;
  private readonly admitted = new WeakMap<http.IncomingMessage, Admitted>();

  constructor(settings: RateLimitSettings, store: RateLimitStore, log: Logger) {
    const make = (prefix: string, points: number) => createLimiter(store, { prefix, points, windowSeconds: settings.windowSeconds ?? 1 }, log);
    const limits = (env: Environment) => ({ key: make(`api_key_${env}`, settings.perKey[env]), account: make(`api_account_${env}`, settings.perAccount[env]) });
    this.limits = { live: limits("live"), demo: limits("demo") };
    this.single = { key: this.limits.live.key, account: null };
    this.inFlight = new InFlight({
      concurrency: settings.concurrency,
      writeConcurrency: settings.writeConcurrency ?? settings.concurrency,
      queue: settings.queue,
      writeShare: settings.writeShare,
      loopBusyMax: settings.loopBusyMax,
    });
  }

  /** Takes `cost` points of each subject: the verdict as it is when the limiters answer at once (nearly always), else a promise. */
  private count(limits: Limits, key: string, account: string, cost: number): Verdict | Promise<Verdict> {
    const byKey = limits.key.take(key, cost);
    const byAccount = limits.account ? limits.account.take(account, cost) : null;
    if (byKey instanceof Promise || byAccount instanceof Promise) return Promise.all([byKey, byAccount]).then(([k, a]) => verdict(limits, k, a));
    return verdict(limits, byKey, byAccount);
  }

  /**
   * A /api/trpc request of `calls` procedure calls (a batch counts each), for every kind of caller: an API key
   * against its key's and its account's limits, as on /v2/; a dashboard person against their own rate (the
   * live key rate, far above what a person clicking sends, so that an account's API traffic never locks its
   * staff out of the dashboard); anyone else against their address, at the same rate.
   */
  async checkTrpc(
    principal: Principal | null,
    address: string,
    calls: number,
  ): Promise<{ refusal: { seconds: number } | null; headers: Record<string, string> }> {
    const who = principal ? subjects(principal) : { key: `address:${address}`, account: "" };
    const v = await this.count(principal?.via === "api_key" ? this.limits[principal.environment] : this.single, who.key, who.account, calls);
    if (v.allowed) return { refusal: null, headers: rateLimitHeaders(v) };
    const { seconds, headers } = refusal(v);
    return { refusal: { seconds }, headers };
  }

  /**
   * Admits an authenticated /v2/ request: null when it may go on (holding one of its account's slots until
   * `settle`), or the 429 answer. The answer is immediate (no promise) when both limiters and the in-flight
   * gate decide at once, as they do for nearly every request; a promise only when a limiter asks its store
   * or the request queues for a slot.
   */
  admit(req: http.IncomingMessage, principal: Principal): HttpResponse | null | Promise<HttpResponse | null> {
    const { key, account } = subjects(principal);
    const counted = this.count(this.limits[principal.environment], key, account, 1);
    return counted instanceof Promise ? counted.then((v) => this.decide(req, account, v)) : this.decide(req, account, counted);
  }

  private decide(req: http.IncomingMessage, slot: string, v: Verdict): HttpResponse | null | Promise<HttpResponse | null> {
    if (!v.allowed) {
      const { seconds, headers } = refusal(v);
      return jsonResponse(429, { detail: t("rate_limited", { seconds }) }, headers);
    }
    const write = !READ_METHODS.has(req.method ?? "GET");
    const acquired = this.inFlight.acquire(slot, write);
    if (typeof acquired === "boolean") return this.held(req, slot, write, v, acquired);
    // A client that hangs up while its request waits leaves the queue at once (its 429 reaches nobody).
    const socket = req.socket;
    const gone = () => acquired.cancel();
    socket.once("close", gone);
    return acquired.granted.then((ok) => {
      socket.off("close", gone);
      return this.held(req, slot, write, v, ok);
    });
  }

  /** After the in-flight gate: the request holds its slot until `settle`, or the 429 of a full queue. */
  private held(req: http.IncomingMessage, slot: string, write: boolean, v: Verdict, ok: boolean): HttpResponse | null {
    if (!ok) return jsonResponse(429, { detail: t("rate_limited_concurrency") }, rateLimitHeaders(v, { "Retry-After": "1" }));
    const { allowed, retryMs, limit, remaining, msBeforeNext } = v;
    this.admitted.set(req, { allowed, retryMs, limit, remaining, msBeforeNext, slot, write, since: performance.now() });
    return null;
  }

  /** Adds the request's RateLimit fields to its answer and frees its slot (safe to call more than once). */
  settle(req: http.IncomingMessage, response: HttpResponse): HttpResponse {
    const admitted = this.admitted.get(req);
    if (!admitted) return response;
    this.free(admitted);
    return { ...response, headers: rateLimitHeaders(admitted, response.headers) };
  }

  release(req: http.IncomingMessage): void {
    const admitted = this.admitted.get(req);
    if (admitted) this.free(admitted);
  }

  private free(admitted: Admitted): void {
    if (admitted.slot === null) return;
    this.inFlight.release(admitted.slot, admitted.write, admitted.write ? performance.now() - admitted.since : 0);
    admitted.slot = null;
  }
}
