-- CreateTable
CREATE TABLE "kept_count" (
    "counted" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "k1" TEXT NOT NULL DEFAULT '',
    "k2" TEXT NOT NULL DEFAULT '',
    "k3" TEXT NOT NULL DEFAULT '',
    "shard" INTEGER NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "kept_count_pkey" PRIMARY KEY ("counted","scope","bucket","k1","k2","k3","shard")
);


-- Hand-written (Prisma's schema cannot express triggers). One rule for every counted table, replacing 0037's
-- event_count: a statement's rows are added (insert), taken away (delete) or moved (update) in one upsert of its
-- own backend's rows (shard = its process id), so two writers never lock the same row and cannot deadlock over
-- them; the retention job folds the shards into shard 0 (src/db/kept-count.ts). Each row counts once under its
-- time bucket (the time column binned by the width) and once under -infinity (all time). The trigger's arguments:
-- the counted table's name, the scope, the time column, the bucket width, and the three keys, as SQL over its rows.
CREATE FUNCTION "kept_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part TEXT := format(
    'SELECT %s AS scope, date_bin(%L::interval, %I, ''1970-01-01 00:00:00+00'') AS bucket, %s AS k1, %s AS k2, %s AS k3',
    TG_ARGV[1], TG_ARGV[3], TG_ARGV[2], TG_ARGV[4], TG_ARGV[5], TG_ARGV[6]);
  rows TEXT := CASE TG_OP
    WHEN 'INSERT' THEN part || ', 1 AS d FROM "kept_new"'
    WHEN 'DELETE' THEN part || ', -1 AS d FROM "kept_old"'
    ELSE part || ', -1 AS d FROM "kept_old" UNION ALL ' || part || ', 1 AS d FROM "kept_new"' END;
BEGIN
  EXECUTE format(
    'INSERT INTO "kept_count" AS c ("counted", "scope", "bucket", "k1", "k2", "k3", "shard", "n")
     SELECT %L, r.scope, b.bucket, r.k1, r.k2, r.k3, pg_backend_pid(), sum(r.d)
     FROM (%s) r CROSS JOIN LATERAL (VALUES (r.bucket), (''-infinity''::timestamptz)) b(bucket)
     GROUP BY 2, 3, 4, 5, 6 HAVING sum(r.d) <> 0 ORDER BY 2, 3, 4, 5, 6
     ON CONFLICT ("counted", "scope", "bucket", "k1", "k2", "k3", "shard") DO UPDATE SET "n" = c."n" + excluded."n"',
    TG_ARGV[0], rows);
  RETURN NULL;
END
$$;

-- Events: per account, environment and scope (the Integration, else the account), by type, per hour.
CREATE TRIGGER "kept_count_on_insert" AFTER INSERT ON "event" REFERENCING NEW TABLE AS "kept_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('event',
  'account_pk::text || '' '' || environment::text || '' '' || coalesce(integration_pk, account_pk)::text', 'created_at', '1 hour', 'name', '''''', '''''');
CREATE TRIGGER "kept_count_on_delete" AFTER DELETE ON "event" REFERENCING OLD TABLE AS "kept_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('event',
  'account_pk::text || '' '' || environment::text || '' '' || coalesce(integration_pk, account_pk)::text', 'created_at', '1 hour', 'name', '''''', '''''');

