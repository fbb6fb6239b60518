/** Structured logs (pino); every request line carries its request id. */
import pino from "pino";

export type Logger = pino.Logger;

/** Logs are written asynchronously in 4 KiB batches (a synchronous write per request showed in profiles). */
let destination: pino.DestinationStream & { flushSync(): void } | undefined;

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  if (!destination) {
    const d = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once("exit", () => d.flushSync());
    destination = d;
  }
  return pino({ level, base: { service: "payroute" } }, destination);
}
