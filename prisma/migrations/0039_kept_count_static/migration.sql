-- Hand-written (Prisma's schema cannot express triggers). 0038's one trigger function built its statement from its
-- arguments on every call (EXECUTE), so PostgreSQL planned the upsert again for every statement that wrote a counted
-- table: half the cost of creating an Employee. Here the same rule is written out once per counted table and
-- operation, at migration time, as functions whose statements are static, so each connection plans them once. The
-- rule itself is unchanged (a statement's rows are added, taken away or moved, under their time bucket and under
-- -infinity, in its own backend's shard; src/domain/shared/kept-count.ts reads them).
DO $define$
DECLARE
  t RECORD;
  part TEXT;
  body TEXT;
  fn TEXT;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    -- counted table, scope, time column, bucket width, the three keys (as 0038's triggers gave them), with update?
    ('event', 'account_pk::text || '' '' || environment::text || '' '' || coalesce(integration_pk, account_pk)::text', 'created_at', '1 hour', 'name', '''''', '''''', false),
    ('webhook_delivery', 'subscription_pk::text', 'created_at', '1 hour', 'status', 'event_name', '''''', true),
    ('audit_record', 'coalesce(account_pk::text, '''')', 'at', '1 day', 'actor_kind::text', 'action', 'target_type', false),
    ('employee', 'integration_pk::text', 'created_at', '1 day', '''''', '''''', '''''', false)
  ) AS v(counted, scope, time_column, width, k1, k2, k3, moves)
  LOOP
    part := format(
      'SELECT %s AS scope, date_bin(%L::interval, %I, ''1970-01-01 00:00:00+00'') AS bucket, %s AS k1, %s AS k2, %s AS k3',
      t.scope, t.width, t.time_column, t.k1, t.k2, t.k3);
    FOR fn, body IN SELECT * FROM (VALUES
      ('add', part || ', 1 AS d FROM "kept_new"'),
      ('remove', part || ', -1 AS d FROM "kept_old"'),
      ('move', part || ', -1 AS d FROM "kept_old" UNION ALL ' || part || ', 1 AS d FROM "kept_new"')
    ) AS o(fn, body) WHERE o.fn <> 'move' OR t.moves
    LOOP
      EXECUTE format(
        'CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $fn$
         BEGIN
           INSERT INTO "kept_count" AS c ("counted", "scope", "bucket", "k1", "k2", "k3", "shard", "n")
           SELECT %L, r.scope, b.bucket, r.k1, r.k2, r.k3, pg_backend_pid(), sum(r.d)
           FROM (%s) r CROSS JOIN LATERAL (VALUES (r.bucket), (''-infinity''::timestamptz)) b(bucket)
           GROUP BY 2, 3, 4, 5, 6 HAVING sum(r.d) <> 0 ORDER BY 2, 3, 4, 5, 6
           ON CONFLICT ("counted", "scope", "bucket", "k1", "k2", "k3", "shard") DO UPDATE SET "n" = c."n" + excluded."n";
           RETURN NULL;
         END
         $fn$',
        'kept_count_' || t.counted || '_' || fn, t.counted, body);
    END LOOP;

    EXECUTE format('DROP TRIGGER "kept_count_on_insert" ON %I', t.counted);
    EXECUTE format('DROP TRIGGER "kept_count_on_delete" ON %I', t.counted);
    EXECUTE format('CREATE TRIGGER "kept_count_on_insert" AFTER INSERT ON %I REFERENCING NEW TABLE AS "kept_new" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.counted, 'kept_count_' || t.counted || '_add');
    EXECUTE format('CREATE TRIGGER "kept_count_on_delete" AFTER DELETE ON %I REFERENCING OLD TABLE AS "kept_old" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.counted, 'kept_count_' || t.counted || '_remove');
    IF t.moves THEN
      EXECUTE format('DROP TRIGGER "kept_count_on_update" ON %I', t.counted);
      EXECUTE format('CREATE TRIGGER "kept_count_on_update" AFTER UPDATE ON %I REFERENCING OLD TABLE AS "kept_old" NEW TABLE AS "kept_new" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.counted, 'kept_count_' || t.counted || '_move');
    END IF;
  END LOOP;
END
$define$;

DROP FUNCTION "kept_count_change"();
