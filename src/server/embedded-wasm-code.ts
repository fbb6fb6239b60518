/**
 * The embedded database is PostgreSQL compiled to WebAssembly (PGlite). V8 first compiles it with its baseline
 * compiler (Liftoff) and then recompiles the hot functions with its optimising one (TurboFan) on background
 * threads. Those recompilations of PostgreSQL's large functions take tens of MB of the C heap, which glibc keeps
 * resident after they are freed: measured (docs/performance.md, issue 29), `npm start` on the embedded database
 * peaked at 331–351 MiB after the compare's requests with them and at 289 MiB with Liftoff alone; creates were
 * about a quarter slower, lists, retrieves and searches the same. PostgreSQL over DATABASE_URL runs no such code
 * and keeps V8's default.
 */
import v8 from "node:v8";

/** Before the embedded database's module is compiled: its code stays Liftoff's (the process's other WebAssembly too). */
export function keepEmbeddedDatabaseCodeSmall(): void {
  v8.setFlagsFromString("--liftoff-only");
}
