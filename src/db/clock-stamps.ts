/**
 * The one place where a row's own timestamps take a clock's time instead of the database's `now()` default or
 * Prisma's `@updatedAt` (the process's time): `clockedDb` wraps a client so that every create, upsert and update
 * made through it writes the fields of `STAMPED` from `clock.now()` unless the caller wrote them itself. The entry
 * points give it to an account's demo requests and jobs (demo-clock.ts `dbFor`); live keeps the plain client.
 *
 * Nested writes are stamped as well: a relation's `create`, `createMany`, `connectOrCreate`, `upsert`, `update` and
 * `updateMany` inside a create, update or upsert take the related model's fields (`RELATIONS` says which model a
 * relation field leads to). SQL the domain writes itself (query-builder.ts) names its times from the clock.
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

/**
 * Per model, its relation fields and the model each leads to, as prisma/schema.prisma declares them (pinned by
 * clock-stamps.test.ts): how a nested write finds the fields of the rows it writes.
 */
export const RELATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Account: {
    apiKeys: "ApiKey",
    integrations: "Integration",
    users: "User",
    registrations: "Registration",
    events: "Event",
    webhooks: "WebhookSubscription",
    invitations: "TeamInvitation",
    demoClock: "DemoClock",
  },
  ApiKey: { account: "Account" },
  Integration: {
    account: "Account",
    logo: "StoredFile",
    employees: "Employee",
    employeeCounts: "IntegrationEmployeeCount",
    messages: "Message",
    payruns: "Payrun",
    payouts: "Payout",
    invoices: "Invoice",
    prepayments: "Prepayment",
  },
  StoredFile: { integrations: "Integration" },
  User: { account: "Account", sessions: "Session", credentials: "Credential", twoFactor: "TwoFactor" },
  TwoFactor: { user: "User" },
  Session: { user: "User" },
  Credential: { user: "User" },
  Employee: {
    integration: "Integration",
    messages: "MessageRecipient",
    magicLinks: "MagicLink",
    payouts: "Payout",
    decisions: "EmployeeDecision",
    claimDetails: "EmployeeClaimDetails",
    reveals: "SensitiveReveal",
  },
  IntegrationEmployeeCount: { integration: "Integration" },
  Message: { integration: "Integration", recipients: "MessageRecipient" },
  MessageRecipient: { message: "Message", employee: "Employee" },
  MagicLink: { employee: "Employee" },
  Event: { account: "Account" },
  Registration: { account: "Account", decisions: "RegistrationDecision" },
  RegistrationDecision: { registration: "Registration" },
  Payrun: { integration: "Integration", payouts: "Payout", invoice: "Invoice", prepaymentUses: "PrepaymentUse" },
  Invoice: { integration: "Integration", payrun: "Payrun", prepayment: "Prepayment" },
  Payout: { integration: "Integration", employee: "Employee", payrun: "Payrun" },
  Prepayment: { integration: "Integration", invoice: "Invoice", uses: "PrepaymentUse" },
  PrepaymentUse: { prepayment: "Prepayment", payrun: "Payrun" },
  WebhookSubscription: { account: "Account", deliveries: "WebhookDelivery" },
  WebhookDelivery: { subscription: "WebhookSubscription", attemptLog: "WebhookAttempt" },
  WebhookAttempt: { delivery: "WebhookDelivery" },
  TeamInvitation: { account: "Account" },
  EmployeeDecision: { employee: "Employee" },
  EmployeeClaimDetails: { employee: "Employee" },
  SensitiveReveal: { employee: "Employee" },
  DemoClock: { account: "Account" },
};

const NO_FIELDS = { created: [], updated: [] } as const;

/** A plain object (a row's data or a nested write), not a Date, Decimal, Buffer or array. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `value`, or each of its items when it is an array, through `f`. */
const eachOf = (value: unknown, f: (item: unknown) => unknown): unknown => (Array.isArray(value) ? value.map(f) : f(value));

/** `obj` with `key` (when present) through `f`. */
function withKey(obj: Record<string, unknown>, key: string, f: (value: unknown) => unknown): Record<string, unknown> {
  return key in obj ? { ...obj, [key]: f(obj[key]) } : obj;
}

/**
 * A row's data for `model` (a create's when `created`, else an update's): its stamped fields it does not name set
 * to `now`, and the nested writes of its relation fields stamped for the models they write.
 */
