/** A local webhook receiver that records every request and answers as told. */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

/** A full answer: status, extra headers (e.g. a redirect's Location) and a body. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the status (or whole answer) of each request (default 200); "hang" never answers. `index` counts every request seen. */
  respond: (req: { path: string; body: string; index: number }) => number | Answer | "hang";
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging: http.ServerResponse[] = [];
  let seen = 0;
  const receiver: Receiver = {
    url: "",
    received: [],
    respond: () => 200,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return receiver.received;
    },
    async close() {
      hanging.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      const answer = receiver.respond({ path, body, index: seen++ });
      if (answer === "hang") {
        hanging.push(res);
        return;
      }
      const full: Answer = typeof answer === "number" ? { status: answer } : answer;
      receiver.received.push({ path, headers: req.headers, body, status: full.status, at: Date.now() });
      res.writeHead(full.status, { "Content-Type": "text/plain", ...full.headers }).end(full.body ?? (full.status < 300 ? "ok" : "no"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
