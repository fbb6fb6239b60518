/**
 * Prometheus metrics (prom-client), served on a port of their own (METRICS_PORT) by `npm start` and by
 * `npm run worker`, never through the public port: the worker processes have metrics too (webhook
 * deliveries happen there), and a separate listener needs no secret. One registry per process (tests start
 * several apps in one process, so not prom-client's global one).
 *
 * Outbox and pool gauges are read when scraped, so every process reports the same database-wide backlog:
 * aggregate them with max(), not sum().
 */
import http from "node:http";
import type pg from "pg";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "@/db/database";
import { qb, runIn, secondsSince } from "@/db/query-builder";
import type { Logger } from "@/log";
import { jobHandlers } from "@/worker/job-registry";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type RateLimitSurface = "v2" | "trpc" | "sign-in";
export type WebhookOutcome = "success" | "http_error" | "network_error";

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly latency: Histogram<"method" | "route" | "status">;
  private readonly refusals: Counter<"surface">;
  private readonly requestLogDrops: Counter<"reason">;
  private readonly webhookAttempts: Counter<"outcome">;
  private readonly webhookLatency: Histogram<"outcome">;
  private readonly backlog: Gauge<"kind">;
  private readonly oldest: Gauge<"kind">;
  private readonly databaseUp: Gauge;
  /** Job kinds seen in any scrape, besides those with a handler: reported as 0 rather than absent. */
  private readonly kinds = new Set<string>();

  constructor(
    private readonly source: { db: Db; pool: pg.Pool | null; log: Logger },
    opts: { defaultMetrics?: boolean } = {},
  ) {
    const registers = [this.registry];
    if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: "payroute_" });
    this.requests = new Counter({
      name: "payroute_http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.latency = new Histogram({
      name: "payroute_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: "payroute_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit: v2 (per key, per account, concurrency), trpc (per dashboard user), sign-in",
      labelNames: ["surface"],
      registers,
    });
    this.requestLogDrops = new Counter({
      name: "payroute_request_log_dropped_total",
      help: "Request log records not kept: full (the writer's buffer was full, the database too slow or the writer stalled) or failed (a batch's write failed)",
      labelNames: ["reason"],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: "payroute_webhook_attempts_total",
      help: "Webhook delivery attempts made by this process: success (2xx), http_error (another status), network_error (no answer)",
      labelNames: ["outcome"],
      registers,
    });
    this.webhookLatency = new Histogram({
      name: "payroute_webhook_attempt_duration_seconds",
      help: "Time a webhook receiver took to answer (or to fail), by outcome",
      labelNames: ["outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.backlog = new Gauge({
      name: "payroute_outbox_backlog",
      help: "Outbox jobs not finished (due or scheduled), by kind",
      labelNames: ["kind"],
      registers,
    });
    this.oldest = new Gauge({
      name: "payroute_outbox_oldest_job_age_seconds",
      help: "Age of the oldest unfinished outbox job, by kind (0 when none)",
      labelNames: ["kind"],
      registers,
    });
    this.databaseUp = new Gauge({ name: "payroute_database_up", help: "1 when the database answered the scrape's queries, else 0", registers });
    const pool = source.pool;
    if (pool) {
      new Gauge({
        name: "payroute_db_pool_connections",
        help: "PostgreSQL pool of this process: open connections (total), idle ones, and queries waiting for one",
        labelNames: ["state"],
        registers,
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
      new Gauge({ name: "payroute_db_pool_max", help: "Most connections the pool opens", registers }).set(pool.options.max ?? 10);
    }
  }

  /** One answered request; `route` is a template ("/v2/employees/{id}/"), never the raw path. */
  observeRequest(method: string | undefined, route: string, status: number, seconds: number): void {
    const labels = { method: method && METHODS.has(method) ? method : "other", route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  rateLimited(surface: RateLimitSurface): void {
    this.refusals.inc({ surface });
  }

  requestLogDropped(reason: "full" | "failed", count: number): void {
    this.requestLogDrops.inc({ reason }, count);
  }

  webhookAttempt(outcome: WebhookOutcome, seconds: number): void {
    this.webhookAttempts.inc({ outcome });
    this.webhookLatency.observe({ outcome }, seconds);
  }

  /** The exposition text, with the database gauges read now. */
  async scrape(): Promise<string> {
    await this.readOutbox();
    return this.registry.metrics();
  }

  private async readOutbox(): Promise<void> {
    try {
      const rows = await runIn(
        this.source.db,
        qb
          .selectFrom("outbox_job")
          .select((eb) => ["kind", eb.cast<number>(eb.fn.countAll(), "integer").as("backlog"), secondsSince(eb.fn.min("created_at")).as("oldest_seconds")])
          .where("completed_at", "is", null)
          .where("failed_at", "is", null)
          .groupBy("kind"),
      );
      this.backlog.reset();
      this.oldest.reset();
      for (const kind of new Set([...Object.keys(jobHandlers), ...this.kinds])) {
        this.backlog.set({ kind }, 0);
        this.oldest.set({ kind }, 0);
      }
      for (const r of rows) {
        this.kinds.add(r.kind);
        this.backlog.set({ kind: r.kind }, r.backlog);
        this.oldest.set({ kind: r.kind }, Math.max(0, r.oldest_seconds));
      }
      this.databaseUp.set(1);
    } catch (e) {
      this.databaseUp.set(0);
      this.source.log.warn({ err: e }, "metrics: outbox gauges not read");
    }
  }
}

/** The metrics listener: `GET /metrics` and nothing else. */
export function createMetricsServer(metrics: Metrics, log: Logger): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: "Not found." }));
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(req.method === "HEAD" ? undefined : text),
      (e: unknown) => {
        log.error({ err: e }, "metrics scrape failed");
        res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: "Metrics could not be collected." }));
      },
    );
  });
}

/** A Metrics of this process and its listener on `port` (0: any free port), for `npm start`, the worker and tests. */
export async function startMetricsServer(
  source: { db: Db; pool: pg.Pool | null; log: Logger },
  port: number,
  host: string,
): Promise<{ metrics: Metrics; url: string; close(): Promise<void> }> {
  const metrics = new Metrics(source);
  const server = createMetricsServer(metrics, source.log);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}/metrics`;
  source.log.info({ url }, "metrics listening");
  return {
    metrics,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
