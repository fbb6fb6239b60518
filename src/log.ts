/** Structured logs (pino); every request line carries its request id. Credentials are redacted (src/log-redaction.ts). */
import pino from "pino";
import { REDACT_PATHS, REDACTED, redactUrl } from "@/log-redaction";

export type Logger = pino.Logger;

/** Logs are written asynchronously in 4 KiB batches (a synchronous write per request showed in profiles). */
let destination: pino.DestinationStream & { flushSync(): void } | undefined;

/** A logger on stdout, or on `stream` (tests read what would be written). */
export function createLogger(level: string, stream?: pino.DestinationStream): Logger {
  if (!stream && !destination) {
    const d = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once("exit", () => d.flushSync());
    destination = d;
  }
  return pino(
    {
      level,
      base: { service: "payroute" },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { url: redactUrl },
    },
    stream ?? destination,
  );
}
