/**
 * A read retried once when PostgreSQL ended its connection under it: a terminated backend
 * (`pg_terminate_backend`, a fast shutdown: 57P01; a crash restart: 57P02) or a socket pg saw close
 * ("Connection terminated unexpectedly", ECONNRESET). The pool gives the retry another connection. Only
 * statements that cannot have changed anything are retried: a write whose connection died may have committed.
 * Statements inside a transaction are never retried here (the transaction died with its connection).
 */
import { isDriverAdapterError } from "@prisma/driver-adapter-utils";

const TERMINATED = new Set(["57P01", "57P02"]);
const RETRY_DELAY_MS = 25;

/** True when `e` says the statement's connection was ended (as pg or Prisma's pg adapter report it). */
export function isConnectionLost(e: unknown): boolean {
  if (isDriverAdapterError(e)) return TERMINATED.has(e.cause.originalCode ?? "") || e.cause.kind === "ConnectionClosed";
  if (!(e instanceof Error)) return false;
  if ("code" in e && typeof e.code === "string" && (TERMINATED.has(e.code) || e.code === "ECONNRESET")) return true;
  return e.message.startsWith("Connection terminated");
}

// Anything that may write or take a lock, anywhere in the text (a data-modifying CTE, `FOR UPDATE`,
// sequences, notifications, advisory locks); erring towards "not a read" only costs a retry.
const MAY_WRITE = /\b(insert|update|delete|merge|truncate|copy|call|do|nextval|setval|pg_notify|set_config|lo_\w+)\b|advisory/i;

/** True for a single statement that only reads: a SELECT (or WITH … SELECT) with nothing that may write. */
export function isReadOnlyStatement(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text) && !MAY_WRITE.test(text);
}

/** Runs the statement `text`; once more when it is a read whose connection was ended. */
export async function retryLostRead<T>(text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isConnectionLost(e) || !isReadOnlyStatement(text)) throw e;
    // When every backend was ended at once, the pool's other idle connections are dead too until their
    // own errors arrive and the pool drops them: a moment's wait keeps the retry off them.
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return run();
  }
}
