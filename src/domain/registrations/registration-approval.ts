/**
 * Approval: in one transaction the Registration stops needing review, its Integration is created (id =
 * integration_id, type 3, name and invoice fields from the Registration), the decision joins the audit
 * trail and `Registration.verified` is recorded for the account's user-scoped webhooks.
 */
import { isUniqueViolation } from "@/db/unique-violation";
import type { ServiceContext } from "@/domain/shared/service-context";
import type { Clock } from "@/domain/shared/clock";
import { type Prisma } from "@/generated/prisma/client";
import { DomainError, orNotFound } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { insertIntegration } from "@/domain/integrations/integration-service";
import { t } from "@/i18n/locale";
import type { AccountScope } from "@/domain/scope";
import { reviewerOf, type Actor } from "@/domain/audit/reviewer";
import { recordAudit } from "@/domain/audit/audit-record";
import { registrationSelect, scopedRegistration, toRegistrationApi, type RegistrationRow } from "./registration-service";

export type { Actor };

export type Decision = "approved" | "rejected" | "edited";

/**
 * Adds a decision to the Registration's trail; approvals and rejections also to the audit log (the one place
 * the review team's actions are listed, with the account's own).
 */
export async function recordDecision(
  tx: Prisma.TransactionClient,
  registrationPk: string,
  decision: Decision,
  actor: Actor,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await tx.registrationDecision.create({ data: { registrationPk, decision, reason, ...(await reviewerOf(tx, actor)) } });
  if (decision === "edited") return;
  const row = await tx.registration.findUniqueOrThrow({
    where: { pk: registrationPk },
    select: { accountPk: true, environment: true, integrationId: true, friendlyName: true },
  });
  await recordAudit(tx, {
    at: now,
    accountPk: row.accountPk,
    environment: row.environment,
    actor,
    action: decision === "approved" ? "registration.approved" : "registration.rejected",
    target: { type: "registration", id: row.integrationId, label: row.friendlyName },
    after: reason ? { reason } : null,
  });
}

const integrationTaken = (id: string) => new DomainError("conflict", t("registration_integration_taken_on_approval", { id }));

/** Approves the Registration `where` finds (the caller scopes it); 404 when absent, 409 when already approved or its Integration id is taken. */
export async function approveInTransaction(
  tx: Prisma.TransactionClient,
  where: Prisma.RegistrationWhereInput,
  actor: Actor,
  clock: Clock,
): Promise<RegistrationRow> {
  const row = await orNotFound(tx.registration.findFirst({ where, select: registrationSelect }));
  // A conditional update takes the row lock: of two concurrent approvals the second finds nothing to approve.
  const claimed = await tx.registration.updateMany({
    where: { pk: row.pk, needsReview: true },
    data: { needsReview: false, verifiedAt: clock.now(), rejectedAt: null, rejectionReason: null },
  });
  if (claimed.count === 0) throw new DomainError("conflict", t("registration_already_approved"));
  // Integration ids are global: another account (or environment) may have taken it since the Registration was made.
  const taken = await tx.integration.findUnique({ where: { id: row.integrationId }, select: { pk: true } });
  if (taken) throw integrationTaken(row.integrationId);
  const scope: AccountScope = { accountPk: row.accountPk, environment: row.environment };
  try {
    await insertIntegration(tx, scope, {
      id: row.integrationId,
      name: row.friendlyName,
      email: row.email,
      recipient: row.registeredName,
      address_line_1: row.addressLine1,
      address_line_2: row.addressLine2 || null,
      zip_code: row.zipCode,
      city: row.city,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw integrationTaken(row.integrationId);
    throw e;
  }
  const approved = await tx.registration.findUniqueOrThrow({ where: { pk: row.pk }, select: registrationSelect });
  await recordDecision(tx, row.pk, "approved", actor, clock.now());
  await recordEvent(
    tx,
    {
      name: "Registration.verified",
      accountPk: row.accountPk,
      environment: row.environment,
      objectPk: row.pk,
      data: toRegistrationApi(approved),
    },
    clock.now(),
  );
  return approved;
}

/** `POST /v2/registrations/:id/approve/`: the registrant approves its own Registration, in the demo environment only. */
export async function approveDemoRegistration(
  { db, scope, clock }: Omit<ServiceContext<AccountScope>, "baseUrl">,
  id: string,
  actor: Actor,
): Promise<RegistrationRow> {
  if (scope.environment !== "demo") throw new DomainError("forbidden", t("registration_approve_demo_only"));
  return db.$transaction((tx) => approveInTransaction(tx, scopedRegistration(scope, id), actor, clock));
}
