-- CreateTable
CREATE TABLE "employee" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "cellphone_number" TEXT,
    "country" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "invitation_code" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMPTZ(6),
    "claimed_at" TIMESTAMPTZ(6),
    "verified_at" TIMESTAMPTZ(6),
    "resent_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "employee_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "message" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "content" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "message_recipient" (
    "message_pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,

    CONSTRAINT "message_recipient_pkey" PRIMARY KEY ("message_pk","employee_pk")
);

-- CreateTable
CREATE TABLE "magic_link" (
    "pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "magic_link_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "employee_session" (
    "pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "employee_session_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "event" (
    "pk" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "account_pk" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "integration_pk" UUID,
    "name" TEXT NOT NULL,
    "object_pk" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "outbox_job" (
    "pk" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "ordering_key" TEXT,
    "run_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 10,
    "locked_until" TIMESTAMPTZ(6),
    "locked_by" TEXT,
    "last_error" TEXT,
    "completed_at" TIMESTAMPTZ(6),
    "failed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_job_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "registration" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "account_pk" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "integration_id" TEXT NOT NULL,
    "needs_review" BOOLEAN NOT NULL DEFAULT true,
    "email" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "friendly_name" TEXT NOT NULL,
    "registered_name" TEXT NOT NULL,
    "tin_number" TEXT NOT NULL,
    "vat_number" TEXT,
    "country" TEXT NOT NULL,
    "state" TEXT,
    "address_line_1" TEXT NOT NULL,
    "address_line_2" TEXT NOT NULL DEFAULT '',
    "zip_code" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "rejected_at" TIMESTAMPTZ(6),
    "rejection_reason" TEXT,
    "verified_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "registration_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "registration_decision" (
    "pk" UUID NOT NULL,
    "registration_pk" UUID NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "reviewer_id" TEXT,
    "reviewer_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registration_decision_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE INDEX "employee_integration_pk_created_at_idx" ON "employee"("integration_pk", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "employee_integration_pk_id_key" ON "employee"("integration_pk", "id");

-- CreateIndex
CREATE INDEX "message_integration_pk_created_at_idx" ON "message"("integration_pk", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "message_integration_pk_id_key" ON "message"("integration_pk", "id");

-- CreateIndex
CREATE INDEX "message_recipient_employee_pk_idx" ON "message_recipient"("employee_pk");

-- CreateIndex
CREATE UNIQUE INDEX "magic_link_token_hash_key" ON "magic_link"("token_hash");

-- CreateIndex
CREATE INDEX "magic_link_employee_pk_idx" ON "magic_link"("employee_pk");

-- CreateIndex
CREATE UNIQUE INDEX "employee_session_token_hash_key" ON "employee_session"("token_hash");

-- CreateIndex
CREATE INDEX "employee_session_employee_pk_idx" ON "employee_session"("employee_pk");

-- CreateIndex
CREATE INDEX "event_account_pk_environment_created_at_idx" ON "event"("account_pk", "environment", "created_at");

-- CreateIndex
CREATE INDEX "event_object_pk_idx" ON "event"("object_pk");

-- CreateIndex
CREATE INDEX "outbox_job_completed_at_failed_at_run_at_idx" ON "outbox_job"("completed_at", "failed_at", "run_at");

-- CreateIndex
CREATE INDEX "outbox_job_ordering_key_seq_idx" ON "outbox_job"("ordering_key", "seq");

-- CreateIndex
CREATE INDEX "registration_needs_review_created_at_idx" ON "registration"("needs_review", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "registration_account_pk_environment_id_key" ON "registration"("account_pk", "environment", "id");

-- CreateIndex
CREATE UNIQUE INDEX "registration_account_pk_environment_integration_id_key" ON "registration"("account_pk", "environment", "integration_id");

-- CreateIndex
CREATE INDEX "registration_decision_registration_pk_created_at_idx" ON "registration_decision"("registration_pk", "created_at");

-- AddForeignKey
ALTER TABLE "employee" ADD CONSTRAINT "employee_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message" ADD CONSTRAINT "message_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_message_pk_fkey" FOREIGN KEY ("message_pk") REFERENCES "message"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "magic_link" ADD CONSTRAINT "magic_link_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event" ADD CONSTRAINT "event_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration" ADD CONSTRAINT "registration_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_decision" ADD CONSTRAINT "registration_decision_registration_pk_fkey" FOREIGN KEY ("registration_pk") REFERENCES "registration"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

