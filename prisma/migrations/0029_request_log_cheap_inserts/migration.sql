-- The request log is written for every /v2/ request: its foreign key to account checked (and locked) the
-- account row once per logged request, most of a batch's cost. Accounts are never deleted, and the retention
-- job removes old records, so the key is dropped. Its keys are now time-ordered (UUIDv7, made by the writer).
ALTER TABLE "request_log" DROP CONSTRAINT "request_log_account_pk_fkey";
