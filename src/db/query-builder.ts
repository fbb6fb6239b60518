/**
 * The query-builder layer: every SQL statement of the services is written here with Kysely, against the
 * tables' types (generated from prisma/schema.prisma by prisma-kysely, plus the hand-written columns of the
 * migrations below), so that the compiler checks tables and columns. Kysely is only the compiler: its driver
 * is a DummyDriver, and `.compile()` hands text and parameters to the existing runners (the direct driver
 * with its prepared statements, src/db/fast-sql.ts, or a Prisma transaction).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type AliasedRawBuilder,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type StringReference,
  type GeneratedAlways,
  type OperationNodeSource,
  type RawBuilder,
} from "kysely";
import type { QueryResultRow } from "pg";
import type { Prisma } from "@/generated/prisma/client";
import type { DB } from "@/generated/kysely/database";

/** The tables, as prisma-kysely generates them, with what only the migrations define. */
export interface Tables extends Omit<DB, "employee" | "event"> {
  /** `search_text`: the searched fields lower-cased, a generated column (migration 0006). */
  employee: DB["employee"] & { search_text: GeneratedAlways<string> };
  /** `object_id`: the object's API id, `data ->> 'id'`, a generated column (migration 0016). */
  event: DB["event"] & { object_id: GeneratedAlways<string | null> };
}

