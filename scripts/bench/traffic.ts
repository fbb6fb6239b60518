/**
 * The scale bench's traffic (`npm run bench -- --scale --traffic-days N`): the tables that grow with requests,
 * filled set-based (generate_series, as scale-seed.ts) at 100 requests/s as they stand under their retention, then
 * the hot reads of those tables and the retention job on one day past retention.
 *
 * At 100 requests/s (docs/performance.md, "A year of traffic"): every request is a request_log record; a fifth are
 * writes with an Idempotency-Key (idempotency_record), each recording an event, delivered to one webhook
 * (webhook_delivery with one attempt) by one outbox job; one request in a hundred is an audited change
 * (audit_record). Each table holds its newest min(retention, N) days, plus `--traffic-purge-days` (default 1)
 * just past its retention, which the retention job then removes. N = the longest retention (365) is the steady
 * state: about 130 GiB at 100 requests/s (request_log alone 121 million rows, 54 GiB), more than a bench machine
 * holds. A fraction keeps the rate, so the hot reads' pages and the job's batches are as in production; the lists'
 * counts then cover N days only. Each day of N (or of past retention) is about 7 GiB on PostgreSQL.
 */
import os from "node:os";
import { openDatabase, type DatabaseOptions, type Db } from "../../src/db/database";
import { readEnv } from "../../src/config/env";
import { listAudit } from "../../src/domain/audit/audit-list";
import { ZListAuditQuery } from "../../src/domain/audit/audit-schemas";
import { listEvents } from "../../src/domain/events/event-list";
import { ZListEventsQuery } from "../../src/domain/events/event-schemas";
import { IDEMPOTENCY_TTL_MS } from "../../src/domain/idempotency/idempotency-service";
import { claimBatch } from "../../src/domain/outbox/outbox-claim";
import { FINISHED_JOB_RETENTION_MS } from "../../src/domain/outbox/outbox-service";
import { listRequestLogs } from "../../src/domain/request-log/request-log-service";
import { ZListRequestLogsQuery } from "../../src/domain/request-log/request-log-schemas";
import { systemClock } from "../../src/domain/shared/clock";
import { listWebhookDeliveries } from "../../src/domain/webhooks/delivery-api";
import { ZListDeliveriesQuery } from "../../src/domain/webhooks/delivery-schemas";
import { runRetention } from "../../src/server/retention";

export const REQUESTS_PER_SECOND = 100;
const DAY_S = 86_400;
const HOOK_ID = "bench-hook";
/** Rows written per statement: bounded statements, and progress to log. */
const CHUNK = 1_000_000;
/** Due jobs beside the finished ones, for the claim to find. */
const DUE_JOBS = 1_000;

/** Each table: its share of the requests and its retention (the settings' defaults, src/config/env.ts). */
function tables() {
  const settings = readEnv({ NODE_ENV: "production" });
  return [
    { table: "request_log", share: 1, days: settings.REQUEST_LOG_DAYS },
    { table: "idempotency_record", share: 0.2, days: IDEMPOTENCY_TTL_MS / 86_400_000 },
    { table: "event", share: 0.2, days: settings.EVENT_RETENTION_DAYS },
    { table: "webhook_delivery", share: 0.2, days: settings.WEBHOOK_RETENTION_DAYS },
    { table: "outbox_job", share: 0.2, days: FINISHED_JOB_RETENTION_MS / 86_400_000 },
    { table: "audit_record", share: 0.01, days: settings.AUDIT_LOG_DAYS },
  ] as const;
}
type Table = ReturnType<typeof tables>[number]["table"];

interface Scope {
  accountPk: string;
  integrationPk: string;
  apiKeyPk: string;
}

/**
 * The rows of one window, `n` of them `1/rate` s apart, the newest `endAgo` seconds ago; `g` numbers them, `t` is
 * each one's time. The account's, Integration's, key's and subscription's pks are written in (our own uuids).
 */
