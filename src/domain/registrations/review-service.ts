/**
 * The service operator's review team: a queue of Registrations across every account and environment
 * (operators belong to no account, so these queries are scoped by the Registration's pk alone), a detail
 * view with each field's validation state, approval and rejection with a reason the registrant reads,
 * and the audit trail of every decision.
 */
import type { Db } from "@/db/database";
import type { Timed } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { approveInTransaction, recordDecision, type Actor, type Decision } from "./registration-approval";
import { registrationSelect, toRegistrationApi, type RegistrationRow } from "./registration-service";
import { checkRegistration } from "./registration-validation";
import type { TDecision, TReviewDetail, TReviewItem, TReviewQueueQuery, TReviewStatus } from "./review-schemas";

const reviewSelect = {
  ...registrationSelect,
  rejectedAt: true,
  verifiedAt: true,
  updatedAt: true,
  account: { select: { pk: true, name: true } },
} satisfies Prisma.RegistrationSelect;

type ReviewRow = Prisma.RegistrationGetPayload<{ select: typeof reviewSelect }>;

function statusOf(row: Pick<ReviewRow, "needsReview" | "rejectedAt">): TReviewStatus {
  if (!row.needsReview) return "approved";
  return row.rejectedAt ? "rejected" : "pending";
}

export const REVIEW_STATUS_WHERE: Record<TReviewStatus, Prisma.RegistrationWhereInput> = {
  pending: { needsReview: true, rejectedAt: null },
  rejected: { needsReview: true, rejectedAt: { not: null } },
  approved: { needsReview: false },
};

function toReviewItem(row: ReviewRow): TReviewItem {
  return {
    pk: row.pk,
    account: row.account,
    environment: row.environment,
    status: statusOf(row),
    rejected_at: timestamp(row.rejectedAt),
    verified_at: timestamp(row.verifiedAt),
    updated_at: timestamp(row.updatedAt),
    registration: toRegistrationApi(row),
  };
}

/** The queue, oldest first (first come, first served), filtered by status (default pending), environment and text. */
export async function reviewQueue(db: Db, q: TReviewQueueQuery) {
  const contains = q.search ? { contains: q.search, mode: "insensitive" as const } : undefined;
  const where: Prisma.RegistrationWhereInput = {
    ...(q.status === "all" ? {} : REVIEW_STATUS_WHERE[q.status]),
    environment: q.environment,
    OR: contains
      ? [{ friendlyName: contains }, { registeredName: contains }, { tinNumber: contains }, { vatNumber: contains }, { email: contains }, { id: contains }]
      : undefined,
  };
  const [count, rows] = await Promise.all([
    db.registration.count({ where }),
    db.registration.findMany({ where, select: reviewSelect, orderBy: [{ createdAt: "asc" }, { pk: "asc" }], ...pageWindow(q) }),
  ]);
  return { count, results: rows.map(toReviewItem) };
}

function isDecision(value: string): value is Decision {
  return value === "approved" || value === "rejected" || value === "edited";
}

/** The audit trail of one Registration, oldest first. */
export async function listDecisions(db: Db | Prisma.TransactionClient, registrationPk: string): Promise<TDecision[]> {
  const rows = await db.registrationDecision.findMany({
    where: { registrationPk },
    select: { decision: true, reason: true, reviewerId: true, reviewerEmail: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
  });
  return rows.flatMap((r) =>
    isDecision(r.decision)
      ? [{ decision: r.decision, reason: r.reason, reviewer_id: r.reviewerId, reviewer_email: r.reviewerEmail, created_at: timestamp(r.createdAt) }]
      : [],
  );
}

/** Every field, the current rules' verdict on each, and the decisions so far. */
export async function reviewDetail(db: Db, pk: string): Promise<TReviewDetail> {
  const row = await orNotFound(db.registration.findUnique({ where: { pk }, select: reviewSelect }));
  const { checks } = checkRegistration({
    country: row.country,
    state: row.state,
    tin_number: row.tinNumber,
    vat_number: row.vatNumber,
    email: row.email,
    phone_number: row.phoneNumber,
  });
  return { ...toReviewItem(row), checks, decisions: await listDecisions(db, pk) };
}

/** A reviewer approves (live or demo): the same transaction as the demo endpoint's. */
export async function reviewerApprove({ db, clock }: Timed, pk: string, actor: Actor): Promise<RegistrationRow> {
  return db.$transaction((tx) => approveInTransaction(tx, { pk }, actor, clock));
}

/**
 * A reviewer rejects with a reason the registrant reads (`rejection_reason`). The Registration stays
 * editable; the registrant's next edit clears the rejection and puts it back in the queue.
 */
export async function rejectRegistration({ db, clock }: Timed, pk: string, reason: string, actor: Actor): Promise<RegistrationRow> {
  return db.$transaction(async (tx) => {
    const rejected = await tx.registration.updateMany({
      where: { pk, needsReview: true },
      data: { rejectedAt: clock.now(), rejectionReason: reason },
    });
    if (rejected.count === 0) {
      const exists = await tx.registration.count({ where: { pk } });
      throw exists ? new DomainError("conflict", t("registration_already_approved")) : notFound();
    }
    await recordDecision(tx, pk, "rejected", actor, clock.now(), reason);
    return tx.registration.findUniqueOrThrow({ where: { pk }, select: registrationSelect });
  });
}
