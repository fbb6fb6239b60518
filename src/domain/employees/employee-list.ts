/** The Employee list, GET /v2/employees/: pages, searches and counts, compiled once where the shape is frequent. */
import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from "kysely";
import { fastSql } from "@/db/fast-sql";
import { compiledOnce, jsonArrayOf, literalInt, placeholder, qb, runCompiled, runQuery, type Tables } from "@/db/query-builder";
import { pageWindow } from "@/domain/shared/pagination";
import { keptCount } from "@/domain/shared/kept-count";
import { containsPattern, nullableTimestampWhere, timestampConditions, timestampWhere, type TimestampFilter } from "@/domain/shared/timestamp-filters";
import type { ScopedDb } from "@/domain/shared/service-context";
import { ListMemo } from "./employee-list-memo";
import { employeeColumns, employeeFromJson, type EmployeeRow } from "./employee-representation";
import type { TListEmployeesQuery } from "./employee-schemas";

/** A value, or the placeholder standing for it in a statement compiled once. */
type Value<T> = T | RawBuilder<T>;

/** The Integration's Employee count and versions: sums over its counter shards (migrations 0006, 0015). */
function counterOf(integrationPk: Value<string>) {
  return qb
    .selectFrom("integration_employee_count")
    .select((eb) => [
      eb.fn.sum<string | null>("employees").as("employees"),
      eb.fn.sum<string | null>("version").as("version"),
      eb.fn.sum<string | null>("rows_version").as("rows_version"),
    ])
    .where("integration_pk", "=", integrationPk);
}

/** What the list remembers: filtered counts and search pages (employee-list-memo.ts). */
const memo = new ListMemo<EmployeeRow>();

/** The Integration's Employees, those whose searched fields contain `search` when given. */
function integrationAndSearch(integrationPk: Value<string>, search: Value<string> | undefined) {
  // search_text: the three fields lower-cased, joined by U+001F (migration 0006).
  return (eb: ExpressionBuilder<Tables, "employee">) => [
    eb("integration_pk", "=", integrationPk),
    ...(search === undefined ? [] : [eb("search_text", "like", eb.fn<string>("lower", [typeof search === "string" ? eb.val(search) : search]))]),
  ];
}

/** A page of Employees in the list's order (newest first, pk breaking ties). */
function newestPage(where: (eb: ExpressionBuilder<Tables, "employee">) => Expression<SqlBool>, take: Value<number>, skip: Value<number>) {
  return qb.selectFrom("employee").select(employeeColumns).where(where).orderBy("created_at", "desc").orderBy("pk", "desc").limit(take).offset(skip);
}

const LIST_ORDER = [
  ["createdAt", "desc"],
  ["pk", "desc"],
] as const;

/**
 * One page of Employees and the Integration's counter row, in one statement. The page travels as one JSON
 * value (jsonArrayOf): 25 rows cost about twice what one JSON value does on the embedded database
 * (docs/performance.md).
 */
function pageQuery(
  integrationPk: Value<string>,
  where: (eb: ExpressionBuilder<Tables, "employee">) => Expression<SqlBool>,
  take: Value<number>,
  skip: Value<number>,
) {
  return qb
    .selectFrom(counterOf(integrationPk).as("c"))
    .select((eb) => [
      eb.cast<number | null>("c.employees", "integer").as("total"),
      eb.cast<string | null>("c.version", "text").as("version"),
      eb.cast<string | null>("c.rows_version", "text").as("rowsVersion"),
      jsonArrayOf(newestPage(where, take, skip), LIST_ORDER).as("rows"),
    ]);
}

/** $1 the Integration, $2 the page size, $3 the offset (and $4 the search pattern). */
const PAGE = compiledOnce(
  pageQuery(
    placeholder<string>(1, "uuid"),
    (eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), undefined)(eb)),
    placeholder<number>(2, "int"),
    placeholder<number>(3, "int"),
  ),
);
const SEARCH_PAGE = compiledOnce(
  pageQuery(
    placeholder<string>(1, "uuid"),
    (eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), placeholder<string>(4, "text"))(eb)),
    placeholder<number>(2, "int"),
    placeholder<number>(3, "int"),
  ),
);