function insertSql(table: Table, from: number, to: number, rate: number, endAgo: number, scope: Scope, hookPk: string): string {
  const uuid = (pk: string) => {
    if (!/^[0-9a-f-]{36}$/.test(pk)) throw new Error(`not a uuid: ${pk}`);
    return `'${pk}'::uuid`;
  };
  const [account, integration, apiKey, hook] = [scope.accountPk, scope.integrationPk, scope.apiKeyPk, hookPk].map(uuid);
  const rows = `FROM generate_series(${from}, ${to}) AS g, LATERAL (SELECT now() - make_interval(secs => ${endAgo} + g / ${rate}::float8) AS t) AS v`;
  switch (table) {
    case "request_log":
      // A fifth writes; one in fifty a 4xx (with its bodies, as the log keeps them), one in a thousand a 5xx.
      return `INSERT INTO request_log (pk, account_pk, environment, api_key_pk, method, path, route, status, duration_ms, request_id,
                idempotency_key, client_ip, user_agent, request_body, response_body, created_at)
        SELECT gen_random_uuid(), ${account}, 'demo', ${apiKey}, CASE WHEN g % 5 = 0 THEN 'POST' ELSE 'GET' END,
               CASE WHEN g % 5 = 0 THEN '/v2/payouts/' WHEN g % 5 = 1 THEN '/v2/payouts/?payrun=payrun-' || g % 100
                    WHEN g % 5 = 2 THEN '/v2/employees/emp-' || g % 10000 || '/' ELSE '/v2/employees/?search=berg&page=' || g % 7 END,
               CASE WHEN g % 5 IN (0, 1) THEN '/v2/payouts/' WHEN g % 5 = 2 THEN '/v2/employees/{employee_id}/' ELSE '/v2/employees/' END,
               CASE WHEN g % 50 = 7 THEN 400 WHEN g % 1000 = 3 THEN 500 WHEN g % 5 = 0 THEN 201 ELSE 200 END,
               5 + (g % 97) / 3.0, gen_random_uuid()::text, CASE WHEN g % 5 = 0 THEN 'idem-' || md5(g::text) END,
               '10.1.' || g % 200 || '.' || g % 250, 'payroute-client/2.3 (node 20)',
               CASE WHEN g % 50 = 7 THEN '{"employee":"emp-1","amount":"12,50","currency":"SEK"}' END,
               CASE WHEN g % 50 = 7 THEN '{"amount":["A valid number is required."]}' END, t ${rows}`;
    case "idempotency_record":
      return `INSERT INTO idempotency_record (pk, account_pk, environment, key, request_hash, status, headers, body, created_at)
        SELECT gen_random_uuid(), ${account}, 'demo', 'idem-' || ${endAgo} || '-' || g, md5(g::text), 201, '{"content-type":"application/json"}',
               convert_to(json_build_object('id', 'payout-' || g, 'amount', '1000.00', 'currency', 'SEK', 'employee', 'emp-' || g % 10000,
                 'description', 'Arvode uppdrag ' || g % 997, 'latest_status', 'created', 'created_at', t)::text, 'UTF8'), t ${rows}`;
    case "event":
      return `INSERT INTO event (pk, account_pk, environment, integration_pk, name, object_pk, data, created_at)
        SELECT gen_random_uuid(), ${account}, 'demo', ${integration}, (ARRAY['Payout.created','Payout.notified','Payout.accepted','Employee.created','Employee.claimed'])[1 + g % 5],
               gen_random_uuid(), json_build_object('id', 'payout-' || g, 'object', 'Payout', 'amount', '1000.00', 'currency', 'SEK',
                 'employee', 'emp-' || g % 10000, 'payrun', 'payrun-' || g % 100, 'description', 'Arvode uppdrag ' || g % 997, 'created_at', t), t ${rows}`;
    case "webhook_delivery":
      // One attempt each (cascaded by the retention job's delete); one in fifty failed.
      return `WITH d AS (
          INSERT INTO webhook_delivery (pk, subscription_pk, event_pk, event_name, body, status, attempts, created_at, completed_at)
          SELECT gen_random_uuid(), ${hook}, gen_random_uuid(), 'Payout.created',
                 json_build_object('type', 'Payout.created', 'created_at', t, 'data', json_build_object('id', 'payout-' || g, 'amount', '1000.00',
                   'currency', 'SEK', 'employee', 'emp-' || g % 10000, 'description', 'Arvode uppdrag ' || g % 997))::text,
                 CASE WHEN g % 50 = 3 THEN 'failed' ELSE 'succeeded' END, 1, t, t + interval '200 milliseconds' ${rows}
          RETURNING pk, created_at, status)
        INSERT INTO webhook_attempt (pk, delivery_pk, attempted_at, duration_ms, status_code, response_body)
        SELECT gen_random_uuid(), pk, created_at, 180, CASE WHEN status = 'failed' THEN 503 ELSE 200 END, 'ok' FROM d`;
    case "outbox_job":
      return `INSERT INTO outbox_job (pk, kind, payload, run_at, attempts, completed_at, created_at)
        SELECT gen_random_uuid(), 'webhook.deliver', jsonb_build_object('deliveryPk', gen_random_uuid()), t, 1, t + interval '1 second', t ${rows}`;
    case "audit_record":
      return `INSERT INTO audit_record (id, at, account_pk, environment, actor_kind, actor_id, actor_label, source_ip, user_agent, action,
                target_type, target_id, target_label, after)
        SELECT gen_random_uuid(), t, ${account}, 'demo', 'user', 'user-' || g % 20, 'person' || g % 20 || '@acme.example', '10.2.0.' || g % 250,
               'Mozilla/5.0 (X11; Linux x86_64)', 'payout.created', 'payout', 'payout-' || g, 'Arvode uppdrag ' || g % 997,
               jsonb_build_object('amount', '1000.00', 'employee', 'emp-' || g % 10000) ${rows}`;
  }
}

