-- GET /v2/events/: the list reads one scope (an Integration's events, or the account's own with integration_pk
-- NULL) newest first; this index replaces the one without integration_pk. The data becomes json so that an
-- event keeps its keys in the order of the webhook body (rows stored before keep jsonb's order).

-- DropIndex
DROP INDEX "event_account_pk_environment_created_at_idx";

-- AlterTable
ALTER TABLE "event" ALTER COLUMN "data" SET DATA TYPE JSON;

-- CreateIndex
CREATE INDEX "event_account_pk_environment_integration_pk_created_at_idx" ON "event"("account_pk", "environment", "integration_pk", "created_at");

-- The list's object_id filter: the object's API id, taken from the data once when the event is written (reading
-- it from json at query time parses every event of the scope). Its index takes the place of object_pk's, which
-- no query read, so that writing an event updates as many indexes as before.
DROP INDEX "event_object_pk_idx";
ALTER TABLE "event" ADD COLUMN "object_id" text GENERATED ALWAYS AS ("data" ->> 'id') STORED;
CREATE INDEX "event_object_id_idx" ON "event" ("object_id");
