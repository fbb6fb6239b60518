-- CreateTable
CREATE TABLE "event_count" (
    "account_pk" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "scope_pk" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "events" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "event_count_pkey" PRIMARY KEY ("account_pk","environment","scope_pk","name","shard")
);


-- Kept by statement triggers (hand-written: Prisma's schema cannot express triggers), so every path that writes
-- or removes events, the retention job and cascades included, keeps the counts right. A statement adds its
-- events to its own backend's rows (shard = its process id): a backend runs one transaction at a time, so two
-- writers never lock the same row and cannot deadlock over them. The retention job folds the rows of backends
-- that have gone into shard 0 (src/domain/events/event-count.ts).
CREATE FUNCTION "event_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_count" AS c ("account_pk", "environment", "scope_pk", "name", "shard", "events")
  SELECT "account_pk", "environment", coalesce("integration_pk", "account_pk"), "name", pg_backend_pid(), count(*)
  FROM "event_count_added" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("account_pk", "environment", "scope_pk", "name", "shard") DO UPDATE SET "events" = c."events" + excluded."events";
  RETURN NULL;
END
$$;

CREATE FUNCTION "event_count_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_count" AS c ("account_pk", "environment", "scope_pk", "name", "shard", "events")
  SELECT "account_pk", "environment", coalesce("integration_pk", "account_pk"), "name", pg_backend_pid(), -count(*)
  FROM "event_count_removed" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("account_pk", "environment", "scope_pk", "name", "shard") DO UPDATE SET "events" = c."events" + excluded."events";
  RETURN NULL;
END
$$;

CREATE TRIGGER "event_count_on_insert" AFTER INSERT ON "event"
  REFERENCING NEW TABLE AS "event_count_added" FOR EACH STATEMENT EXECUTE FUNCTION "event_count_add"();
CREATE TRIGGER "event_count_on_delete" AFTER DELETE ON "event"
  REFERENCING OLD TABLE AS "event_count_removed" FOR EACH STATEMENT EXECUTE FUNCTION "event_count_remove"();

-- The events already stored, in shard 0.
INSERT INTO "event_count" ("account_pk", "environment", "scope_pk", "name", "shard", "events")
SELECT "account_pk", "environment", coalesce("integration_pk", "account_pk"), "name", 0, count(*)
FROM "event" GROUP BY 1, 2, 3, 4;

-- The events list filtered by type reads a rare type's page in order (not found among every type's events).
-- CreateIndex
CREATE INDEX "event_account_pk_environment_integration_pk_name_created_at_idx" ON "event"("account_pk", "environment", "integration_pk", "name", "created_at");

