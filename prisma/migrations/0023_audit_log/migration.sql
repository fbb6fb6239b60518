-- CreateEnum
CREATE TYPE "AuditActorKind" AS ENUM ('user', 'api_key', 'operator', 'cli', 'system');

-- CreateTable
CREATE TABLE "audit_record" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "at" TIMESTAMPTZ(6) NOT NULL,
    "account_pk" UUID,
    "environment" "Environment",
    "actor_kind" "AuditActorKind" NOT NULL,
    "actor_id" TEXT,
    "actor_label" TEXT NOT NULL,
    "source_ip" TEXT,
    "user_agent" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "target_label" TEXT,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "audit_record_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_record_account_pk_at_id_idx" ON "audit_record"("account_pk", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_record_actor_kind_at_id_idx" ON "audit_record"("actor_kind", "at" DESC, "id" DESC);

-- CreateIndex: serves the retention job's "at < cut-off"
CREATE INDEX "audit_record_at_idx" ON "audit_record"("at");

-- Append-only in the database too (hand-written: Prisma's schema cannot express triggers), so that no code
-- path, present or future, can rewrite history: UPDATE is always refused; DELETE only of rows older than the
-- cut-off the retention job (src/domain/audit/audit-retention.ts) sets for its own transaction in
-- `payroute.audit_purge_before`. TRUNCATE is refused as well.
CREATE FUNCTION "audit_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('payroute.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' THEN
    IF OLD."at" < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_record is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "audit_record_append_only" BEFORE UPDATE OR DELETE ON "audit_record"
  FOR EACH ROW EXECUTE FUNCTION "audit_record_append_only"();

CREATE TRIGGER "audit_record_no_truncate" BEFORE TRUNCATE ON "audit_record"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_record_append_only"();
