/**
 * The scale bench's data (`npm run bench -- --scale`): one Integration with N Employees and M Payouts in Payruns of
 * PAYRUN_SIZE, written set-based with generate_series. Through the API a million Employees would take hours; here
 * the account, key and Integration still come from the domain services (seed()), the rows from SQL shaped like
 * seed()'s (same names, emails and phone numbers, so that searches match alike at every size).
 */
import { openDatabase, type DatabaseOptions } from "../../src/db/database";
import { FIRST, LAST, seed, type Seeded } from "./seed";

/** Payouts per Payrun: a Payrun is a pay period's, so its size does not grow with the Integration's history. */
export const PAYRUN_SIZE = 5000;
/** The seeded history: Employees and Payouts are created evenly over this span, ending now. */
const HISTORY_DAYS = 365;

export interface ScaleSeeded extends Seeded {
  /** Ids of the closed Payruns (each PAYRUN_SIZE Payouts). */
  payrunIds: string[];
  /** An instant: the Employees created after it are the newest tenth (the filter case). */
  filterAfter: string;
  /** Seconds the set-based writes took (Employees, Payouts, indexes, VACUUM ANALYZE). */
  seconds: { employees: number; payouts: number; indexes: number; analyze: number };
}

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(",")}]::text[]`;

/** Deterministic pks (md5 of a name), so that Payouts name their Employee and Payrun without a join. */
const uuidOf = (expr: string) => `md5(${expr})::uuid`;

export async function seedScale(options: DatabaseOptions, employees: number, payouts: number, log: (s: string) => void): Promise<ScaleSeeded> {
  const base = await seed(options, 0, () => undefined);
  // One connection: session_replication_role below is a session setting.
  const db = await openDatabase(options.driver === "pg" ? { ...options, poolSize: 1 } : options);
  const exec = (sql: string) => db.prisma.$executeRawUnsafe(sql);
  const timed = async (what: () => Promise<unknown>) => {
    const t0 = Date.now();
    await what();
    return (Date.now() - t0) / 1000;
  };
  try {
    const [{ pk }] = await db.prisma.$queryRawUnsafe<{ pk: string }[]>(`SELECT pk::text FROM integration WHERE id = $1`, base.integrationId);
    const span = `interval '${HISTORY_DAYS} days'`;
    const start = `(now() - ${span})`;
    // Secondary indexes are built once after the load (far cheaper than kept row by row); unique ones stay.
    const indexes = await db.prisma.$queryRawUnsafe<{ name: string; def: string }[]>(
      `SELECT c.relname::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid IN ('employee'::regclass, 'payout'::regclass) AND NOT i.indisunique AND NOT i.indisprimary`,
    );
    for (const i of indexes) await exec(`DROP INDEX "${i.name}"`);
    // Triggers and foreign-key checks off for the load: the Employee counter (migration 0006) is written once below,
    // and every reference is made by construction.
    await exec("SET session_replication_role = replica");
    const employeeSeconds = await timed(async () => {
      await exec(
        `INSERT INTO employee (pk, id, integration_pk, name, email, cellphone_number, country, created_at, notified_at, claimed_at, updated_at)
         SELECT ${uuidOf(`'emp-' || i`)}, 'emp-' || i, '${pk}', f || ' ' || l, lower(f || '.' || l || '.' || i || '@example.se'),
                '+4670' || right((1000000 + i)::text, 7), 'SWE', t,
                CASE WHEN i < ${employees} * 0.99 THEN t + interval '1 minute' END,
                CASE WHEN i % 2 = 0 THEN t + interval '1 day' END, t
         FROM generate_series(0, ${employees - 1}) AS i,
              LATERAL (SELECT (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] AS f,
                              (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] AS l,
                              ${start} + ${span} * (i::float8 / ${Math.max(1, employees)}) AS t) AS v`,
      );
      await exec(
        `INSERT INTO integration_employee_count AS c (integration_pk, shard, employees, version, rows_version) VALUES ('${pk}', 0, ${employees}, 1, 1)
         ON CONFLICT (integration_pk, shard) DO UPDATE SET employees = c.employees + ${employees}, version = c.version + 1, rows_version = c.rows_version + 1`,
      );
    });
    log(`  ${employees.toLocaleString("en")} Employees written in ${employeeSeconds.toFixed(1)} s`);
    const payruns = Math.ceil(payouts / PAYRUN_SIZE);
    const payoutSeconds = await timed(async () => {
      // Every Payrun but the newest closed and paid; each holds a pay period's Payouts.
      await exec(
        `INSERT INTO payrun (pk, id, integration_pk, currency, open, last_activity_at, created_at, closed_at, paid_at, updated_at)
         SELECT ${uuidOf(`'payrun-' || j`)}, 'payrun-' || j, '${pk}', 'SEK', j = ${payruns - 1}, t, t,
                CASE WHEN j < ${payruns - 1} THEN t + interval '1 day' END, CASE WHEN j < ${payruns - 1} THEN t + interval '2 days' END, t
         FROM generate_series(0, ${payruns - 1}) AS j, LATERAL (SELECT ${start} + ${span} * (j::float8 / ${payruns}) AS t) AS v`,
      );
      const CHUNK = 500_000;
      for (let from = 0; from < payouts; from += CHUNK) {
        const to = Math.min(payouts, from + CHUNK) - 1;
        await exec(
          `INSERT INTO payout (pk, id, integration_pk, employee_pk, payrun_pk, basis, amount, invoiced_amount, cost, currency, breakdown,
                               description, created_at, notified_at, accepted_at, updated_at)
           SELECT ${uuidOf(`'payout-' || k`)}, 'payout-' || k, '${pk}', ${uuidOf(`'emp-' || (k % ${employees})`)},
                  ${uuidOf(`'payrun-' || (k / ${PAYRUN_SIZE})`)}, 'amount', a, a * 1.25, a * 1.4, 'SEK',
                  jsonb_build_object('fee', (a * 0.05)::text, 'payroll', (a * 0.3142)::text, 'vat', (a * 0.25)::text),
                  'Arvode ' || to_char(t, 'YYYY-MM') || ' uppdrag ' || (k % 997), t, t + interval '1 hour',
                  CASE WHEN k % 3 <> 0 THEN t + interval '1 day' END, t
           FROM generate_series(${from}, ${to}) AS k,
                LATERAL (SELECT (1000 + (k % 9000))::numeric(14, 2) AS a, ${start} + ${span} * (k::float8 / ${payouts}) AS t) AS v`,
        );
        log(`  Payouts ${(to + 1).toLocaleString("en")}/${payouts.toLocaleString("en")}`);
      }
    });
    log(`  ${payouts.toLocaleString("en")} Payouts in ${payruns} Payruns written in ${payoutSeconds.toFixed(1)} s`);
    // Written once, as the Employee counter: the Employees' kept counts per day (migration 0038's triggers were off).
    await exec(
      `INSERT INTO kept_count (counted, scope, bucket, shard, n)
       SELECT 'employee', integration_pk::text, b.bucket, 0, count(*) FROM employee
       CROSS JOIN LATERAL (VALUES (date_bin('1 day', created_at, '1970-01-01 00:00:00+00')), ('-infinity'::timestamptz)) b(bucket)
       WHERE integration_pk = '${pk}' GROUP BY 2, 3`,
    );
    await exec("SET session_replication_role = DEFAULT");
    const indexSeconds = await timed(async () => {
      for (const i of indexes) await exec(i.def);
    });
    log(`  ${indexes.length} secondary indexes built in ${indexSeconds.toFixed(1)} s (${indexes.map((i) => i.name).join(", ")})`);
    const analyzeSeconds = await timed(() => exec("VACUUM ANALYZE employee, payout, payrun, integration_employee_count"));
    const [{ after, from, to }] = await db.prisma.$queryRawUnsafe<{ after: string; from: number; to: number }[]>(
      `SELECT to_char((${start} + ${span} * 0.9) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS after,
              (extract(epoch from min(created_at)) * 1000)::float8 AS from, (extract(epoch from max(created_at)) * 1000)::float8 AS to
       FROM employee WHERE integration_pk = '${pk}'`,
    );
    return {
      ...base,
      employeeIds: Array.from({ length: employees }, (_, i) => `emp-${i}`),
      payrunIds: Array.from({ length: Math.max(1, payruns - 1) }, (_, j) => `payrun-${j}`),
      filterAfter: after,
      history: { from, to },
      seconds: { employees: employeeSeconds, payouts: payoutSeconds, indexes: indexSeconds, analyze: analyzeSeconds },
    };
  } finally {
    await db.close();
  }
}
