/**
 * The HTTP server itself (issue 11, points 11 and 1): slow clients are dropped, connections per address are
 * capped, and requests Node's parser refuses get a JSON answer. Raw sockets, since fetch cannot misbehave.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let capped: TestApp;
const CAP = 4;

beforeAll(async () => {
  app = await startTestApp({ limits: { headersTimeoutMs: 400, requestTimeoutMs: 800 } });
  capped = await startTestApp({ limits: { maxConnectionsPerIp: CAP } });
});
afterAll(async () => {
  await app?.close();
  await capped?.close();
});

function portOf(a: TestApp): number {
  return Number(new URL(a.url).port);
}

interface RawAnswer {
  /** Everything the server sent before closing. */
  text: string;
  /** How many bytes of ours had been written when the server closed the connection. */
  sentBeforeClose: number;
}

/** Writes `request` (chunked as given, with `gapMs` between chunks) and collects the answer until the server closes. */
function raw(a: TestApp, chunks: Buffer[], gapMs = 0, localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: portOf(a), host: "127.0.0.1", localAddress });
    const received: Buffer[] = [];
    let sent = 0;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (d) => received.push(d));
    socket.on("error", () => undefined); // a reset is an answer too
    socket.on("close", () => {
      closed = true;
      clearTimeout(timer);
      resolve({ text: Buffer.concat(received).toString("utf8"), sentBeforeClose: sent });
    });
    socket.on("connect", () => {
      const next = (i: number) => {
        if (closed) return;
        if (i >= chunks.length) return; // wait for the server's answer and close
        socket.write(chunks[i], (err) => {
          if (!err) sent += chunks[i].length;
        });
        timer = setTimeout(() => next(i + 1), gapMs);
      };
      next(0);
    });
    setTimeout(() => {
      if (!closed) {
        socket.destroy();
        reject(new Error("the server never closed the connection"));
      }
    }, 20_000).unref();
  });
}

function parse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, ...rest] = text.split("\r\n\r\n");
  const [statusLine, ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(":");
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

describe("slow clients", () => {
  it("a client sending headers byte by byte is answered 408 and disconnected before it finishes", async () => {
    const request = Buffer.from(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"a".repeat(200)}\r\n\r\n`);
    const bytes = [...request].map((b) => Buffer.from([b]));
    // 50 ms per byte: the whole request would take ~12 s; the headers timeout is 400 ms.
    const answer = await raw(app, bytes, 50);
    expect(answer.sentBeforeClose).toBeLessThan(request.length);
    const r = parse(answer.text);
    expect(r.status).toBe(408);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers.connection).toBe("close");
    expect(JSON.parse(r.body)).toEqual({ detail: expect.any(String) });
  });

  it("a client that sends its body too slowly is disconnected", async () => {
    const head = Buffer.from(`POST /v2/integrations/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n`);
    const body = [..."{".padEnd(300, " ")].map((c) => Buffer.from(c));
    const answer = await raw(app, [head, ...body], 50);
    expect(answer.sentBeforeClose).toBeLessThan(head.length + 300);
  });

  it("a normal client is still answered", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe("connections per address", () => {
  it("connections beyond the cap are closed at once; other addresses are still answered", async () => {
    const held: net.Socket[] = [];
    for (let i = 0; i < CAP; i++) {
      const s = net.connect({ port: portOf(capped), host: "127.0.0.1" });
      await new Promise((r) => s.once("connect", r));
      held.push(s);
    }
    // The server counts a connection when it accepts it; one request round-trip on the last makes sure it has.
    held[CAP - 1].write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((r) => held[CAP - 1].once("data", r));

    const over = await raw(capped, [Buffer.from("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")]);
    expect(over.text).toBe("");

    // Another address (127.0.0.2 is loopback too) has its own allowance.
    const other = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: portOf(capped), path: "/healthz", localAddress: "127.0.0.2", agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on("error", reject);
    });
    expect(other).toBe(200);

    // A freed slot is usable again.
    held.pop()!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = parse((await raw(capped, [Buffer.from("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")])).text);
    expect(again.status).toBe(200);
    for (const s of held) s.destroy();
  });
});

describe("requests the parser refuses get JSON", () => {
  const expectJson = (text: string, status: number) => {
    const r = parse(text);
    expect(r.status).toBe(status);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers.connection).toBe("close");
    expect(JSON.parse(r.body)).toEqual({ detail: expect.any(String) });
  };

  it("an unencoded non-ASCII query (?search=Björn as raw bytes) is a JSON 400", async () => {
    const request = Buffer.concat([
      Buffer.from("GET /v2/employees/?search=Bj"),
      Buffer.from("ö", "utf8"),
      Buffer.from("rn HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    ]);
    expectJson((await raw(app, [request])).text, 400);
  });

  it("a malformed request line is a JSON 400", async () => {
    expectJson((await raw(app, [Buffer.from("GARBAGE\r\n\r\n")])).text, 400);
  });

  it("headers over Node's limit are a JSON 431", async () => {
    const request = Buffer.from(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expectJson((await raw(app, [request])).text, 431);
  });
});

describe("request targets and Host headers the app cannot route get its normal error answer", () => {
  const expectApiError = (text: string, status: number) => {
    const r = parse(text);
    expect(r.status).toBe(status);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["x-frame-options"]).toBe("DENY");
    // The JSON answers' policy (no scripts at all), and a fresh request id (a time-ordered UUID, version 7).
    expect(r.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(r.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(r.body)).toEqual({ detail: expect.any(String) });
    return r;
  };

  it("OPTIONS * (the asterisk request target) is a JSON 400, not a 500", async () => {
    const answer = await raw(app, [Buffer.from("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")]);
    expectApiError(answer.text, 400);
  });

  it("an HTTP/1.1 request without Host is a JSON 400 with the security headers", async () => {
    const answer = await raw(app, [Buffer.from("GET /v2/ HTTP/1.1\r\nConnection: close\r\n\r\n")]);
    expect(JSON.parse(expectApiError(answer.text, 400).body)).toEqual({ detail: "Invalid Host header." });
  });

  it("an HTTP/1.0 request without Host is a JSON 400 with the security headers", async () => {
    const answer = await raw(app, [Buffer.from("GET /v2/ HTTP/1.0\r\n\r\n")]);
    expect(JSON.parse(expectApiError(answer.text, 400).body)).toEqual({ detail: "Invalid Host header." });
  });

  it("probes still answer without Host (load balancers address the instance)", async () => {
    const answer = await raw(app, [Buffer.from("GET /healthz HTTP/1.0\r\n\r\n")]);
    expect(parse(answer.text).status).toBe(200);
  });
});
