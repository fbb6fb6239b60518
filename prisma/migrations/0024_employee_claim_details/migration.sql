-- CreateTable
CREATE TABLE "employee_claim_details" (
    "employee_pk" UUID NOT NULL,
    "confirmed_name" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "identity_number" TEXT NOT NULL,
    "identity_masked" TEXT NOT NULL,
    "bank_account" TEXT NOT NULL,
    "bank_account_masked" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "submitted_at" TIMESTAMPTZ(6) NOT NULL,
    "bank_changed_at" TIMESTAMPTZ(6),

    CONSTRAINT "employee_claim_details_pkey" PRIMARY KEY ("employee_pk")
);

-- CreateTable
CREATE TABLE "sensitive_reveal" (
    "pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "reviewer_id" TEXT,
    "reviewer_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "sensitive_reveal_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE INDEX "sensitive_reveal_employee_pk_created_at_idx" ON "sensitive_reveal"("employee_pk", "created_at");

-- AddForeignKey
ALTER TABLE "employee_claim_details" ADD CONSTRAINT "employee_claim_details_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sensitive_reveal" ADD CONSTRAINT "sensitive_reveal_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- Only encrypted values (field-encryption.ts: "v1.<key id>.…") are stored: plaintext written by mistake is refused.
ALTER TABLE "employee_claim_details" ADD CONSTRAINT "employee_claim_details_encrypted_check"
    CHECK ("identity_number" LIKE 'v1.%' AND "bank_account" LIKE 'v1.%');
