-- CreateTable
CREATE TABLE "request_log" (
    "pk" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_pk" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "api_key_pk" UUID,
    "user_id" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "route" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "request_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "client_ip" TEXT NOT NULL,
    "user_agent" TEXT,
    "request_body" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "request_log_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE INDEX "request_log_account_pk_environment_created_at_pk_idx" ON "request_log"("account_pk", "environment", "created_at" DESC, "pk" DESC);

-- CreateIndex
CREATE INDEX "request_log_account_pk_environment_request_id_idx" ON "request_log"("account_pk", "environment", "request_id");

-- CreateIndex
CREATE INDEX "request_log_created_at_idx" ON "request_log"("created_at");

-- AddForeignKey
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

