/**
 * The process's HTTP server, made in one place for `npm start` and the tests: deliberate timeouts, a cap on
 * open connections per address, and JSON answers for requests Node's parser refuses (every answer of the
 * API is JSON, even a malformed request's).
 */
import http from "node:http";
import type { Duplex } from "node:stream";
import type { TEnv } from "@/config/env";

export interface HttpServerLimits {
  /** Time a client has to send the request line and headers (Slowloris); 408 after it. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request, body included; 408 after it. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept; above a load balancer's idle timeout (often 60 s). */
  keepAliveTimeoutMs: number;
  /** Open connections per socket address; 0 turns the cap off. Connections over it are closed at once. */
  maxConnectionsPerIp: number;
}

/** Production defaults; each is configurable (src/config/env.ts). */
export const DEFAULT_LIMITS: HttpServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 65_000,
  maxConnectionsPerIp: 256,
};

export function limitsFromEnv(config: TEnv): HttpServerLimits {
  return {
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    // Behind a proxy every socket is the proxy's: no cap unless one is set (which then applies to the proxy).
    maxConnectionsPerIp: config.MAX_CONNECTIONS_PER_IP ?? (config.TRUST_PROXY > 0 ? 0 : DEFAULT_LIMITS.maxConnectionsPerIp),
  };
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export function createHttpServer(listener: Listener, limits: HttpServerLimits = DEFAULT_LIMITS): http.Server {
  const server = http.createServer({
    // Node refuses a headers timeout above the request timeout.
    headersTimeout: limits.requestTimeoutMs > 0 ? Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) : limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Timeouts are checked on this interval, so it bounds how late a slow client is dropped.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    // Node would answer an HTTP/1.1 request without Host with a bare 400 (no body, no headers); the app refuses
    // it itself, in JSON with the security headers, as it refuses any Host it does not serve.
    requireHostHeader: false,
  });
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;

  // The response in flight on each connection: a parser error after its headers went out cannot be answered.
  const inFlight = new WeakMap<Duplex, http.ServerResponse>();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.set(req.socket, res);
    res.once("close", () => {
      if (inFlight.get(req.socket) === res) inFlight.delete(req.socket);
    });
    listener(req, res);
  });

  if (limits.maxConnectionsPerIp > 0) {
    const open = new Map<string, number>();
    server.on("connection", (socket) => {
      const ip = socket.remoteAddress ?? "";
      const count = (open.get(ip) ?? 0) + 1;
      if (count > limits.maxConnectionsPerIp) {
        socket.destroy();
        return;
      }
      open.set(ip, count);
      socket.once("close", () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left > 0) open.set(ip, left);
        else open.delete(ip);
      });
    });
  }

  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable || inFlight.get(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, detail] = clientErrorAnswer(err.code);
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** The answer to a request the parser refused, by Node's error code. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, "The request was not received in time."];
  if (code === "HPE_HEADER_OVERFLOW") return [431, "Request headers are too large."];
  if (code === "HPE_INVALID_URL") {
    return [400, "Malformed request line: characters outside ASCII must be percent-encoded (UTF-8) in the path and query."];
  }
  return [400, "Malformed HTTP request."];
}
