-- Every table that grows with traffic has a retention job (docs/deploy.md, "Retention"); these indexes serve
-- the jobs' predicates, so each batch finds its rows without reading the table.
-- CreateIndex
CREATE INDEX "session_expires_at_idx" ON "session"("expires_at");

-- CreateIndex
CREATE INDEX "verification_expires_at_idx" ON "verification"("expires_at");

-- CreateIndex
CREATE INDEX "magic_link_expires_at_idx" ON "magic_link"("expires_at");

-- CreateIndex
CREATE INDEX "employee_session_expires_at_idx" ON "employee_session"("expires_at");

-- CreateIndex
CREATE INDEX "event_created_at_idx" ON "event"("created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_created_at_idx" ON "webhook_delivery"("created_at");

-- CreateIndex
CREATE INDEX "sign_in_link_request_created_at_idx" ON "sign_in_link_request"("created_at");


-- Failed outbox jobs are few: a partial index (not expressible in the Prisma schema) serves their purge.
CREATE INDEX "outbox_job_failed_at_idx" ON "outbox_job"("failed_at") WHERE "failed_at" IS NOT NULL;
