-- CreateTable
CREATE TABLE "payrun" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "open" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(6),
    "paid_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "payrun_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "payout" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,
    "payrun_pk" UUID NOT NULL,
    "basis" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "invoiced_amount" DECIMAL(14,2) NOT NULL,
    "cost" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "breakdown" JSONB NOT NULL,
    "description" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "start_at" TIMESTAMPTZ(6),
    "end_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMPTZ(6),
    "accepted_at" TIMESTAMPTZ(6),
    "canceled_at" TIMESTAMPTZ(6),
    "resent_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "payout_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "webhook_subscription" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "account_pk" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "integration_pk" UUID,
    "scope_key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_key" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "webhook_subscription_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "pk" UUID NOT NULL,
    "subscription_pk" UUID NOT NULL,
    "event_pk" UUID,
    "event_name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "webhook_attempt" (
    "pk" UUID NOT NULL,
    "delivery_pk" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_body" TEXT,

    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE INDEX "payrun_integration_pk_currency_open_idx" ON "payrun"("integration_pk", "currency", "open");

-- CreateIndex
CREATE UNIQUE INDEX "payrun_integration_pk_id_key" ON "payrun"("integration_pk", "id");

-- CreateIndex
CREATE INDEX "payout_integration_pk_created_at_idx" ON "payout"("integration_pk", "created_at");

-- CreateIndex
CREATE INDEX "payout_employee_pk_idx" ON "payout"("employee_pk");

-- CreateIndex
CREATE INDEX "payout_payrun_pk_idx" ON "payout"("payrun_pk");

-- CreateIndex
CREATE UNIQUE INDEX "payout_integration_pk_id_key" ON "payout"("integration_pk", "id");

-- CreateIndex
CREATE INDEX "webhook_subscription_account_pk_environment_idx" ON "webhook_subscription"("account_pk", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_subscription_account_pk_environment_scope_key_id_key" ON "webhook_subscription"("account_pk", "environment", "scope_key", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_subscription_pk_created_at_idx" ON "webhook_delivery"("subscription_pk", "created_at");

-- CreateIndex
CREATE INDEX "webhook_attempt_delivery_pk_attempted_at_idx" ON "webhook_attempt"("delivery_pk", "attempted_at");

-- AddForeignKey
ALTER TABLE "payrun" ADD CONSTRAINT "payrun_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payout" ADD CONSTRAINT "payout_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payout" ADD CONSTRAINT "payout_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payout" ADD CONSTRAINT "payout_payrun_pk_fkey" FOREIGN KEY ("payrun_pk") REFERENCES "payrun"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_subscription" ADD CONSTRAINT "webhook_subscription_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_subscription_pk_fkey" FOREIGN KEY ("subscription_pk") REFERENCES "webhook_subscription"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_pk_fkey" FOREIGN KEY ("delivery_pk") REFERENCES "webhook_delivery"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

