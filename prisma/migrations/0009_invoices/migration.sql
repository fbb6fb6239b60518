-- AlterTable
ALTER TABLE "integration" ADD COLUMN     "invoice_enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "payment_term_days" INTEGER NOT NULL DEFAULT 14;

-- CreateTable
CREATE TABLE "invoice" (
    "pk" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "integration_pk" UUID NOT NULL,
    "payrun_pk" UUID,
    "billing_type" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "number" BIGINT,
    "ocr" TEXT,
    "subtotal" DECIMAL(14,2),
    "vat" DECIMAL(14,2),
    "total" DECIMAL(14,2),
    "amount_paid" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "due_date" DATE,
    "customer_reference" TEXT,
    "recipient" TEXT,
    "email" TEXT,
    "address_line_1" TEXT,
    "address_line_2" TEXT,
    "zip_code" TEXT,
    "city" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "issued_at" TIMESTAMPTZ(6),
    "paid_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoice_id_key" ON "invoice"("id");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_payrun_pk_key" ON "invoice"("payrun_pk");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_number_key" ON "invoice"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_ocr_key" ON "invoice"("ocr");

-- CreateIndex
CREATE INDEX "invoice_integration_pk_created_at_idx" ON "invoice"("integration_pk", "created_at");

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_integration_pk_fkey" FOREIGN KEY ("integration_pk") REFERENCES "integration"("pk") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_payrun_pk_fkey" FOREIGN KEY ("payrun_pk") REFERENCES "payrun"("pk") ON DELETE CASCADE ON UPDATE CASCADE;



-- Hand-written (Prisma's schema cannot express it): invoice numbers come from one service-wide sequence,
-- taken when an Invoice is issued (src/domain/invoices/invoice-issue.ts).
CREATE SEQUENCE "invoice_number_seq" START WITH 100001;

-- Existing Payruns get their Invoices: open ones a pro-forma, closed and paid ones an issued Invoice (numbered,
-- with its OCR reference, totals and the Integration's recipient as they are now), paid ones paid in full.
-- The OCR rule is src/domain/invoices/ocr.ts's: the number, a length digit, a Luhn check digit.
CREATE FUNCTION "payroute_ocr_0009"(n BIGINT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  body TEXT := n::text || ((length(n::text) + 2) % 10)::text;
  s INT := 0;
  d INT;
BEGIN
  FOR i IN 1..length(body) LOOP
    d := substr(body, length(body) - i + 1, 1)::int;
    IF i % 2 = 1 THEN
      d := d * 2;
      IF d > 9 THEN d := d - 9; END IF;
    END IF;
    s := s + d;
  END LOOP;
  RETURN body || ((10 - s % 10) % 10)::text;
END $$;

INSERT INTO "invoice" ("pk", "id", "integration_pk", "payrun_pk", "billing_type", "currency", "created_at", "updated_at")
SELECT gen_random_uuid(), gen_random_uuid()::text, p."integration_pk", p."pk", 'payrun', p."currency", p."created_at", now()
FROM "payrun" p WHERE p."open";

INSERT INTO "invoice" ("pk", "id", "integration_pk", "payrun_pk", "billing_type", "currency", "number", "subtotal", "vat", "total",
  "amount_paid", "due_date", "recipient", "email", "address_line_1", "address_line_2", "zip_code", "city",
  "created_at", "issued_at", "paid_at", "updated_at")
SELECT gen_random_uuid(), gen_random_uuid()::text, p."integration_pk", p."pk", 'payrun', p."currency", nextval('invoice_number_seq'),
  coalesce(s.cost, 0), coalesce(s.vat, 0), coalesce(s.cost, 0) + coalesce(s.vat, 0),
  CASE WHEN p."paid_at" IS NULL THEN 0 ELSE coalesce(s.cost, 0) + coalesce(s.vat, 0) END,
  (coalesce(p."closed_at", p."paid_at") AT TIME ZONE 'UTC')::date + i."payment_term_days",
  i."recipient", i."email", i."address_line_1", i."address_line_2", i."zip_code", i."city",
  p."created_at", coalesce(p."closed_at", p."paid_at"), p."paid_at", now()
FROM "payrun" p
JOIN "integration" i ON i."pk" = p."integration_pk"
LEFT JOIN (
  SELECT "payrun_pk", sum("cost") AS cost, sum(("breakdown"->>'vat')::numeric) AS vat FROM "payout" GROUP BY "payrun_pk"
) s ON s."payrun_pk" = p."pk"
WHERE NOT p."open";

UPDATE "invoice" SET "ocr" = "payroute_ocr_0009"("number") WHERE "number" IS NOT NULL;

DROP FUNCTION "payroute_ocr_0009"(BIGINT);
