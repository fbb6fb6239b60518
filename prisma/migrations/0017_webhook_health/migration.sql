-- AlterTable
ALTER TABLE "webhook_subscription" ADD COLUMN     "disabled_at" TIMESTAMPTZ(6),
ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "failing_since" TIMESTAMPTZ(6),
ADD COLUMN     "failing_warned_at" TIMESTAMPTZ(6),
ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(6),
ADD COLUMN     "previous_secret_key" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'enabled';

