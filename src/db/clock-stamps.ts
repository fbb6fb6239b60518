/**
 * The one place where a row's own timestamps take a clock's time instead of the database's `now()` default or
 * Prisma's `@updatedAt` (the process's time): `clockedDb` wraps a client so that every create, upsert and update
 * made through it writes the fields of `STAMPED` from `clock.now()` unless the caller wrote them itself. The entry
 * points give it to an account's demo requests and jobs (demo-clock.ts `dbFor`); live keeps the plain client.
 *
 * Nested writes (`{ relation: { create } }`) are not stamped: the domain writes its demo-visible rows at the top level.
 */
import type { Db } from "./database";
import { shareFastSql } from "./fast-sql";

/** The domain's Clock as this layer sees it (the db layer imports nothing of the domain). */
interface Clock {
  now(): Date;
}

/**
 * Per model, the fields written "now" on create (`@default(now())`) and on every update (`@updatedAt`), as
 * prisma/schema.prisma declares them (pinned by clock-stamps.test.ts). The outbox's jobs are left out: their
 * run times are real time (outbox-service.ts).
 */
export const STAMPED: Readonly<Record<string, { created: readonly string[]; updated: readonly string[] }>> = {
  Account: { created: ["createdAt"], updated: [] },
  ApiKey: { created: ["createdAt"], updated: [] },
  Integration: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  StoredFile: { created: ["createdAt"], updated: [] },
  IdempotencyRecord: { created: ["createdAt"], updated: [] },
  User: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Session: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Credential: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Verification: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Employee: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Message: { created: ["createdAt"], updated: [] },
  MagicLink: { created: ["createdAt"], updated: [] },
  EmployeeSession: { created: ["createdAt"], updated: [] },
  Event: { created: ["createdAt"], updated: [] },
  Registration: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  RegistrationDecision: { created: ["createdAt"], updated: [] },
  Payrun: { created: ["lastActivityAt", "createdAt", "updatedAt"], updated: ["updatedAt"] },
  Invoice: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Payout: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  Prepayment: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  PrepaymentUse: { created: ["createdAt"], updated: [] },
  WebhookSubscription: { created: ["createdAt", "updatedAt"], updated: ["updatedAt"] },
  WebhookDelivery: { created: ["createdAt"], updated: [] },
  WebhookAttempt: { created: ["attemptedAt"], updated: [] },
  TeamInvitation: { created: ["createdAt"], updated: [] },
  SignInLinkRequest: { created: ["createdAt"], updated: [] },
  EmployeeDecision: { created: ["createdAt"], updated: [] },
};

/** `data` with each of `fields` it does not name set to `now` (a row's data is an object; anything else is left as it is). */
function stamp(data: unknown, fields: readonly string[], now: Date): unknown {
  if (fields.length === 0 || typeof data !== "object" || data === null) return data;
  if (Array.isArray(data)) return data.map((row: unknown) => stamp(row, fields, now));
  const missing = fields.filter((f) => !(f in data));
  return missing.length === 0 ? data : { ...Object.fromEntries(missing.map((f) => [f, now])), ...data };
}

const CREATES = new Set(["create", "createMany", "createManyAndReturn"]);
const UPDATES = new Set(["update", "updateMany", "updateManyAndReturn"]);

/** The arguments of `operation` with the row's stamped fields filled in. */
function stampArgs(operation: string, args: unknown, fields: (typeof STAMPED)[string], now: Date): unknown {
  if (typeof args !== "object" || args === null) return args;
  if (CREATES.has(operation) && "data" in args) return { ...args, data: stamp(args.data, fields.created, now) };
  if (UPDATES.has(operation) && "data" in args) return { ...args, data: stamp(args.data, fields.updated, now) };
  if (operation === "upsert" && "create" in args && "update" in args) {
    return { ...args, create: stamp(args.create, fields.created, now), update: stamp(args.update, fields.updated, now) };
  }
  return args;
}

/** The model delegates' names (`db.webhookSubscription`) of `STAMPED`. */
const DELEGATES = new Map(Object.entries(STAMPED).map(([model, fields]) => [model.charAt(0).toLowerCase() + model.slice(1), fields]));

/** `delegate` whose writes stamp `fields` from `clock`. */
function stampedDelegate(delegate: object, fields: (typeof STAMPED)[string], clock: Clock): object {
  return new Proxy(delegate, {
    get: (target, operation): unknown => {
      const method: unknown = Reflect.get(target, operation);
      if (typeof operation !== "string" || typeof method !== "function" || !(CREATES.has(operation) || UPDATES.has(operation) || operation === "upsert")) {
        return method;
      }
      return (args: unknown): unknown => Reflect.apply(method, target, [stampArgs(operation, args, fields, clock.now())]);
    },
  });
}

/**
 * `client` (a root client or a transaction's) whose writes stamp `STAMPED` from `clock`, in its interactive
 * transactions too. A Proxy rather than Prisma's `$extends`: an extended client is not the `Db` the services take.
 */
export function stamped<C extends object>(client: C, clock: Clock): C {
  return new Proxy(client, {
    get: (target, prop): unknown => {
      const value: unknown = Reflect.get(target, prop);
      if (prop === "$transaction" && typeof value === "function") {
        return (arg: unknown, options: unknown): unknown =>
          Reflect.apply(value, target, [
            typeof arg === "function" ? (tx: object): unknown => Reflect.apply(arg, undefined, [stamped(tx, clock)]) : arg,
            options,
          ]);
      }
      const fields = typeof prop === "string" ? DELEGATES.get(prop) : undefined;
      return fields && typeof value === "object" && value !== null ? stampedDelegate(value, fields, clock) : value;
    },
  });
}

/** `db` whose writes stamp `STAMPED` from `clock`; its transactions and its `fastSql` are `db`'s. */
export function clockedDb(db: Db, clock: Clock): Db {
  const clocked = stamped(db, clock);
  shareFastSql(db, clocked);
  return clocked;
}
