/**
 * The request log's writer: the /v2/ edge hands it one record per request of an account (`add`, which only
 * pushes to a buffer), and it writes them in batches off the request path, one statement per batch, every
 * `flushMs` or as soon as a batch is full. It is bounded: when the buffer is full (the database is slow or
 * the writer stalled) or a write fails, records are dropped and counted (`onDrop`, a metric), never waited
 * for; the API answers as if there were no log. Bodies (answers of 400 and above only) are redacted and
 * capped here, at write time, not while the client waits.
 */
import type { RequestLogRow } from "@/domain/request-log/request-log-service";
import type { Logger } from "@/log";
import { capText, redactBodyText, redactBodyValue, redactRequestPath } from "@/log-redaction";

/** Each body is kept to 8 KB once redacted. */
export const MAX_LOGGED_BODY_BYTES = 8 * 1024;
/** A body held in the buffer is cut to this much before redaction (a 5 MB upload is not kept for 200 ms). */
const MAX_HELD_BODY_BYTES = 64 * 1024;
const MAX_USER_AGENT = 512;
const MAX_PATH = 4096;
const MAX_IDEMPOTENCY_KEY = 255;

/** A request's body as the edge saw it: its bytes and Content-Type, and the value they parsed to (absent when they did not). */
export interface SeenBody {
  raw: Buffer;
  contentType: string | null;
  parsed?: unknown;
}

/** One request as the edge hands it over: cheap to make; the bodies only for answers of 400 and above. */
export interface RequestRecord extends Omit<RequestLogRow, "path" | "requestBody" | "responseBody"> {
  /** Path and query as sent; redacted when written. */
  url: string;
  requestBody: SeenBody | null;
  responseBody: Buffer | string | null;
}

export type DropReason = "full" | "failed";

export interface RequestLogWriterOptions {
  /** Writes one batch (`insertRequestLogs` on the app's database). */
  insert(rows: RequestLogRow[]): Promise<void>;
  log: Logger;
  /** How long a record may wait for its batch (default 200 ms). */
  flushMs?: number;
  /** Records per statement (default 500). */
  batchSize?: number;
  /** Records the buffer holds at most; more are dropped (default 10 000). */
  maxRecords?: number;
  /** Bytes of bodies the buffer holds at most (default 16 MiB). */
  maxBodyBytes?: number;
  /** Counts dropped records (the metric). */
  onDrop?: (reason: DropReason, count: number) => void;
}

export class RequestLogWriter {
  private buffer: RequestRecord[] = [];
  private bodyBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private lastWarning = 0;
  private droppedSinceWarning = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxRecords: number;
  private readonly maxBodyBytes: number;

  constructor(private readonly opts: RequestLogWriterOptions) {
    this.flushMs = opts.flushMs ?? 200;
    this.batchSize = opts.batchSize ?? 500;
    this.maxRecords = opts.maxRecords ?? 10_000;
    this.maxBodyBytes = opts.maxBodyBytes ?? 16 * 1024 * 1024;
  }

  /** Takes a record (never throws, never waits): buffered, or dropped and counted when the buffer is full. */
  add(record: RequestRecord): void {
    const held = holdBodies(record);
    const size = bodySize(held);
    if (this.closed || this.buffer.length >= this.maxRecords || this.bodyBytes + size > this.maxBodyBytes) {
      this.drop("full", 1);
      return;
    }
    this.buffer.push(held);
    this.bodyBytes += size;
    if (this.buffer.length >= this.batchSize) this.start();
    else this.timer ??= setTimeout(() => this.start(), this.flushMs).unref();
  }

  /** Writes everything buffered now; resolves when it is written (or dropped). */
  async flush(): Promise<void> {
    while (this.writing || this.buffer.length) {
      this.start();
      await this.writing;
    }
  }