interface Window {
  /** Seconds before now of the window's newest row. */
  endAgo: number;
  seconds: number;
}

/** The newest min(retention, days) and `purgeDays` just past retention (a minute past, so the job finds all of it). */
function windowsOf(retentionDays: number, days: number, purgeDays: number): Window[] {
  return [
    { endAgo: 0, seconds: Math.min(retentionDays, days) * DAY_S },
    { endAgo: retentionDays * DAY_S + 60, seconds: purgeDays * DAY_S },
  ];
}

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** Median and longest of `runs` timings of `what`, in ms. */
async function timed(runs: number, what: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await what();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1] };
}

/** The secondary indexes of `names` (not unique, not primary keys): dropped for the load, built once after it. */
async function secondaryIndexes(db: Db, names: readonly string[]) {
  return db.$queryRawUnsafe<{ name: string; def: string }[]>(
    `SELECT c.relname::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid::regclass::text = ANY($1) AND NOT i.indisunique AND NOT i.indisprimary`,
    names,
  );
}

/** The tables whose lists read kept_count: loaded with their triggers on. */
const COUNTED = new Set(["event", "webhook_delivery", "audit_record"]);

export async function trafficBench(options: DatabaseOptions, integrationId: string, days: number, purgeDays: number, log: (s: string) => void): Promise<void> {
  const list = tables();
  const database = await openDatabase(options.driver === "pg" ? { ...options, poolSize: 1 } : options);
  const db = database.prisma;
  try {
    const [scope] = await db.$queryRawUnsafe<Scope[]>(
      `SELECT i.account_pk::text AS "accountPk", i.pk::text AS "integrationPk", k.pk::text AS "apiKeyPk"
       FROM integration i JOIN api_key k ON k.account_pk = i.account_pk AND k.environment = i.environment WHERE i.id = $1 LIMIT 1`,
      integrationId,
    );
    const [{ pk: hookPk }] = await db.$queryRawUnsafe<{ pk: string }[]>(
      `INSERT INTO webhook_subscription (pk, id, account_pk, environment, integration_pk, scope_key, url, events, secret_key, updated_at)
       VALUES (gen_random_uuid(), $1, $2::uuid, 'demo', $3::uuid, $4, 'https://hooks.example.com/payroute', ARRAY['*'], md5('bench'), now())
       RETURNING pk::text AS pk`,
      HOOK_ID,
      scope.accountPk,
      scope.integrationPk,
      scope.integrationPk,
    );
    const names = [...list.map((t) => t.table), "webhook_attempt"];
    const indexes = await secondaryIndexes(db, names);
    for (const i of indexes) await db.$executeRawUnsafe(`DROP INDEX "${i.name}"`);
    // Triggers (the audit log's guard refuses only UPDATE and DELETE) and foreign-key checks off for the load, but
    // for the counted tables: their statement triggers keep kept_count (migration 0038), which their lists read.
    const replica = (on: boolean) => db.$executeRawUnsafe(`SET session_replication_role = ${on ? "replica" : "DEFAULT"}`);
    await replica(true);
    log(
      `\nTraffic at ${REQUESTS_PER_SECOND} requests/s: the newest ${days} day(s) of each table (at most its retention) and ${purgeDays} day(s) past ` +
        `its retention (load ${loadNow()})`,
    );
    const rowsOf: Record<string, number> = {};
    for (const { table, share, days: retention } of list) {
      const rate = REQUESTS_PER_SECOND * share;
      const started = performance.now();
      let rows = 0;
      await replica(!COUNTED.has(table));
      for (const w of windowsOf(retention, days, purgeDays)) {
        const n = Math.round(w.seconds * rate);
        for (let from = 0; from < n; from += CHUNK) {
          await db.$executeRawUnsafe(insertSql(table, from, Math.min(n, from + CHUNK) - 1, rate, w.endAgo, scope, hookPk));
        }
        rows += n;
      }
      rowsOf[table] = rows;
      log(`  ${table}: ${rows.toLocaleString("en")} rows (${rate}/s, retention ${retention} days) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await db.$executeRawUnsafe(
      `INSERT INTO outbox_job (pk, kind, payload, run_at, created_at)
       SELECT gen_random_uuid(), 'bench.due', '{}', now() - interval '1 minute', now() - interval '1 minute' FROM generate_series(1, ${DUE_JOBS})`,
    );
    await replica(false);
    const indexStarted = performance.now();
    for (const i of indexes) await db.$executeRawUnsafe(i.def);
    log(`  ${indexes.length} secondary indexes built in ${((performance.now() - indexStarted) / 1000).toFixed(0)} s`);
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${names.join(", ")}`);
    const sizes = await db.$queryRawUnsafe<{ table: string; bytes: string }[]>(
      `SELECT t AS table, (pg_total_relation_size(t::regclass) + CASE WHEN t = 'webhook_delivery' THEN pg_total_relation_size('webhook_attempt') ELSE 0 END)::text AS bytes
       FROM unnest($1::text[]) AS t`,
      list.map((t) => t.table),
    );
    log(`\n| table | retention (days) | rows/s | rows seeded | on disk | bytes/row | at full retention (rows, disk) |`);
    log(`|---|---|---|---|---|---|---|`);
    for (const { table, share, days: retention } of list) {
      const bytes = Number(sizes.find((s) => s.table === table)?.bytes ?? 0);
      const perRow = bytes / Math.max(1, rowsOf[table]);
      const full = REQUESTS_PER_SECOND * share * retention * DAY_S;
      log(
        `| ${table} | ${retention} | ${REQUESTS_PER_SECOND * share} | ${rowsOf[table].toLocaleString("en")} | ${(bytes / 2 ** 30).toFixed(2)} GiB | ` +
          `${perRow.toFixed(0)} | ${(full / 1e6).toFixed(1)} M, ${((full * perRow) / 2 ** 30).toFixed(0)} GiB |`,
      );
    }

    const account = { accountPk: scope.accountPk, environment: "demo" as const };
    const integration = { ...account, integrationPk: scope.integrationPk };
    // `seconds` ago, less a random part of a minute: a different instant on every call, never on a bucket's edge.
    const agoIso = (seconds: number) => new Date(Date.now() - seconds * 1000 - Math.random() * 60_000).toISOString();
    const reads: [string, () => Promise<unknown>][] = [
      ["request log, first page", () => listRequestLogs({ db, scope: account }, ZListRequestLogsQuery.parse({}))],
      ["request log, 4xx", () => listRequestLogs({ db, scope: account }, ZListRequestLogsQuery.parse({ status_class: "4xx" }))],
      ["request log, path /v2/employees/emp-7", () => listRequestLogs({ db, scope: account }, ZListRequestLogsQuery.parse({ path: "/v2/employees/emp-7" }))],
      [
        "request log, POST, second page",
        async () => {
          const first = await listRequestLogs({ db, scope: account }, ZListRequestLogsQuery.parse({ method: "POST" }));
          return listRequestLogs({ db, scope: account }, ZListRequestLogsQuery.parse({ method: "POST", cursor: first.next_cursor ?? undefined }));
        },
      ],
      ["events, first page (with count)", () => listEvents({ db, scope: integration }, ZListEventsQuery.parse({}))],
      ["events, type Payout.accepted", () => listEvents({ db, scope: integration }, ZListEventsQuery.parse({ type: ["Payout.accepted"] }))],
      // A time filter's instant differs per request (an hour and a bit ago, moved by a random second).
      ["events, created_at_after (varied)", () => listEvents({ db, scope: integration }, ZListEventsQuery.parse({ created_at_after: agoIso(3_700) }))],
      [
        "events, a day's range (varied)",
        () => listEvents({ db, scope: integration }, ZListEventsQuery.parse({ created_at_after: agoIso(30 * 3_600), created_at_before: agoIso(6 * 3_600) })),
      ],
      [
        "delivery log, first page (with count)",
        () => listWebhookDeliveries({ db, scope: integration }, HOOK_ID, ZListDeliveriesQuery.parse({ webhook_id: HOOK_ID })),
      ],
      [
        "delivery log, status failed",
        () => listWebhookDeliveries({ db, scope: integration }, HOOK_ID, ZListDeliveriesQuery.parse({ webhook_id: HOOK_ID, status: "failed" })),
      ],
      [
        "delivery log, created_at_after (varied)",
        () =>
          listWebhookDeliveries({ db, scope: integration }, HOOK_ID, ZListDeliveriesQuery.parse({ webhook_id: HOOK_ID, created_at_after: agoIso(20 * 3_600) })),
      ],
      ["audit log, first page (with count)", () => listAudit(db, { accountPk: scope.accountPk }, ZListAuditQuery.parse({}))],
      ["audit log, action prefix", () => listAudit(db, { accountPk: scope.accountPk }, ZListAuditQuery.parse({ action: "webhook." }))],
      ["audit log, since (varied)", () => listAudit(db, { accountPk: scope.accountPk }, ZListAuditQuery.parse({ at_gte: agoIso(20 * 3_600) }))],
      ["outbox claim of 10 due jobs", () => claimBatch(db, "bench-claim", 10, { leaseSeconds: 60, clock: systemClock })],
    ];
    log(`\nHot reads (direct domain calls, one connection; 7 runs each, median and longest; load ${loadNow()})`);
    log(`| read | median ms | longest ms |`);
    log(`|---|---|---|`);
    for (const [what, read] of reads) {
      const t = await timed(7, read);
      log(`| ${what} | ${t.median.toFixed(1)} | ${t.max.toFixed(1)} |`);
    }
    log(`  load after the reads: ${loadNow()}`);
    await retentionCost(db, log);
  } finally {
    await database.close();
  }
}

/**
 * runRetention as the server runs it, each of its statements timed: a batch is one statement in its own
 * transaction (the audit log's, a transaction of two), so its time is also how long it holds its rows' locks.
 */
async function retentionCost(db: Db, log: (s: string) => void): Promise<void> {
  const batches: { table: string; ms: number }[] = [];
  const record = async <T>(table: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await run();
    batches.push({ table, ms: performance.now() - t0 });
    return out;
  };
  const tableOf = (text: string) => /delete from "([a-z_]+)"/.exec(text)?.[1] ?? "other";
  const timedDb = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "$executeRawUnsafe") return (text: string, ...values: unknown[]) => record(tableOf(text), () => target.$executeRawUnsafe(text, ...values));
      if (prop === "$transaction") return (fn: Parameters<Db["$transaction"]>[0]) => record("audit_record", () => target.$transaction(fn));
      return Reflect.get(target, prop, receiver);
    },
  });
  const settings = readEnv({ NODE_ENV: "production" });
  const loadBefore = loadNow();
  const started = performance.now();
  const removed = await runRetention(timedDb, settings, new Date());
  const seconds = (performance.now() - started) / 1000;
  log(
    `\nRetention job (runRetention, the settings' defaults) on the data past retention: ${seconds.toFixed(0)} s in all (load ${loadBefore} before, ${loadNow()} after)`,
  );
  log(`| table | rows removed | batches | seconds | rows/s | longest batch (lock) ms | median batch ms |`);
  log(`|---|---|---|---|---|---|---|`);
  for (const table of ["idempotency_record", "outbox_job", "webhook_delivery", "event", "request_log", "audit_record", "kept_count"]) {
    const mine = batches
      .filter((b) => b.table === table)
      .map((b) => b.ms)
      .sort((a, b) => a - b);
    const total = mine.reduce((a, b) => a + b, 0) / 1000;
    log(
      `| ${table} | ${(removed[table] ?? 0).toLocaleString("en")} | ${mine.length} | ${total.toFixed(1)} | ${((removed[table] ?? 0) / Math.max(total, 0.001)).toFixed(0)} | ` +
        `${(mine.at(-1) ?? 0).toFixed(0)} | ${(mine[Math.floor(mine.length / 2)] ?? 0).toFixed(0)} |`,
    );
  }
}
