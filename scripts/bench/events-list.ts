/**
 * The bench's "events list at 100,000 stored events": the events are written set-based with SQL (not through the
 * API) into the seeded Integration's scope, 8 event types spread evenly over the last ~28 hours; then the plans
 * PostgreSQL picks for the list's two queries (page and count), so that a missing index shows.
 */
import pg from "pg";

export const EVENTS = 100_000;
const TYPES = [
  "Employee.created",
  "Employee.notified",
  "Employee.claimed",
  "Employee.verified",
  "Payout.created",
  "Payout.notified",
  "Payout.accepted",
  "Payrun.created",
];
/** The type the filtered case asks for: one of eight, so an eighth of the events. */
export const FILTERED_TYPE = "Payout.accepted";

/** Writes EVENTS events of the Integration `integrationId` (demo) in one statement; answers how long it took (ms). */
export async function seedEvents(url: string, integrationId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `insert into event (pk, account_pk, environment, integration_pk, name, object_pk, data, created_at)
       select gen_random_uuid(), i.account_pk, i.environment, i.pk, ($2::text[])[1 + g % $3], gen_random_uuid(),
              json_build_object('id', 'bench-ev-' || (g % 5000), 'object', 'Employee', 'n', g), now() - make_interval(secs => g)
       from integration i, generate_series(1, $4) g
       where i.id = $1 and i.environment = 'demo'`,
      [integrationId, TYPES, TYPES.length, EVENTS],
    );
    await client.query("analyze event");
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** EXPLAIN ANALYZE of the list's page query and its count, as listEvents asks them (unfiltered and by type). */
export async function explainEvents(url: string, integrationId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ account_pk: string; pk: string }>("select account_pk, pk from integration where id = $1 and environment = 'demo'", [
      integrationId,
    ]);
    const [{ account_pk: account, pk: integration }] = rows;
    const scope = "account_pk = $1 and environment = 'demo' and integration_pk = $2";
    const out: string[] = [];
    for (const [what, filter, keyFilter, params] of [
      ["page", "", "", [account, integration]],
      ["page by type", " and name = any($3)", " and k1 = any($3)", [account, integration, [FILTERED_TYPE]]],
    ] as const) {
      const page = await client.query<{ "QUERY PLAN": string }>(
        `explain analyze select pk, name, created_at, data from event where ${scope}${filter} order by created_at desc, seq desc limit 25`,
        [...params],
      );
      // The list's count without an object or a time: the sum of kept_count's rows (kept-count.ts), not a count of events.
      const count = await client.query<{ "QUERY PLAN": string }>(
        `explain analyze select sum(n) from kept_count where counted = 'event' and scope = $1 || ' demo ' || $2 and bucket = '-infinity'${keyFilter}`,
        [...params],
      );
      out.push(`  ${what}:`, ...page.rows.map((r) => `    ${r["QUERY PLAN"]}`), `  ${what}, count:`, ...count.rows.map((r) => `    ${r["QUERY PLAN"]}`));
    }
    return out;
  } finally {
    await client.end();
  }
}
