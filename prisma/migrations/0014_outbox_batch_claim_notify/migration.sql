-- Batch claims and wake-ups of the outbox (src/domain/outbox/outbox-claim.ts). Hand-written: Prisma's schema
-- cannot express partial or covering indexes, nor triggers.

-- The claim reads the earliest due unfinished jobs in (run_at, seq) order and filters them on their lease,
-- kind and ordering key: with those columns in the index the filter needs no heap row (index-only while the
-- pages are all-visible); only the rows claimed are read and locked.
DROP INDEX IF EXISTS "outbox_job_unfinished_run_at_seq_idx";
CREATE INDEX "outbox_job_unfinished_run_at_seq_idx" ON "outbox_job" ("run_at", "seq")
  INCLUDE ("locked_until", "ordering_key", "kind")
  WHERE "completed_at" IS NULL AND "failed_at" IS NULL;

-- "Is an earlier job of this ordering key unfinished?": a probe into the unfinished jobs of the key only.
CREATE INDEX "outbox_job_unfinished_ordering_key_seq_idx" ON "outbox_job" ("ordering_key", "seq")
  WHERE "completed_at" IS NULL AND "failed_at" IS NULL AND "ordering_key" IS NOT NULL;

-- Workers LISTEN on channel outbox_job; every statement that adds jobs notifies it. PostgreSQL delivers the
-- notification when the transaction commits (never for a rolled-back one) and folds the notifications of one
-- transaction into one, so a bulk write wakes each worker once.
CREATE FUNCTION "outbox_job_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_job', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "outbox_job_notify" AFTER INSERT ON "outbox_job"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_job_notify"();
