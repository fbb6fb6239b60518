-- The Payout list filtered by a Payrun or an Employee pages newest first within that Payrun or Employee: with
-- these indexes the page is read from the index in order, however long the Integration's history (the scale
-- bench, docs/performance.md). They also serve the foreign keys' lookups that the indexes they replace served.
-- DropIndex
DROP INDEX "payout_employee_pk_idx";

-- DropIndex
DROP INDEX "payout_payrun_pk_idx";

-- CreateIndex
CREATE INDEX "payout_employee_pk_created_at_pk_idx" ON "payout"("employee_pk", "created_at" DESC, "pk");

-- CreateIndex
CREATE INDEX "payout_payrun_pk_created_at_pk_idx" ON "payout"("payrun_pk", "created_at" DESC, "pk");
