/** Configuration, read once from the environment and validated (README, "Configuration"). */
import { z } from "zod";
import { luhnCheckDigit } from "@/lib/luhn";
import { DEFAULT_SESSION_WARNING_SECONDS, MAX_SESSION_LIFETIME_SECONDS } from "./session-lifetime";

const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && /^(1|true|yes|on)$/i.test(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** A 32-byte key in base64 (standard or url-safe alphabet). */
const base64Key = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)");

const EnvSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * A direct connection to the same PostgreSQL database, for what needs a session of its own (the migrations'
     * lock, LISTEN). Set it when DATABASE_URL points at a transaction-mode pooler (PgBouncer `pool_mode =
     * transaction`): statements are then sent unnamed, since a prepared statement does not follow a client there.
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./data"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    /** Number of trusted proxy hops in front of the app; "1" trusts the nearest proxy's X-Forwarded-* headers. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === "" ? 0 : /^(true|yes|on)$/i.test(v) ? 1 : Number(v)))
      .pipe(z.number().int().min(0).max(10)),
    HTTPS_REDIRECT: flag,
    /** Run the outbox worker inside `npm start` (default); set to 0 to run it only with `npm run worker`. */
    WORKER: z
      .string()
      .optional()
      .transform((v) => v === undefined || !/^(0|false|no|off)$/i.test(v)),
    /**
     * Where `npm start`'s worker runs on PostgreSQL: `in-process` (one process, the least memory; background work
     * yields to requests by WORKER_REQUEST_SHARE) or `child` (a child process of its own at a lower CPU priority:
     * more throughput beside requests on a machine with cores to spare, about 100 MiB more). Embedded it is always in-process.
     */
    WORKER_MODE: z.enum(["in-process", "child"]).default("in-process"),
    /**
     * The in-process worker's budget: while requests are being served, background work takes at most this share
     * of the time while they keep the event loop busy (src/worker/worker.ts, RequestBudget); idle, it runs at full speed.
     */
    WORKER_REQUEST_SHARE: z.coerce.number().min(0.01).max(1).default(0.15),
    /**
     * /readyz fails when the in-process worker's loop has not gone round for this long (a job stuck, or the
     * loop dead). Above WEBHOOK_TIMEOUT_MS: the loop waits for its batch, and a webhook may take that long.
     */
    WORKER_HEARTBEAT_MAX_AGE_MS: z.coerce.number().int().min(1_000).default(60_000),
    /**
     * On SIGTERM, how long /readyz answers 503 while requests are still served, before the server stops
     * accepting: at least a load balancer's health-check interval times the failures it needs.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /**
     * Serve Prometheus metrics at /metrics on this port (a listener of its own, in `npm start` and in
     * `npm run worker`: give each process its own port). Unset: no metrics are kept.
     */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Where the metrics listener binds; keep it off the public network (Prometheus scrapes it directly). */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** Secret for session cookies; unset: one is generated and kept in the database (src/auth/auth.ts). */
    AUTH_SECRET: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    /**
     * A dashboard session ends this long after its last use (refreshed at most daily): 7 days, also the most.
     * Shorter values are for tests of the expiry warning (e2e) or a stricter deployment.
     */
    SESSION_LIFETIME_SECONDS: z.coerce.number().int().min(30).max(MAX_SESSION_LIFETIME_SECONDS).default(MAX_SESSION_LIFETIME_SECONDS),
    /** How long before a session ends the dashboard warns, with "Stay signed in"; below SESSION_LIFETIME_SECONDS. */
    SESSION_WARNING_SECONDS: z.coerce.number().int().min(10).max(3600).default(DEFAULT_SESSION_WARNING_SECONDS),
    /** Where the in-app migrator finds prisma/migrations (the built server runs from dist/). */
    MIGRATIONS_DIR: z.string().min(1).default("prisma/migrations"),
    /** How long a claimed outbox job is a worker's before another may take it. */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
    /** First retry delay of failed outbox jobs (tests use a few milliseconds). */
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Public origin of the service: every absolute URL (emails, pagination, redirects, OpenAPI servers, logos)
     * is built on it, never on the request's Host. Unset: http://HOST:PORT (see public-origin.ts).
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .refine((v) => /^https?:\/\/[^/?#]+\/?$/i.test(v), "must be an origin such as https://pay.example.com, without a path")
      .transform((v) => new URL(v).origin)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * Host names requests may be addressed to (Host, or X-Forwarded-Host behind TRUST_PROXY), comma-separated,
     * as Django's ALLOWED_HOSTS: "*" allows any, ".example.com" a domain and its subdomains. Unset: see public-origin.ts.
     */
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v.trim() === ""
          ? undefined
          : v
              .split(",")
              .map((h) => h.trim().toLowerCase())
              .filter(Boolean),
      ),
    /** Which webhooks may reach non-public addresses: none (default), demo (demo keys; development), all (development). */
    WEBHOOK_PRIVATE_TARGETS: z.enum(["none", "demo", "all"]).default("none"),
    /** How long a webhook receiver has to answer. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
    /** Finished webhook deliveries (and their attempts) older than this many days are removed, hourly. */
    WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** A subscription whose every attempt has failed for this many minutes is disabled (its admins warned at a third). */
    WEBHOOK_DISABLE_AFTER_MINUTES: z.coerce.number().int().min(1).max(525_600).default(4320),
    /** Events (GET /v2/events/) older than this many days are removed, hourly. */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Records of the request log (every /v2/ request of an account) older than this many days are removed, hourly. */
    REQUEST_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    /** The request log (Developers → Logs) is kept by default; "0" keeps none, for measuring its cost side by side (`npm run bench --compare-env`). */
    REQUEST_LOG: z
      .string()
      .optional()
      .transform((v) => v === undefined || !/^(0|false|no|off)$/i.test(v)),
    /** Audit log records (who changed what: src/domain/audit/) older than this many days are removed, hourly. */
    AUDIT_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** smtp://user:pass@host:port (or smtps://). Unset: emails are written to $DATA_DIR/mail as .eml files. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * The sender of emails, "Name <address>". Required with SMTP_URL (`mailSender` in mail-sender.ts refuses to start
     * without it); the .eml files of development have a default.
     */
    MAIL_FROM: optionalText,
    /**
     * The service's own Bankgiro number, printed on Invoice PDFs as the account to pay into ("1234-5678"; 7 or
     * 8 digits with a valid check digit). Unset: the PDF tells the client to pay in the dashboard or to ask
     * for the payment details, quoting the OCR reference; there is no default account.
     */
    BANKGIRO: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const digits = v.replace(/[\s-]/g, "");
        if (!/^\d{7,8}$/.test(digits) || luhnCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) {
          ctx.addIssue({ code: "custom", message: "must be a Bankgiro number: 7 or 8 digits (1234-5678) with a valid check digit" });
          return z.NEVER;
        }
        return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
      }),
    /**
     * The seller printed on every Invoice (PDF and email): the service's legal name, Swedish organisation number
     * (556677-8899: ten digits with a valid check digit), VAT registration number (SE556677889901) and postal
     * address (lines separated by commas). Invoices are refused until all four are set (src/config/seller.ts).
     */
    SELLER_NAME: optionalText,
    SELLER_ORG_NUMBER: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const digits = v.replace(/[\s-]/g, "");
        if (!/^\d{10}$/.test(digits) || luhnCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) {
          ctx.addIssue({ code: "custom", message: "must be a Swedish organisation number: 10 digits (556677-8899) with a valid check digit" });
          return z.NEVER;
        }
        return `${digits.slice(0, 6)}-${digits.slice(6)}`;
      }),
    SELLER_VAT_NUMBER: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const vat = v.replace(/[\s.-]/g, "").toUpperCase();
        const swedish = /^SE(\d{10})01$/.exec(vat);
        const valid = vat.startsWith("SE")
          ? swedish !== null && luhnCheckDigit(swedish[1].slice(0, -1)) === Number(swedish[1].at(-1))
          : /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat);
        if (!valid) {
          ctx.addIssue({ code: "custom", message: "must be a VAT registration number: SE, the organisation number's 10 digits and 01 (SE556677889901)" });
          return z.NEVER;
        }
        return vat;
      }),
    SELLER_ADDRESS: optionalText,
    /**
     * Development only, and only on the embedded database: where a SELLER_* setting is missing, Invoices name a
     * placeholder seller marked as not a valid invoice instead of being refused. Refused with DATABASE_URL.
     */
    SELLER_PLACEHOLDER: flag,
    /**
     * The key identity numbers and bank accounts are encrypted with at rest (AES-256-GCM): 32 random bytes in
     * base64 (`openssl rand -base64 32`). Required with DATABASE_URL; on the embedded database `npm start`
     * generates one into $DATA_DIR/encryption-key when unset (src/config/encryption-keys.ts).
     */
    DATA_ENCRYPTION_KEY: base64Key.optional().or(z.literal("").transform(() => undefined)),
    /** Former DATA_ENCRYPTION_KEYs, comma-separated: rows they wrote are still read until `encryption rotate` rewrites them. */
    DATA_ENCRYPTION_KEYS_OLD: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .pipe(z.array(base64Key)),
    /** Time a client has to send the request line and headers (slow-client defence); 408 after it. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(10_000),
    /** Time a client has to send a whole request, body included; 408 after it. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** Idle keep-alive connections are closed after this; keep it above a load balancer's idle timeout. */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
    /**
     * Open connections per socket address (0: no cap). Default 256, or off when TRUST_PROXY > 0: behind a
     * proxy every connection comes from the proxy, which should cap clients itself; a value set here then
     * applies to the proxy's address.
     */
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).optional(),
    /** /v2/ rate limits (src/http/rate-limit.ts); "0" turns them off (benchmarks, development). */
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((v) => v === undefined || !/^(0|false|no|off)$/i.test(v)),
    /** Requests per second per API key (or dashboard user browsing /v2/), by environment. */
    RATE_LIMIT_LIVE: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_DEMO: z.coerce.number().int().min(1).default(25),
    /** Requests per second per account, across all its keys and users: twice a key's, see docs/security.md. */
    RATE_LIMIT_ACCOUNT_LIVE: z.coerce.number().int().min(1).default(200),
    RATE_LIMIT_ACCOUNT_DEMO: z.coerce.number().int().min(1).default(50),
    /** Requests of one account in flight at once on one instance; more wait in a queue of RATE_LIMIT_QUEUE, then 429. */
    RATE_LIMIT_CONCURRENCY: z.coerce.number().int().min(1).default(8),
    /**
     * Of those, writes (POST, PUT, PATCH, DELETE): a write costs several reads, so this share bounds what a
     * tenant's writes within its limits cost the others (docs/security.md, "Rate limits and fairness").
     */
    RATE_LIMIT_WRITE_CONCURRENCY: z.coerce.number().int().min(1).default(1),
    /**
     * The share of the time one account's writes may take while other accounts are present (1: no limit); after
     * a write that took t ms, its account's next one waits t × (1 − share) / share.
     */
    RATE_LIMIT_WRITE_SHARE: z.coerce.number().min(0.05).max(1).default(0.5),
    /** While other accounts are present, no write starts while the event loop is busier than this (src/http/in-flight.ts). */
    RATE_LIMIT_WRITE_LOOP_MAX: z.coerce.number().min(0.1).max(1).default(0.9),
    RATE_LIMIT_QUEUE: z.coerce.number().int().min(0).default(64),
    /** redis://… : keep rate-limit counters there (else PostgreSQL with DATABASE_URL, else memory). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Sign-in: failed attempts per email address within SIGNIN_LOCKOUT_MINUTES before it is locked for that long. */
    SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    SIGNIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Sign-in: failed attempts per client address within SIGNIN_LOCKOUT_MINUTES before it is locked for that long. */
    SIGNIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
    /** Sign-in: attempts per client address in a row, each less than a second after the last (better-auth's limiter, in the database). */
    SIGNIN_ADDRESS_BURST: z.coerce.number().int().min(1).default(10),
    /**
     * The review team (operators) must sign in with a second factor (TOTP). Unset: on when PUBLIC_URL is https
     * (`requireOperatorTwoFactor` in public-origin.ts), so a production deployment has it and a laptop does not.
     */
    REQUIRE_OPERATOR_2FA: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === "" ? undefined : /^(1|true|yes|on)$/i.test(v))),
  })
  .refine((e) => e.SESSION_WARNING_SECONDS < e.SESSION_LIFETIME_SECONDS, {
    path: ["SESSION_WARNING_SECONDS"],
    message: "must be below SESSION_LIFETIME_SECONDS",
  });

export type TEnv = z.infer<typeof EnvSchema>;

let cached: TEnv | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export function env(): TEnv {
  cached ??= readEnv();
  return cached;
}
