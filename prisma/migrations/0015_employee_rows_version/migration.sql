-- AlterTable
ALTER TABLE "integration_employee_count" ADD COLUMN     "rows_version" BIGINT NOT NULL DEFAULT 0;

-- The rows version (src/domain/employees/employee-list-memo.ts): search pages are remembered under it, so
-- every change of an Employee that a page shows moves it, including those the version leaves out
-- (notified_at, claimed_at, verified_at, status, metadata). One function keeps all three figures, in the
-- writing transaction's own shard as before (migration 0006).
CREATE OR REPLACE FUNCTION "employee_count_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  integration uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."integration_pk" ELSE NEW."integration_pk" END;
  delta bigint := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
  searched bigint := 1;
  my_shard smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."name" IS NOT DISTINCT FROM NEW."name" AND OLD."email" IS NOT DISTINCT FROM NEW."email"
       AND OLD."cellphone_number" IS NOT DISTINCT FROM NEW."cellphone_number" THEN
      searched := 0;
    END IF;
  END IF;
  UPDATE "integration_employee_count"
  SET "employees" = "employees" + delta, "version" = "version" + searched, "rows_version" = "rows_version" + 1
  WHERE "integration_pk" = integration AND "shard" = my_shard;
  IF NOT FOUND THEN
    INSERT INTO "integration_employee_count" AS c ("integration_pk", "shard", "employees", "version", "rows_version")
    VALUES (integration, my_shard, delta, searched, 1)
    ON CONFLICT ("integration_pk", "shard") DO UPDATE
    SET "employees" = c."employees" + delta, "version" = c."version" + searched, "rows_version" = c."rows_version" + 1;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "employee_count_on_update" ON "employee";
CREATE TRIGGER "employee_count_on_update" AFTER UPDATE ON "employee"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "employee_count_on_write"();
