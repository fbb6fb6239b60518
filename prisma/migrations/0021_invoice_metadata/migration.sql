-- AlterTable
ALTER TABLE "invoice" ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}';