/**
 * Up to this many matches, a search's page is the newest of its matches read once; a broader one pages in the
 * list's order, where a page of matches is found among the newest Employees.
 */
const NARROW_SEARCH = 10_000;

/**
 * A search whose breadth is not known yet, in one statement that finds it out. It reads at most NARROW_SEARCH + 1
 * matches, only their pk and created_at (the trigram index, then the rows). A narrow term's count and page come
 * from those: the list's order would instead read Employees newest first until a page of matches is found,
 * which for a term whose matches are all old reads every newer Employee. A broader term (more than that many
 * matches) is counted and paged in the list's order, which finds its newest matches at once: reading all its
 * matches with their columns cost about four times as much (docs/performance.md). $1 the Integration, $2 the
 * page size, $3 the offset, $4 the search pattern.
 */
const SEARCH_MATCHES = compiledOnce(
  qb
    .with(
      (cte) => cte("m").materialized(),
      (db) =>
        db
          .selectFrom("employee")
          .select(["pk", "created_at"])
          .where((eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), placeholder<string>(4, "text"))(eb)))
          .limit(literalInt(NARROW_SEARCH + 1)),
    )
    .with("k", (db) => db.selectFrom("m").select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n")))
    .selectFrom([counterOf(placeholder<string>(1, "uuid")).as("c"), "k"])
    .select((eb) => {
      const matching = (e: ExpressionBuilder<Tables, "employee">) =>
        e.and(integrationAndSearch(placeholder<string>(1, "uuid"), placeholder<string>(4, "text"))(e));
      const narrow = eb("k.n", "<=", literalInt(NARROW_SEARCH));
      const newestMatches = eb
        .selectFrom("m")
        .select("m.pk")
        .orderBy("m.created_at", "desc")
        .orderBy("m.pk", "desc")
        .limit(placeholder<number>(2, "int"))
        .offset(placeholder<number>(3, "int"));
      return [
        eb.cast<string | null>("c.version", "text").as("version"),
        eb.cast<string | null>("c.rows_version", "text").as("rowsVersion"),
        eb
          .case()
          .when(narrow)
          .then(eb.ref("k.n"))
          .else(
            eb
              .selectFrom("employee")
              .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
              .where(matching),
          )
          .end()
          .as("n"),
        eb
          .case()
          .when(narrow)
          .then(jsonArrayOf(qb.selectFrom("employee").select(employeeColumns).where("pk", "in", newestMatches), LIST_ORDER))
          .else(jsonArrayOf(newestPage(matching, placeholder<number>(2, "int"), placeholder<number>(3, "int")), LIST_ORDER))
          .end()
          .as("rows"),
      ];
    }),
);

/** $1 the Integration: the rows version a remembered search page is checked against. */
const ROWS_VERSION = compiledOnce(
  qb.selectFrom(counterOf(placeholder<string>(1, "uuid")).as("c")).select((eb) => eb.cast<string | null>("c.rows_version", "text").as("rowsVersion")),
);

/**
 * The most requested query of the API, so it goes to the driver directly rather than through Prisma's
 * query compiler; the profile that justified it is in docs/performance.md. One statement reads the page and
 * the Integration's counter row; a filtered count comes from the memo (employee-list-memo.ts) or, failing
 * that, a count read in one snapshot with the version it is remembered under. A search page comes from the memo
 * while the rows version it was read at is still the current one.
 */
