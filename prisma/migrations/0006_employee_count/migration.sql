-- CreateTable
CREATE TABLE "integration_employee_count" (
    "integration_pk" UUID NOT NULL,
    "shard" SMALLINT NOT NULL,
    "employees" BIGINT NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "integration_employee_count_pkey" PRIMARY KEY ("integration_pk","shard")
);

-- AddForeignKey
ALTER TABLE "integration_employee_count" ADD CONSTRAINT "integration_employee_count_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE CASCADE ON UPDATE CASCADE;


-- The count and version are kept by triggers (hand-written: Prisma's schema cannot express triggers), so
-- every path that writes Employees, including bulk Payout creation and future ones, keeps them right.
-- A transaction writes only its own backend's shard, so two transactions never wait on each other's shard
-- in opposite orders. Changes to notified_at, claimed_at and verified_at do not bump the version: the
-- worker sets them on every invitation, and counts filtered by them are not remembered
-- (src/domain/employees/employee-count.ts).
CREATE FUNCTION "employee_count_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  integration uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."integration_pk" ELSE NEW."integration_pk" END;
  delta bigint := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
  my_shard smallint := pg_backend_pid() % 16;
BEGIN
  UPDATE "integration_employee_count" SET "employees" = "employees" + delta, "version" = "version" + 1
  WHERE "integration_pk" = integration AND "shard" = my_shard;
  IF NOT FOUND THEN
    INSERT INTO "integration_employee_count" AS c ("integration_pk", "shard", "employees", "version")
    VALUES (integration, my_shard, delta, 1)
    ON CONFLICT ("integration_pk", "shard") DO UPDATE SET "employees" = c."employees" + delta, "version" = c."version" + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "employee_count_on_insert_delete" AFTER INSERT OR DELETE ON "employee"
  FOR EACH ROW EXECUTE FUNCTION "employee_count_on_write"();

-- An Employee never moves between Integrations, so only the searched fields matter here.
CREATE TRIGGER "employee_count_on_update" AFTER UPDATE ON "employee"
  FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
        OR OLD."cellphone_number" IS DISTINCT FROM NEW."cellphone_number")
  EXECUTE FUNCTION "employee_count_on_write"();

INSERT INTO "integration_employee_count" ("integration_pk", "shard", "employees", "version")
SELECT "integration_pk", 0, count(*), 1 FROM "employee" GROUP BY "integration_pk";

-- Search (`search=`) matches a term anywhere in the name, email or cellphone number, case-insensitively.
-- One lower-cased column, the fields separated by a control character (U+001F) that the list removes from
-- search terms, serves that with one LIKE and one trigram index instead of three ILIKEs and three indexes
-- (LIKE on lower-cased text is what ILIKE does). Prisma's schema cannot express generated columns, so the
-- column lives here only, like the indexes of 0004.
ALTER TABLE "employee" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower("name") || E'\x1f' || lower(coalesce("email", '')) || E'\x1f' || lower(coalesce("cellphone_number", ''))
) STORED;
DROP INDEX "employee_name_trgm_idx";
DROP INDEX "employee_email_trgm_idx";
DROP INDEX "employee_cellphone_number_trgm_idx";
CREATE INDEX "employee_search_text_trgm_idx" ON "employee" USING gin ("search_text" gin_trgm_ops);

-- The embedded database's process remembers which Integration an Integration-ID names
-- (src/domain/integrations/integration-lookup.ts); renames and deletes tell it before the write returns.
CREATE FUNCTION "integration_identity_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('integration_identity_changed', OLD."pk"::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "integration_identity_changed" AFTER UPDATE OF "id", "account_pk", "environment" OR DELETE ON "integration"
  FOR EACH ROW EXECUTE FUNCTION "integration_identity_changed"();