function stampRow(model: string, data: unknown, created: boolean, now: Date): unknown {
  if (Array.isArray(data)) return data.map((row: unknown) => stampRow(model, row, created, now));
  if (!isRecord(data)) return data;
  const fields = (STAMPED[model] ?? NO_FIELDS)[created ? "created" : "updated"];
  const missing = fields.filter((f) => !(f in data));
  let out: Record<string, unknown> = missing.length === 0 ? data : { ...Object.fromEntries(missing.map((f) => [f, now])), ...data };
  for (const [field, target] of Object.entries(RELATIONS[model] ?? {})) {
    if (isRecord(out[field])) out = { ...out, [field]: stampNested(target, out[field], now) };
  }
  return out;
}

/** A to-one `update` is the data itself or `{ where?, data }`; a to-many one is `{ where, data }` (or a list of them). */
function stampNestedUpdate(model: string, value: unknown, now: Date): unknown {
  return eachOf(value, (u) =>
    isRecord(u) && isRecord(u.data) && Object.keys(u).every((k) => k === "where" || k === "data")
      ? { ...u, data: stampRow(model, u.data, false, now) }
      : stampRow(model, u, false, now),
  );
}

/** A relation field's nested writes (`{ create, createMany, connectOrCreate, upsert, update, updateMany, ... }`) for `model`. */
function stampNested(model: string, nested: Record<string, unknown>, now: Date): Record<string, unknown> {
  let out = withKey(nested, "create", (v) => stampRow(model, v, true, now));
  out = withKey(out, "createMany", (v) => (isRecord(v) ? withKey(v, "data", (d) => stampRow(model, d, true, now)) : v));
  out = withKey(out, "connectOrCreate", (v) => eachOf(v, (c) => (isRecord(c) ? withKey(c, "create", (d) => stampRow(model, d, true, now)) : c)));
  out = withKey(out, "upsert", (v) =>
    eachOf(v, (u) =>
      isRecord(u)
        ? withKey(
            withKey(u, "create", (d) => stampRow(model, d, true, now)),
            "update",
            (d) => stampNestedUpdate(model, d, now),
          )
        : u,
    ),
  );
  out = withKey(out, "update", (v) => stampNestedUpdate(model, v, now));
  return withKey(out, "updateMany", (v) => eachOf(v, (u) => (isRecord(u) ? withKey(u, "data", (d) => stampRow(model, d, false, now)) : u)));
}

const CREATES = new Set(["create", "createMany", "createManyAndReturn"]);
const UPDATES = new Set(["update", "updateMany", "updateManyAndReturn"]);

/** The arguments of `operation` on `model` with the rows' stamped fields filled in, nested writes included. */
function stampArgs(model: string, operation: string, args: unknown, now: Date): unknown {
  if (!isRecord(args)) return args;
  if (CREATES.has(operation)) return withKey(args, "data", (d) => stampRow(model, d, true, now));
  if (UPDATES.has(operation)) return withKey(args, "data", (d) => stampRow(model, d, false, now));
  if (operation === "upsert")
    return withKey(
      withKey(args, "create", (d) => stampRow(model, d, true, now)),
      "update",
      (d) => stampRow(model, d, false, now),
    );
  return args;
}

/** The model delegates' names (`db.webhookSubscription`) and their models: those stamped, and those whose nested writes may be. */
const DELEGATES = new Map(
  [...new Set([...Object.keys(STAMPED), ...Object.keys(RELATIONS)])].map((model) => [model.charAt(0).toLowerCase() + model.slice(1), model]),
);

/** `delegate` (of `model`) whose writes stamp from `clock`. */
function stampedDelegate(delegate: object, model: string, clock: Clock): object {
  return new Proxy(delegate, {
    get: (target, operation): unknown => {
      const method: unknown = Reflect.get(target, operation);
      if (typeof operation !== "string" || typeof method !== "function" || !(CREATES.has(operation) || UPDATES.has(operation) || operation === "upsert")) {
        return method;
      }
      return (args: unknown): unknown => Reflect.apply(method, target, [stampArgs(model, operation, args, clock.now())]);
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
      const model = typeof prop === "string" ? DELEGATES.get(prop) : undefined;
      return model && typeof value === "object" && value !== null ? stampedDelegate(value, model, clock) : value;
    },
  });
}

/** The clients `clockedDb` made, and what each wraps. */
const unwrapped = new WeakMap<Db, Db>();

/** `db` whose writes stamp `STAMPED` from `clock`; its transactions and its `fastSql` are `db`'s. */
export function clockedDb(db: Db, clock: Clock): Db {
  const clocked = stamped(db, clock);
  shareFastSql(db, clocked);
  unwrapped.set(clocked, db);
  return clocked;
}

/** The client `db` wraps when `clockedDb` made it (its writes then take their defaults again), else `db`. */
export function unclocked(db: Db): Db {
  return unwrapped.get(db) ?? db;
}
