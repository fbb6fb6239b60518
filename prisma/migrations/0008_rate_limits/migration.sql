-- CreateTable
CREATE TABLE "rate_limit" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "last_request" BIGINT NOT NULL,

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_counter" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limit_counter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "rate_limit_key_key" ON "rate_limit"("key");

-- CreateIndex
CREATE INDEX "rate_limit_last_request_idx" ON "rate_limit"("last_request");


-- Hand-written (Prisma's schema cannot express it): the counters are throw-away, so the table is UNLOGGED.
-- An upsert per request then writes no WAL and its commit waits for no flush; after a crash the table is
-- empty, which only resets the current windows.
ALTER TABLE "rate_limit_counter" SET UNLOGGED;
