/**
 * pglite-prisma-adapter 0.6.1 predates Prisma 6.19's driver contract in two ways, both fixed here once for
 * every query and transaction (they share one query class):
 * - arguments: Prisma sends `Bytes` as base64 strings (and dates as strings) with `argTypes`; PGlite needs
 *   bytes. Mapped as @prisma/adapter-pg maps them.
 * - errors: Postgres errors must become Prisma's error kinds (23505 -> UniqueConstraintViolation, i.e. P2002),
 *   otherwise a duplicate id surfaces as an unknown error.
 */
import { DriverAdapterError, type ArgType, type SqlQuery } from "@prisma/driver-adapter-utils";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

interface PGliteQueryable {
  performIO: (this: PGliteQueryable, query: SqlQuery) => Promise<unknown>;
  onError: (this: PGliteQueryable, error: unknown) => never;
}

/** The library's query class, checked rather than assumed: a release that reshapes it fails here, by name. */
function isQueryable(proto: unknown): proto is PGliteQueryable {
  return (
    typeof proto === "object" &&
    proto !== null &&
    "performIO" in proto &&
    typeof proto.performIO === "function" &&
    "onError" in proto &&
    typeof proto.onError === "function"
  );
}

function mapArg(arg: unknown, argType: ArgType | undefined): unknown {
  if (arg === null || argType === undefined) return arg;
  if (Array.isArray(arg) && argType.arity === "list") return arg.map((v) => mapArg(v, argType));
  if (typeof arg === "string" && argType.scalarType === "bytes") return new Uint8Array(Buffer.from(arg, "base64"));
  if (Array.isArray(arg) && argType.scalarType === "bytes") return new Uint8Array(arg);
  return arg;
}

interface PgError {
  code: string;
  message: string;
  severity?: string;
  detail?: string;
  column?: string;
  hint?: string;
  constraint?: string;
}

function isPgError(e: unknown): e is PgError {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" && "message" in e;
}

function keyFields(detail?: string): { fields: string[] } | undefined {
  const fields = detail?.match(/Key \(([^)]+)\)/)?.[1]?.split(", ");
  return fields ? { fields } : undefined;
}

function convertError(e: PgError): DriverAdapterError {
  const base = { originalCode: e.code, originalMessage: e.message };
  switch (e.code) {
    case "23505":
      return new DriverAdapterError({ ...base, kind: "UniqueConstraintViolation", constraint: keyFields(e.detail) });
    case "23502":
      return new DriverAdapterError({ ...base, kind: "NullConstraintViolation", constraint: keyFields(e.detail) });
    case "23503":
      return new DriverAdapterError({
        ...base,
        kind: "ForeignKeyConstraintViolation",
        constraint: e.column ? { fields: [e.column] } : e.constraint ? { index: e.constraint } : undefined,
      });
    case "40001":
      return new DriverAdapterError({ ...base, kind: "TransactionWriteConflict" });
    case "22001":
      return new DriverAdapterError({ ...base, kind: "LengthMismatch", column: e.column });
    case "22003":
      return new DriverAdapterError({ ...base, kind: "ValueOutOfRange", cause: e.message });
    default:
      return new DriverAdapterError({
        ...base,
        kind: "postgres",
        code: e.code,
        severity: e.severity ?? "N/A",
        message: e.message,
        detail: e.detail,
        column: e.column,
        hint: e.hint,
      });
  }
}

const patched = new WeakSet<object>();

function patchQueryable(proto: PGliteQueryable): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  const performIO = proto.performIO;
  proto.performIO = function (this: PGliteQueryable, query: SqlQuery) {
    const args = query.args.map((arg, i) => mapArg(arg, query.argTypes[i]));
    return performIO.call(this, { ...query, args });
  };
  const onError = proto.onError;
  proto.onError = function (this: PGliteQueryable, error: unknown): never {
    if (isPgError(error)) throw convertError(error);
    return onError.call(this, error);
  };
}

export class FixedPrismaPGlite extends PrismaPGlite {
  constructor(client: PGlite) {
    super(client);
  }

  override async connect() {
    const adapter = await super.connect();
    // The adapter's class extends the query class that transactions share: patch that prototype.
    const proto: unknown = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
    if (!isQueryable(proto))
      throw new Error("pglite-prisma-adapter: its query class has no performIO/onError (the patch in src/db/pglite-adapter.ts is for 0.6.1)");
    patchQueryable(proto);
    return adapter;
  }
}
