-- Self-service (issue 12): team roles and saved languages, API keys' last use, team invitations, sign-in link
-- requests (their rate limit), and the review of Employees (rejections and the audit trail).

-- People who exist today manage their account (they created it with the CLI); invited people are members
-- unless the inviter chose admin. Hence the column is added with 'admin' and the default then changed.
ALTER TABLE "user" ADD COLUMN "team_role" TEXT NOT NULL DEFAULT 'admin';
ALTER TABLE "user" ALTER COLUMN "team_role" SET DEFAULT 'member';
ALTER TABLE "user" ADD COLUMN "locale" TEXT;

ALTER TABLE "api_key" ADD COLUMN "last_used_at" TIMESTAMPTZ(6);

CREATE TABLE "team_invitation" (
    "pk" UUID NOT NULL,
    "account_pk" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "team_role" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "invited_by" TEXT NOT NULL,
    "token_hash" TEXT,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "accepted_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_invitation_pkey" PRIMARY KEY ("pk")
);
CREATE UNIQUE INDEX "team_invitation_token_hash_key" ON "team_invitation"("token_hash");
CREATE INDEX "team_invitation_account_pk_created_at_idx" ON "team_invitation"("account_pk", "created_at");
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_account_pk_fkey" FOREIGN KEY ("account_pk") REFERENCES "account"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "sign_in_link_request" (
    "pk" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_link_request_pkey" PRIMARY KEY ("pk")
);
CREATE INDEX "sign_in_link_request_email_created_at_idx" ON "sign_in_link_request"("email", "created_at");
CREATE INDEX "sign_in_link_request_address_created_at_idx" ON "sign_in_link_request"("address", "created_at");

ALTER TABLE "employee" ADD COLUMN "rejected_at" TIMESTAMPTZ(6);

CREATE TABLE "employee_decision" (
    "pk" UUID NOT NULL,
    "employee_pk" UUID NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "reviewer_id" TEXT,
    "reviewer_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "employee_decision_pkey" PRIMARY KEY ("pk")
);
CREATE INDEX "employee_decision_employee_pk_created_at_idx" ON "employee_decision"("employee_pk", "created_at");
ALTER TABLE "employee_decision" ADD CONSTRAINT "employee_decision_employee_pk_fkey" FOREIGN KEY ("employee_pk") REFERENCES "employee"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