/** The compiler. It executes nothing (DummyDriver); the runners below send what it compiles. */
export const qb = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * How a statement is sent. `planEachRun`: planned with its values on every run, never under a plan kept for
 * any values. A named prepared statement gets such a generic plan after a few runs, which is right for most
 * statements; one whose best plan depends on a value (a search pattern: a rare one wants the trigram index,
 * a common one the list's order) must be planned each time.
 */
export interface RunOptions {
  planEachRun?: boolean;
}

/** Runs SQL text with parameters: the direct driver (`fastSql`) or a Prisma transaction (`sqlIn`). */
export interface SqlRunner {
  query<T extends QueryResultRow>(text: string, params: unknown[], options?: RunOptions): Promise<T[]>;
}

/** Statements inside a Prisma interactive transaction. */
export function sqlIn(tx: Prisma.TransactionClient): SqlRunner {
  return { query: <T extends QueryResultRow>(text: string, params: unknown[]) => tx.$queryRawUnsafe<T[]>(text, ...params) };
}

type Query<R> = Compilable<R> | RawBuilder<R>;

/** Compiles `query` and runs it; its rows are typed by the query. */
export async function runQuery<R>(runner: SqlRunner, query: Query<R>, options?: RunOptions): Promise<R[]> {
  const { sql: text, parameters } = isRaw(query) ? query.compile(qb) : query.compile();
  return runner.query<R & QueryResultRow>(text, [...parameters], options);
}

function isRaw<R>(query: Query<R>): query is RawBuilder<R> {
  return "isRawBuilder" in query && query.isRawBuilder === true;
}

/** Runs `query` inside the Prisma transaction `tx` (or on the client outside one). */
export function runIn<R>(tx: Prisma.TransactionClient, query: Query<R>): Promise<R[]> {
  return runQuery(sqlIn(tx), query);
}

/** Runs a data-modifying `query` (no RETURNING) through Prisma; answers how many rows it changed. */
export function executeIn(tx: Prisma.TransactionClient, query: Compilable<unknown>): Promise<number> {
  const { sql: text, parameters } = query.compile();
  return tx.$executeRawUnsafe(text, ...parameters);
}

/** Statements on a `pg` connection or pool of its own. */
export function pgRunner(client: { query<T extends QueryResultRow>(text: string, params: unknown[]): Promise<{ rows: T[] }> }): SqlRunner {
  return { query: async <T extends QueryResultRow>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows };
}

/**
 * A parameter with its PostgreSQL type written out, where the statement itself does not give it one (a
 * value in a SELECT list, the argument of a function): each driver then knows the type.
 */
export function typed<T>(value: T | Slot<T>, type: "uuid" | "text" | "int" | "jsonb" | "timestamptz" | "text[]" | "uuid[]" | "Environment"): RawBuilder<T> {
  return sql<T>`${value}::${sql.raw(type === "Environment" ? '"Environment"' : type)}`;
}

type PgType = "uuid" | "text" | "int" | "bigint" | "jsonb" | "timestamptz" | "text[]" | "int[]" | "uuid[]" | "Environment";

/**
 * The numbered parameter `$n`, with its type, written into the text: for a statement compiled once
 * (`compiledOnce`) whose values are given on each run, in that order.
 */
export function placeholder<T>(n: number, type: PgType): RawBuilder<T> {
  return sql<T>`${sql.raw(`$${n}::${type === "Environment" ? '"Environment"' : type}`)}`;
}

/** A whole number written into a statement compiled once (a bound that is part of its shape, not a value). */
export function literalInt(n: number): RawBuilder<number> {
  if (!Number.isSafeInteger(n)) throw new Error("literalInt: a whole number");
  return sql<number>`${sql.lit(n)}`;
}

/** A name (lower-case letters and `_`) written into a statement as a text literal: part of its shape, not a value. */
export function literalName(name: string): RawBuilder<string> {
  if (!/^[a-z_]+$/.test(name)) throw new Error("literalName: lower-case letters and _ only");
  return sql<string>`${sql.lit(name)}`;
}

/** `unnest(a, b…)` of equally long arrays as rows, its columns named after the keys of `columns`. */
export function unnestAs<R extends object, A extends string>(alias: A, columns: { [K in keyof R]: Expression<R[K][]> }): AliasedRawBuilder<R, A> {
  return unnestColumns<R, A>(alias, Object.entries<Expression<unknown>>(columns));
}

/** `unnestAs` of columns listed at run time (name, array): the rows' type `R` is the caller's, as with any raw SQL. */
export function unnestColumns<R, A extends string>(alias: A, columns: readonly (readonly [string, Expression<unknown>])[]): AliasedRawBuilder<R, A> {
  return sql<R>`(select * from unnest(${sql.join(columns.map(([, array]) => array))}) as u(${sql.join(columns.map(([name]) => sql.id(name)))}))`.as(alias);
}

/**
 * A statement of a hot path compiled once, at module load, rather than on every run: its values are
 * `placeholder`s (a value given to the builder itself would be fixed at compile time, so none is allowed).
 */
export function compiledOnce<R>(query: Compilable<R>): CompiledQuery<R> {
  const compiled = query.compile();
  if (compiled.parameters.length) throw new Error("compiledOnce: give the values as placeholders");
  return compiled;
}

/**
 * A value of a statement compiled once (`Template`): it stands in the statement for the run's value of `key`.
 * Given to the builder in place of a value (`typed`, `jsonb`, a `rowsOf` column), it becomes one of the
 * statement's parameters like any value, so constants and slots are numbered together by the compiler.
 */
export class Slot<T> {
  /** Only the type: the value comes from a run's arguments. */
  declare readonly value?: T;
  constructor(readonly key: string) {}
}

/** The slots of a template whose runs give arguments of type `A`: `slot("pk")` stands for `args.pk`. */
export function slotsOf<A extends Record<string, unknown>>(): <K extends keyof A & string>(key: K) => Slot<A[K]> {
  return (key) => new Slot(key);
}

/**
 * A statement of a hot path built and compiled once, with `Slot`s where its values go; a run sends the same
 * text with each slot's argument in place (the statement's constants stay as compiled). Building and
 * compiling a statement of several CTEs cost about as much as the rest of a create.
 */
export class Template<A extends Record<string, unknown>, R> {
  readonly sql: string;
  private readonly parameters: readonly unknown[];
  constructor(query: Query<R>) {
    const compiled = isRaw(query) ? query.compile(qb) : query.compile();
    this.sql = compiled.sql;
    this.parameters = compiled.parameters;
  }

  /** Runs the statement with `args` in its slots. */
  run(runner: SqlRunner, args: A, options?: RunOptions): Promise<R[]> {
    return runner.query<R & QueryResultRow>(this.sql, this.values(args), options);
  }

  values(args: A): unknown[] {
    return this.parameters.map((p) => (p instanceof Slot ? args[p.key] : p));
  }
}

/** Runs a statement compiled once (`compiledOnce`) with its values, in the order of its placeholders. */
export function runCompiled<R>(runner: SqlRunner, query: CompiledQuery<R>, values: readonly unknown[], options?: RunOptions): Promise<R[]> {
  return runner.query<R & QueryResultRow>(query.sql, [...values], options);
}

/**
 * A moment as a `timestamptz` parameter (or a template's slot for one, its argument ISO 8601 text). The domain's
 * statements take the time from its clock this way, never from the database's `now()` (docs/architecture.md, Time).
 */
export const at = (moment: Date | Slot<string>): RawBuilder<Date> => sql<Date>`${moment instanceof Slot ? moment : moment.toISOString()}::timestamptz`;

/**
 * A setting for the rest of the transaction (`SET LOCAL`); null: back to the session's own value.
 * `payroute.audit_purge_before`: the cut-off below which the audit log's trigger lets the retention job delete.
 */
export function setLocal(name: "lock_timeout" | "payroute.audit_purge_before", value: string | null): RawBuilder<{ set: string }> {
  const setting = value === null ? sql<string>`(select reset_val from pg_settings where name = ${typed(name, "text")})` : typed(value, "text");
  return sql<{ set: string }>`select set_config(${typed(name, "text")}, ${setting}, true) as set`;
}

/** The seconds from `moment` to now, by the database's clock (a float): for metrics; the domain uses its clock (`at`). */
export function secondsSince(moment: Expression<Date | null>): RawBuilder<number> {
  return sql<number>`extract(epoch from now() - ${moment})::float8`;
}

/**
 * A job's run time no later than the database's time. The outbox runs on real time, and a job is written "due now"
 * at its caller's clock: a demo clock ahead of the real one would delay it by the clock's offset, so it is due at
 * the real now instead (never delayed by the demo offset); a clock at or behind the real time (live, tests) keeps its
 * own time. A due-now job has no earlier demo time to wait for, so it never runs before it; this is right for due-now
 * jobs only: a job for later takes a real time (scheduleJob; retries from the worker's real clock), and an advance
 * brings a demo account's pending deliveries forward by as much (demo-clock-service.ts).
 */
export function noLaterThanNow(moment: Expression<Date>): RawBuilder<Date> {
  return sql<Date>`least(${moment}, now())`;
}

/** `moment` moved `seconds` earlier: a demo clock's advance brings its account's scheduled jobs forward (demo-clock-service). */
export function earlierBy(moment: Expression<Date>, seconds: number): RawBuilder<Date> {
  return sql<Date>`${moment} - make_interval(secs => ${typed(seconds, "int")})`;
}

/**
 * `moment` moved as far as `column` has moved from `was` (a row's value read earlier): a write relative to what a
 * concurrent statement did to the row meanwhile, e.g. a retry's run time after an advance of a demo clock.
 */
export function movedAs(moment: Date, column: Expression<Date>, was: Date): RawBuilder<Date> {
  return sql<Date>`${at(moment)} + (${column} - ${at(was)})`;
}

/** Notifies the LISTENers of `channel` when the transaction commits (as the outbox's insert trigger does). */
export function notifyChannel(channel: string): RawBuilder<{ notified: string }> {
  return sql<{ notified: string }>`select pg_notify(${typed(channel, "text")}, '')::text as notified`;
}

/** `-infinity` as a timestamptz: the bucket of `kept_count` that counts all time (src/domain/shared/kept-count.ts). */
export const ALL_TIME = sql<Date>`'-infinity'::timestamptz`;

/** Whether `text` begins with `prefix`, read literally (no LIKE pattern: `_` and `%` are themselves). */
export function startsWith(text: Expression<string>, prefix: string): RawBuilder<boolean> {
  return sql<boolean>`starts_with(${text}, ${typed(prefix, "text")})`;
}

/** A JSON value as a `jsonb` parameter (the drivers take JSON as its text; a slot's argument is that text). */
export const jsonb = (value: Prisma.InputJsonValue | Slot<string>): RawBuilder<unknown> => sql`${value instanceof Slot ? value : JSON.stringify(value)}::jsonb`;

/** A common table expression of a `Statement`, to read from in a later one: `qb.selectFrom(cte.as("d"))`. */
export interface Cte<R> {
  readonly name: string;
  as<A extends string>(alias: A): AliasedRawBuilder<R, A>;
}

/** What a Statement may hold as a CTE: a query (a data-modifying one runs whether read or not). */
type CteQuery<R> = Compilable<R> & OperationNodeSource;

/**
 * One SQL statement assembled from data-modifying CTEs (an Employee, its event, the event's webhook
 * deliveries and the invitation job), so that a write is one round trip. A single statement is atomic on its
 * own, and inside a transaction it is simply part of it; the same statement therefore serves a lone create
 * (sent straight to the driver) and a bulk request (sent through the Prisma transaction). Each part is a
 * typed query; the CTEs are named w0, w1… in the order they are added.
 */
export class Statement {
  private readonly ctes: RawBuilder<unknown>[] = [];

  /** Adds a CTE; the handle types its rows (its RETURNING columns) for the parts that read it. */
  with<R>(query: CteQuery<R>): Cte<R> {
    const name = `w${this.ctes.length}`;
    // Kysely leaves a data-modifying query inside raw SQL unparenthesised (and parenthesises a SELECT).
    this.ctes.push(sql`${sql.id(name)} as (${query})`);
    return { name, as: <A extends string>(alias: A) => sql<R>`${sql.id(name)}`.as(alias) };
  }

  /** The statement: the CTEs, then `select` (which may read them). */
  build<O>(select: CteQuery<O>): RawBuilder<O> {
    return this.ctes.length ? sql<O>`with ${sql.join(this.ctes, sql`, `)} ${select}` : sql<O>`${select}`;
  }

  /** The statement compiled once, its values `Slot`s, ending in one row that only says it ran. */
  template<A extends Record<string, unknown>>(): Template<A, unknown> {
    return new Template<A, unknown>(this.build(qb.selectNoFrom(sql<number>`1`.as("done"))));
  }

  /** Runs the statement, ending in `select` (by default one row that only says it ran). */
  run(runner: SqlRunner): Promise<unknown[]>;
  run<O>(runner: SqlRunner, select: CteQuery<O>): Promise<O[]>;
  run(runner: SqlRunner, select: CteQuery<unknown> = qb.selectNoFrom(sql<number>`1`.as("done"))): Promise<unknown[]> {
    return runQuery(runner, this.build(select));
  }
}

/** A row as JSON carries it: timestamps become strings. */
export type JsonRow<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };

