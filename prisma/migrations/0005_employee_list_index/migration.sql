-- DropIndex
DROP INDEX "employee_integration_pk_created_at_idx";

-- CreateIndex
CREATE INDEX "employee_integration_pk_created_at_pk_idx" ON "employee"("integration_pk", "created_at", "pk");