-- Webhook deliveries: per subscription, by status and event type, per hour (an attempt moves a delivery's status).
CREATE TRIGGER "kept_count_on_insert" AFTER INSERT ON "webhook_delivery" REFERENCING NEW TABLE AS "kept_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('webhook_delivery', 'subscription_pk::text', 'created_at', '1 hour', 'status', 'event_name', '''''');
CREATE TRIGGER "kept_count_on_update" AFTER UPDATE ON "webhook_delivery" REFERENCING OLD TABLE AS "kept_old" NEW TABLE AS "kept_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('webhook_delivery', 'subscription_pk::text', 'created_at', '1 hour', 'status', 'event_name', '''''');
CREATE TRIGGER "kept_count_on_delete" AFTER DELETE ON "webhook_delivery" REFERENCING OLD TABLE AS "kept_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('webhook_delivery', 'subscription_pk::text', 'created_at', '1 hour', 'status', 'event_name', '''''');

-- The audit log (append-only, 0023): per account ('' for none), by actor kind, action and target type, per day
-- (a year is kept).
CREATE TRIGGER "kept_count_on_insert" AFTER INSERT ON "audit_record" REFERENCING NEW TABLE AS "kept_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('audit_record', 'coalesce(account_pk::text, '''')', 'at', '1 day', 'actor_kind::text', 'action', 'target_type');
CREATE TRIGGER "kept_count_on_delete" AFTER DELETE ON "audit_record" REFERENCING OLD TABLE AS "kept_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('audit_record', 'coalesce(account_pk::text, '''')', 'at', '1 day', 'actor_kind::text', 'action', 'target_type');

-- Employees: per Integration, per day of created_at (the list's created_at filter). An Employee never moves between
-- Integrations and its created_at never changes (0006), so inserts and deletes are all that change these.
CREATE TRIGGER "kept_count_on_insert" AFTER INSERT ON "employee" REFERENCING NEW TABLE AS "kept_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('employee', 'integration_pk::text', 'created_at', '1 day', '''''', '''''', '''''');
CREATE TRIGGER "kept_count_on_delete" AFTER DELETE ON "employee" REFERENCING OLD TABLE AS "kept_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_count_change"('employee', 'integration_pk::text', 'created_at', '1 day', '''''', '''''', '''''');

-- The rows already stored, in shard 0, counted once: 0037's table and triggers go.
DROP TRIGGER "event_count_on_insert" ON "event";
DROP TRIGGER "event_count_on_delete" ON "event";
DROP FUNCTION "event_count_add"();
DROP FUNCTION "event_count_remove"();
DROP TABLE "event_count";

INSERT INTO "kept_count" ("counted", "scope", "bucket", "k1", "shard", "n")
SELECT 'event', account_pk::text || ' ' || environment::text || ' ' || coalesce(integration_pk, account_pk)::text, b.bucket, name, 0, count(*)
FROM "event" CROSS JOIN LATERAL (VALUES (date_bin('1 hour', created_at, '1970-01-01 00:00:00+00')), ('-infinity'::timestamptz)) b(bucket)
GROUP BY 2, 3, 4;
INSERT INTO "kept_count" ("counted", "scope", "bucket", "k1", "k2", "shard", "n")
SELECT 'webhook_delivery', subscription_pk::text, b.bucket, status, event_name, 0, count(*)
FROM "webhook_delivery" CROSS JOIN LATERAL (VALUES (date_bin('1 hour', created_at, '1970-01-01 00:00:00+00')), ('-infinity'::timestamptz)) b(bucket)
GROUP BY 2, 3, 4, 5;
INSERT INTO "kept_count" ("counted", "scope", "bucket", "k1", "k2", "k3", "shard", "n")
SELECT 'audit_record', coalesce(account_pk::text, ''), b.bucket, actor_kind::text, action, target_type, 0, count(*)
FROM "audit_record" CROSS JOIN LATERAL (VALUES (date_bin('1 day', at, '1970-01-01 00:00:00+00')), ('-infinity'::timestamptz)) b(bucket)
GROUP BY 2, 3, 4, 5, 6;
INSERT INTO "kept_count" ("counted", "scope", "bucket", "shard", "n")
SELECT 'employee', integration_pk::text, b.bucket, 0, count(*)
FROM "employee" CROSS JOIN LATERAL (VALUES (date_bin('1 day', created_at, '1970-01-01 00:00:00+00')), ('-infinity'::timestamptz)) b(bucket)
GROUP BY 2, 3;
