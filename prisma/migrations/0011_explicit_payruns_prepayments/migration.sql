-- AlterTable
ALTER TABLE "integration" ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'SEK',
ADD COLUMN     "payrun_management" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "payrun" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "invoice_marking" TEXT,
ADD COLUMN     "last_activity_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "manually_managed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "name" TEXT;

-- AlterTable
ALTER TABLE "invoice" ADD COLUMN     "prepaid" DECIMAL(14,2) NOT NULL DEFAULT 0,
ADD COLUMN     "prepayment_pk" UUID;

-- AlterTable
ALTER TABLE "payout" ADD COLUMN     "prepaid" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "prepayment" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "net_amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "available_balance" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "invoice_marking" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "invoiced_at" TIMESTAMPTZ(6),
    "paid_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "prepayment_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "prepayment_use" (
    "pk" UUID NOT NULL,
    "prepayment_pk" UUID NOT NULL,
    "payrun_pk" UUID NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prepayment_use_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE INDEX "prepayment_integration_pk_created_at_idx" ON "prepayment"("integration_pk", "created_at");

-- CreateIndex
CREATE INDEX "prepayment_integration_pk_currency_paid_at_idx" ON "prepayment"("integration_pk", "currency", "paid_at");

-- CreateIndex
CREATE UNIQUE INDEX "prepayment_integration_pk_id_key" ON "prepayment"("integration_pk", "id");

-- CreateIndex
CREATE INDEX "prepayment_use_prepayment_pk_created_at_idx" ON "prepayment_use"("prepayment_pk", "created_at");

-- CreateIndex
CREATE INDEX "prepayment_use_payrun_pk_idx" ON "prepayment_use"("payrun_pk");

-- CreateIndex
CREATE INDEX "payrun_manually_managed_open_idx" ON "payrun"("manually_managed", "open");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_prepayment_pk_key" ON "invoice"("prepayment_pk");

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_prepayment_pk_fkey" FOREIGN KEY ("prepayment_pk") REFERENCES "prepayment"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prepayment" ADD CONSTRAINT "prepayment_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prepayment_use" ADD CONSTRAINT "prepayment_use_prepayment_pk_fkey" FOREIGN KEY ("prepayment_pk") REFERENCES "prepayment"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prepayment_use" ADD CONSTRAINT "prepayment_use_payrun_pk_fkey" FOREIGN KEY ("payrun_pk") REFERENCES "payrun"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

