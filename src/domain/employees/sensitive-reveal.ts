/**
 * The record of a reviewer revealing an Employee's encrypted detail in full: in the audit log (the review team's
 * log lists it) and beside the Employee's decisions on the verification page.
 */
import type { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "@/domain/audit/audit-record";
import { reviewerOf, type Actor } from "@/domain/audit/reviewer";
import { timestamp } from "@/domain/shared/schemas";

export const REVEALABLE = ["identity_number", "bank_account"] as const;
export type RevealableField = (typeof REVEALABLE)[number];

export async function recordReveal(
  tx: Prisma.TransactionClient,
  reveal: { employeePk: string; field: RevealableField; actor: Actor; now: Date },
): Promise<void> {
  await tx.sensitiveReveal.create({
    data: { employeePk: reveal.employeePk, field: reveal.field, createdAt: reveal.now, ...(await reviewerOf(tx, reveal.actor)) },
  });
  const employee = await tx.employee.findUniqueOrThrow({
    where: { pk: reveal.employeePk },
    select: { id: true, name: true, integration: { select: { accountPk: true, environment: true } } },
  });
  await recordAudit(tx, {
    at: reveal.now,
    accountPk: employee.integration.accountPk,
    environment: employee.integration.environment,
    actor: reveal.actor,
    action: "employee.detail_revealed",
    target: { type: "employee", id: employee.id, label: employee.name },
    after: { field: reveal.field },
  });
}

/** Who revealed what, oldest first (the verification page lists it beside the decisions). */
export async function revealsOf(db: Prisma.TransactionClient, employeePk: string) {
  const rows = await db.sensitiveReveal.findMany({
    where: { employeePk },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
    select: { field: true, reviewerId: true, reviewerEmail: true, createdAt: true },
  });
  return rows.map((r) => ({
    field: r.field === "identity_number" ? ("identity_number" as const) : ("bank_account" as const),
    reviewer_id: r.reviewerId,
    reviewer_email: r.reviewerEmail,
    created_at: timestamp(r.createdAt),
  }));
}
