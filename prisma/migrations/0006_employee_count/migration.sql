-- CreateTable
CREATE TABLE "integration_employee_count" (
    "integration_pk" UUID NOT NULL,
    "employees" BIGINT NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "integration_employee_count_pkey" PRIMARY KEY ("integration_pk")
);

-- AddForeignKey
ALTER TABLE "integration_employee_count" ADD CONSTRAINT "integration_employee_count_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE CASCADE ON UPDATE CASCADE;


-- The count and version are kept by triggers (hand-written: Prisma's schema cannot express triggers), so
-- every path that writes Employees, including bulk Payout creation and future ones, keeps them right.
-- Changes to notified_at, claimed_at and verified_at do not bump the version: the worker sets them on
-- every invitation, and counts filtered by them are not remembered (src/domain/employees/employee-count.ts).
CREATE FUNCTION "employee_count_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "integration_employee_count" AS c ("integration_pk", "employees", "version")
    VALUES (NEW."integration_pk", 1, 1)
    ON CONFLICT ("integration_pk") DO UPDATE SET "employees" = c."employees" + 1, "version" = c."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "integration_employee_count" SET "employees" = "employees" - 1, "version" = "version" + 1
    WHERE "integration_pk" = OLD."integration_pk";
  ELSE
    UPDATE "integration_employee_count" SET "version" = "version" + 1 WHERE "integration_pk" = NEW."integration_pk";
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

INSERT INTO "integration_employee_count" ("integration_pk", "employees", "version")
SELECT "integration_pk", count(*), 1 FROM "employee" GROUP BY "integration_pk";
