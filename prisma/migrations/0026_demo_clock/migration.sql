-- CreateTable
CREATE TABLE "demo_clock" (
    "account_pk" UUID NOT NULL,
    "offset_seconds" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "demo_clock_pkey" PRIMARY KEY ("account_pk")
);

-- AddForeignKey
ALTER TABLE "demo_clock" ADD CONSTRAINT "demo_clock_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
