-- AlterTable
ALTER TABLE "account" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';


-- Only the languages Payroute speaks (src/i18n/catalogue/locales.ts); Prisma's schema cannot state it.
ALTER TABLE "account" ADD CONSTRAINT "account_language_check" CHECK ("language" IN ('en', 'sv'));