/**
 * The rows of `rows` as one JSON array (`[]` when none), in the order given, which columns of the rows name.
 * One value instead of a row each: the embedded database hands rows to JavaScript one message at a time.
 */
export function jsonArrayOf<O>(rows: CteQuery<O>, orderBy: readonly (readonly [keyof O & string, "asc" | "desc"])[]): RawBuilder<JsonRow<O>[]> {
  const order = sql.join(orderBy.map(([column, direction]) => sql`${sql.ref(`e.${column}`)} ${sql.raw(direction)}`));
  return sql<JsonRow<O>[]>`(select coalesce(json_agg(e order by ${order}), '[]') from ${rows} as e)`;
}

/** The text of `key` of a JSON column (`column->>'key'`). */
export function jsonText<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: StringReference<DB, TB>, key: string): RawBuilder<string | null> {
  return sql<string | null>`${eb.ref(column)}->>${sql.lit(key)}`;
}

/**
 * Transaction-level advisory locks, held until commit or rollback: one per key (`hashtext(key)`, in the
 * namespace given as the first key of the two-key form), taken in the order given, so that two
 * transactions taking the same keys in one order cannot deadlock.
 */
export function advisoryXactLocks(namespace: number, keys: readonly string[]): RawBuilder<{ locked: number }> {
  return sql<{ locked: number }>`select count(pg_advisory_xact_lock(${typed(namespace, "int")}, hashtext(k)))::int as locked
    from (select k from unnest(${typed(keys, "text[]")}) with ordinality as u(k, n) order by n) ordered`;
}

/** One transaction-level advisory lock on `hashtext(key)` (the one-key form); it answers void, so run it with `executeIn`. */
export function advisoryXactLock(key: string) {
  return qb.selectNoFrom((eb) => eb.fn<string>("pg_advisory_xact_lock", [eb.fn<number>("hashtext", [typed(key, "text")])]).as("locked"));
}
