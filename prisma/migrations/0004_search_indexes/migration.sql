-- Search (`search=` on Employees and Payouts) is a case-insensitive substring match (ILIKE '%term%'),
-- which only trigram indexes can serve. Prisma's schema cannot express these indexes, so they live here
-- only; `npm run db:diff` compares datamodels and leaves them alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS "employee_name_trgm_idx" ON "employee" USING gin ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "employee_email_trgm_idx" ON "employee" USING gin ("email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "employee_cellphone_number_trgm_idx" ON "employee" USING gin ("cellphone_number" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "payout_description_trgm_idx" ON "payout" USING gin ("description" gin_trgm_ops);