  /** Stops taking records and writes what is buffered, waiting at most `timeoutMs`; what is left then is dropped. */
  async close(timeoutMs = 5_000): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
    const outcome = await Promise.race([this.flush().then(() => "done" as const), timedOut]);
    clearTimeout(timer);
    if (this.timer) clearTimeout(this.timer);
    if (outcome === "timeout" && this.buffer.length) {
      this.drop("failed", this.buffer.length);
      this.buffer = [];
    }
  }

  private start(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing || this.buffer.length === 0) return;
    this.writing = this.writeBatch().finally(() => {
      this.writing = null;
      if (this.closed) return;
      // A full batch goes at once; fewer records wait for the next tick, so that a steady stream is written in
      // batches of flushMs's worth instead of a statement per round trip's worth (a few records each).
      if (this.buffer.length >= this.batchSize) this.start();
      else if (this.buffer.length) this.timer ??= setTimeout(() => this.start(), this.flushMs).unref();
    });
  }

  /** One batch; a failed batch is dropped, never retried (it may fail again). */
  private async writeBatch(): Promise<void> {
    const batch = this.buffer.splice(0, this.batchSize);
    for (const r of batch) this.bodyBytes -= bodySize(r);
    try {
      await this.opts.insert(batch.map(toRow));
    } catch (e) {
      this.drop("failed", batch.length, e);
    }
  }

  /** Counts dropped records, and says so in the log at most once a minute (a log that falls behind must not flood it too). */
  private drop(reason: DropReason, count: number, err?: unknown): void {
    this.opts.onDrop?.(reason, count);
    this.droppedSinceWarning += count;
    if (this.lastWarning !== 0 && performance.now() - this.lastWarning < 60_000) return;
    this.lastWarning = performance.now();
    this.opts.log.warn({ err, reason, dropped: this.droppedSinceWarning }, "request log: records dropped");
    this.droppedSinceWarning = 0;
  }
}

/**
 * The record with its bodies cut to what the buffer may hold: copies of at most 64 KB, not views of a 5 MB
 * upload; a multipart form's files become their descriptions at once. A large parsed body is kept as its cut
 * text instead (which redaction reads by its pairs).
 */
function holdBodies(r: RequestRecord): RequestRecord {
  if (r.requestBody === null && r.responseBody === null) return r;
  let requestBody = r.requestBody;
  if (requestBody) {
    const { raw, contentType } = requestBody;
    const small = raw.length <= MAX_HELD_BODY_BYTES;
    if (mediaTypeOf(contentType) === "multipart/form-data" && "parsed" in requestBody) {
      requestBody = { raw: Buffer.alloc(0), contentType, parsed: redactBodyValue(requestBody.parsed) };
    } else if (small) requestBody = { raw, contentType, ...("parsed" in requestBody ? { parsed: requestBody.parsed } : {}) };
    else requestBody = { raw: Buffer.from(raw.subarray(0, MAX_HELD_BODY_BYTES)), contentType };
  }
  return { ...r, requestBody, responseBody: r.responseBody === null ? null : cut(r.responseBody) };
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

function cut(body: Buffer | string): Buffer | string {
  if (body.length <= MAX_HELD_BODY_BYTES) return body;
  return typeof body === "string" ? body.slice(0, MAX_HELD_BODY_BYTES) : Buffer.from(body.subarray(0, MAX_HELD_BODY_BYTES));
}

function bodySize(r: RequestRecord): number {
  return (r.requestBody?.raw.length ?? 0) + (r.responseBody?.length ?? 0);
}

function requestBodyText(body: SeenBody | null): string | null {
  if (body === null) return null;
  if ("parsed" in body) return body.parsed === undefined ? null : capText(JSON.stringify(redactBodyValue(body.parsed)) ?? "", MAX_LOGGED_BODY_BYTES);
  const text = body.raw.toString("utf8");
  return text ? capText(redactBodyText(text, mediaTypeOf(body.contentType)), MAX_LOGGED_BODY_BYTES) : null;
}

function responseBodyText(body: Buffer | string | null): string | null {
  if (body === null) return null;
  const text = typeof body === "string" ? body : body.toString("utf8");
  return text ? capText(redactBodyText(text), MAX_LOGGED_BODY_BYTES) : null;
}

function toRow(r: RequestRecord): RequestLogRow {
  return {
    accountPk: r.accountPk,
    environment: r.environment,
    apiKeyPk: r.apiKeyPk,
    userId: r.userId,
    method: r.method,
    path: redactRequestPath(r.url.slice(0, MAX_PATH)),
    route: r.route,
    status: r.status,
    durationMs: r.durationMs,
    requestId: r.requestId,
    idempotencyKey: r.idempotencyKey === null ? null : r.idempotencyKey.slice(0, MAX_IDEMPOTENCY_KEY),
    clientIp: r.clientIp,
    userAgent: r.userAgent === null ? null : r.userAgent.slice(0, MAX_USER_AGENT),
    createdAt: r.createdAt,
    requestBody: requestBodyText(r.requestBody),
    responseBody: responseBodyText(r.responseBody),
  };
}
