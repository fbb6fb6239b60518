import { describe, expect, it } from "vitest";
import type { RequestLogRow } from "@/domain/request-log/request-log-service";
import { createLogger } from "@/log";
import { RequestLogWriter, type RequestRecord } from "./request-log-writer";

const log = createLogger("silent");

function record(n: number, over: Partial<RequestRecord> = {}): RequestRecord {
  return {
    accountPk: "00000000-0000-0000-0000-000000000001",
    environment: "demo",
    apiKeyPk: null,
    userId: null,
    method: "GET",
    url: `/v2/employees/?n=${n}`,
    route: "/v2/employees/",
    status: 200,
    durationMs: 1.5,
    requestId: `req-${n}`,
    idempotencyKey: null,
    clientIp: "127.0.0.1",
    userAgent: null,
    createdAt: new Date("2031-01-01T00:00:00.000Z"),
    requestBody: null,
    responseBody: null,
    ...over,
  };
}

describe("RequestLogWriter", () => {
  it("writes full batches at once and the rest on flush, one insert per batch", async () => {
    const batches: RequestLogRow[][] = [];
    const writer = new RequestLogWriter({ log, batchSize: 3, flushMs: 60_000, insert: async (rows) => void batches.push(rows) });
    for (let i = 0; i < 7; i++) writer.add(record(i));
    await writer.flush();
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat().map((r) => r.requestId)).toEqual(["req-0", "req-1", "req-2", "req-3", "req-4", "req-5", "req-6"]);
  });

  it("after a batch, waits flushMs for the next unless a full one is waiting (a steady stream is not written a few records per statement)", async () => {
    const batches: string[][] = [];
    let release = () => undefined as void;
    const firstWrite = new Promise<void>((resolve) => (release = resolve));
    const writer = new RequestLogWriter({
      log,
      batchSize: 100,
      flushMs: 80,
      insert: async (rows) => {
        batches.push(rows.map((r) => r.requestId));
        if (batches.length === 1) await firstWrite;
      },
    });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    writer.add(record(0));
    await sleep(120);
    expect(batches).toEqual([["req-0"]]);
    writer.add(record(1));
    writer.add(record(2));
    release();
    await sleep(20);
    expect(batches).toHaveLength(1);
    writer.add(record(3));
    await sleep(120);
    expect(batches).toEqual([["req-0"], ["req-1", "req-2", "req-3"]]);
    await writer.close();
  });

  it("drops and counts what a full buffer cannot hold; a failed batch is counted too", async () => {
    const drops: Record<string, number> = {};
    const writer = new RequestLogWriter({
      log,
      maxRecords: 2,
      flushMs: 60_000,
      insert: () => Promise.reject(new Error("down")),
      onDrop: (reason, n) => (drops[reason] = (drops[reason] ?? 0) + n),
    });
    for (let i = 0; i < 5; i++) writer.add(record(i));
    await writer.flush();
    expect(drops).toEqual({ full: 3, failed: 2 });
  });

  it("redacts and caps bodies when it writes, not when it takes the record", async () => {
    const batches: RequestLogRow[][] = [];
    const writer = new RequestLogWriter({ log, flushMs: 60_000, insert: async (rows) => void batches.push(rows) });
    const raw = Buffer.from(JSON.stringify({ password: "hunter22", note: "x".repeat(20_000) }));
    writer.add(
      record(1, {
        status: 400,
        url: "/v2/employees/?token=abc",
        requestBody: { raw, contentType: "application/json", parsed: JSON.parse(raw.toString()) },
        responseBody: '{"detail":"pr_live_0123456789abcdefghijABCDEFGHIJ01 is wrong"}',
      }),
    );
    await writer.flush();
    const [row] = batches.flat();
    expect(row.path).toBe("/v2/employees/?token=[REDACTED]");
    expect(row.requestBody).toMatch(/^\{"password":"\[REDACTED\]","note":"x+…\[truncated\]$/);
    expect(Buffer.byteLength(row.requestBody ?? "")).toBeLessThanOrEqual(8 * 1024);
    expect(row.responseBody).toBe('{"detail":"[REDACTED] is wrong"}');
  });

  it("close gives up on a stalled write after its timeout, dropping what is left", async () => {
    let dropped = 0;
    const writer = new RequestLogWriter({ log, batchSize: 1, flushMs: 1, insert: () => new Promise<void>(() => undefined), onDrop: (_r, n) => (dropped += n) });
    for (let i = 0; i < 4; i++) writer.add(record(i));
    await writer.close(50);
    writer.add(record(9));
    expect(dropped).toBe(4); // three buffered behind the stalled batch, and one after close
  });
});