export async function listEmployees({ db, scope }: ScopedDb, q: TListEmployeesQuery) {
  const { skip, take } = pageWindow(q);
  // Filters on fields the version covers (created_at never changes; search reads name, email, phone).
  const created = timestampWhere(q, "created_at");
  // search_text: the three fields lower-cased, joined by U+001F (migration 0006), so no term may hold one.
  const search = q.search ? containsPattern(q.search.replaceAll("\x1f", "")) : undefined;
  // The worker sets these as invitations go out; counts filtered by them are not remembered.
  const uncovered = (["notified_at", "claimed_at", "verified_at"] as const).map((f) => [f, nullableTimestampWhere(q, f)] as const).filter(([, w]) => w);
  const rememberable = JSON.stringify([scope.integrationPk, created, search]);
  const where = (eb: ExpressionBuilder<Tables, "employee">) =>
    eb.and([
      ...integrationAndSearch(scope.integrationPk, search)(eb),
      ...timestampConditions(eb, "created_at", created),
      ...uncovered.flatMap(([f, w]) => timestampConditions(eb, f, w)),
    ]);
  const sql = fastSql(db);
  // The list's most frequent shapes, no filter or a search alone, are remembered with their count.
  const frequent = created === undefined && uncovered.length === 0;
  const pageKey = JSON.stringify([scope.integrationPk, search, take, skip]);
  if (frequent) {
    const known = memo.page(db, pageKey);
    if (known) {
      const [now] = await runCompiled(sql, ROWS_VERSION, [scope.integrationPk]);
      if ((now.rowsVersion ?? "0") === known.rowsVersion) return { count: known.count, rows: [...known.rows] };
    }
  }
  if (frequent && search !== undefined) {
    // How broad the term was when last counted (at any version): a hint for the plan, never the answer.
    const hint = memo.lastCount(db, rememberable);
    if (hint === undefined || hint <= NARROW_SEARCH) {
      const [matches] = await runCompiled(sql, SEARCH_MATCHES, [scope.integrationPk, take, skip, search], { planEachRun: true });
      const n = matches.n ?? 0;
      const rows = matches.rows.map(employeeFromJson);
      memo.rememberCount(db, rememberable, matches.version ?? "0", n);
      memo.rememberPage(db, pageKey, { rowsVersion: matches.rowsVersion ?? "0", count: n, rows });
      return { count: n, rows };
    }
  }
  // The list's most frequent shapes are compiled once; the others each time.
  // A search is planned with its pattern on every run: a rare term wants the trigram index, a common one the
  // list's order, and a plan kept for any pattern (a prepared statement's generic plan) picks one for all.
  const run = { planEachRun: search !== undefined };
  const [page] =
    created !== undefined || uncovered.length
      ? await runQuery(sql, pageQuery(scope.integrationPk, where, take, skip), run)
      : search === undefined
        ? await runCompiled(sql, PAGE, [scope.integrationPk, take, skip])
        : await runCompiled(sql, SEARCH_PAGE, [scope.integrationPk, take, skip, search], run);
  const list = page.rows.map(employeeFromJson);
  // A search's page and count are read in two snapshots: remembered under the page's rows version, the pair is
  // used again only while nothing has changed since the page's, so the count is then that of the page's snapshot.
  const remember = (count: number) => {
    if (frequent) memo.rememberPage(db, pageKey, { rowsVersion: page.rowsVersion ?? "0", count, rows: list });
    return { count, rows: list };
  };
  if (frequent && search === undefined) return remember(page.total ?? 0);
  const version = page.version ?? "0";
  const known = uncovered.length === 0 ? memo.count(db, rememberable, version) : undefined;
  if (known !== undefined) return remember(known);
  if (search === undefined && uncovered.length === 0 && created !== undefined) {
    // created_at alone, not remembered: the Integration's rows of kept_count per day and the Employees of the two days
    // the range cuts (kept-count.ts), so a different instant on every request costs the same at a million Employees.
    // Remembered under the page's version (the count may be of a later snapshot: one write apart, as before).
    const countIn = async (range: TimestampFilter) => {
      const [row] = await runQuery(
        sql,
        qb
          .selectFrom("employee")
          .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
          .where((eb) => eb.and([eb("integration_pk", "=", scope.integrationPk), ...timestampConditions(eb, "created_at", range)])),
      );
      return row?.n ?? 0;
    };
    const n = await keptCount(sql, "employee", (eb) => eb("scope", "=", scope.integrationPk), created, countIn);
    memo.rememberCount(db, rememberable, version, n);
    return remember(n);
  }
  const [counted] = await runQuery(
    sql,
    qb.selectFrom(counterOf(scope.integrationPk).as("c")).select((eb) => [
      eb.cast<string | null>("c.version", "text").as("version"),
      eb
        .selectFrom("employee")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .where(where)
        .as("n"),
    ]),
    run,
  );
  const n = counted.n ?? 0;
  if (uncovered.length === 0) memo.rememberCount(db, rememberable, counted.version ?? "0", n);
  return remember(n);
}
