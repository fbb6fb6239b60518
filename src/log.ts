/** Structured logs (pino); every request line carries its request id. Credentials are redacted (src/log-redaction.ts). */
import pino from "pino";
import { REDACT_PATHS, REDACTED, redactUrl } from "@/log-redaction";

export type Logger = pino.Logger;

/** Logs are written asynchronously in 4 KiB batches (a synchronous write per request showed in profiles). */
let destination: (pino.DestinationStream & { flushSync(): void }) | undefined;

/** A logger on stdout, or on `stream` (tests read what would be written). */
export function createLogger(level: string, stream?: pino.DestinationStream): Logger {
  if (!stream && !destination) {
    const d = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once("exit", () => d.flushSync());
    destination = d;
  }
  const out = stream ?? destination;
  const log = pino({ level, base: { service: "payroute" }, redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers: { url: redactUrl } }, out);
  // The request line's fields are fixed and none is a redacted path, so it skips redaction's cost on every
  // request; its URL is still redacted by the serializer.
  requestLoggers.set(log, pino({ level, base: { service: "payroute" }, serializers: { url: redactUrl } }, out));
  return log;
}

/** The line every request writes when it ends. */
export interface RequestLine {
  requestId: string;
  method: string | undefined;
  url: string | undefined;
  status: number;
  ms: number;
}

const requestLoggers = new WeakMap<Logger, Logger>();

/** Writes the request line through `log` (on its own unredacted twin when `log` came from createLogger). */
export function logRequest(log: Logger, line: RequestLine): void {
  (requestLoggers.get(log) ?? log).info(line, "request");
}
