/**
 * What a service acting for a request is given, as one argument (Documenso's `{ db, scope, ... }`) rather than
 * positional parameters threaded by hand: the database, who acts, the time and the public origin links are built
 * on. The tRPC context has these fields, so a procedure passes its `ctx` as it is (no object made per call).
 */
import type { Db } from "@/db/database";
import type { AccountScope, IntegrationScope } from "@/domain/scope";
import type { Clock } from "./clock";

export interface ServiceContext<S extends AccountScope = IntegrationScope> {
  db: Db;
  scope: S;
  clock: Clock;
  /** The public origin (PUBLIC_URL), e.g. "https://api.example.com": absolute URLs never follow the request's Host. */
  baseUrl: string;
}

/** A service that only reads and writes its scope's rows: the database and the scope. */
export type ScopedDb<S extends AccountScope = IntegrationScope> = Pick<ServiceContext<S>, "db" | "scope">;

/** What a service acting for no one tenant is given (the operators' views: they name the object themselves). */
export type Unscoped = Omit<ServiceContext, "scope">;

/** A service that names its rows itself (an Employee's, a reviewer's, a team's act) and reads the time. */
export type Timed = Pick<ServiceContext, "db" | "clock">;

/** What a step inside the caller's transaction takes of the request (the transaction is its own argument). */
export type InTx = Pick<ServiceContext, "baseUrl" | "clock">;
