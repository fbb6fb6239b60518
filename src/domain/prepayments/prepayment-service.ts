/**
 * Prepayments of an Integration: create (a draft, with its pro-forma Invoice), list, retrieve, change and
 * delete while DRAFT. Issuing is its Invoice's (POST /v2/invoices/{id}/issue/); paying is `markPrepaymentPaid`.
 */
import crypto from "node:crypto";
import type { ScopedDb, ServiceContext } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import { withUniqueId } from "@/domain/shared/unique-id";
import { formatMoney } from "@/domain/pricing/pricing";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { prepaymentApi, prepaymentSelect, prepaymentStatusWhere, type PrepaymentRow } from "./prepayment-representation";
import type { TCreatePrepaymentRequest, TListPrepaymentsQuery, TPrepayment, TUpdatePrepaymentRequest } from "./prepayment-schemas";

const scoped = (scope: IntegrationScope, id: string): Prisma.PrepaymentWhereInput => ({ id, integrationPk: scope.integrationPk });

export async function listPrepayments({ db, scope }: ScopedDb, q: TListPrepaymentsQuery): Promise<{ count: number; rows: PrepaymentRow[] }> {
  const where: Prisma.PrepaymentWhereInput = {
    integrationPk: scope.integrationPk,
    currency: q.currency,
    ...(q.status ? prepaymentStatusWhere(db, q.status) : {}),
  };
  return countedPage(
    db.prepayment.count({ where }),
    db.prepayment.findMany({ where, select: prepaymentSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getPrepayment({ db, scope, baseUrl }: ServiceContext, id: string, expand: readonly string[] = []): Promise<TPrepayment> {
  const row = await orNotFound(db.prepayment.findFirst({ where: scoped(scope, id), select: { pk: true } }));
  return prepaymentApi(db, row.pk, baseUrl, expand);
}

export async function createPrepayment({ db, scope, baseUrl }: ServiceContext, input: TCreatePrepaymentRequest): Promise<TPrepayment> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const row = await tx.prepayment.create({
        data: {
          id: input.id ?? crypto.randomUUID(),
          integrationPk: scope.integrationPk,
          description: input.description,
          netAmount: input.net_amount,
          currency: input.currency,
          invoiceMarking: input.invoice_marking ?? null,
          metadata: input.metadata ?? {},
        },
        select: { pk: true },
      });
      await tx.invoice.create({
        data: { id: crypto.randomUUID(), integrationPk: scope.integrationPk, prepaymentPk: row.pk, billingType: "prepayment", currency: input.currency },
      });
      return prepaymentApi(tx, row.pk, baseUrl);
    }),
  );
}

/** The caller's Prepayment, row-locked (FOR UPDATE) and read afresh; refused unless still a draft. */
async function lockedDraft(tx: Prisma.TransactionClient, scope: IntegrationScope, id: string): Promise<{ pk: string }> {
  const found = await tx.prepayment.findFirst({ where: scoped(scope, id), select: { pk: true } });
  if (!found) throw notFound();
  // A conditional no-op update takes the row lock, as issuing (which sets invoiced_at) does.
  const { count } = await tx.prepayment.updateMany({ where: { pk: found.pk, invoicedAt: null }, data: { invoicedAt: null } });
  if (count === 0) throw new DomainError("conflict", t("prepayment_not_draft"));
  return found;
}

/** PATCH: any field, while DRAFT (the pro-forma Invoice follows its currency). */
export async function updatePrepayment(
  { db, scope, baseUrl }: ServiceContext,
  id: string,
  patch: Omit<TUpdatePrepaymentRequest, "prepayment_id">,
): Promise<TPrepayment> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const { pk } = await lockedDraft(tx, scope, id);
      await tx.prepayment.update({
        where: { pk },
        data: {
          id: patch.id,
          description: patch.description,
          netAmount: patch.net_amount,
          currency: patch.currency,
          invoiceMarking: patch.invoice_marking,
          metadata: patch.metadata,
        },
      });
      if (patch.currency) await tx.invoice.updateMany({ where: { prepaymentPk: pk }, data: { currency: patch.currency } });
      return prepaymentApi(tx, pk, baseUrl);
    }),
  );
}

/** DELETE: only a DRAFT (its pro-forma Invoice goes with it). */
export async function deletePrepayment({ db, scope }: ScopedDb, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { pk } = await lockedDraft(tx, scope, id);
    await tx.prepayment.delete({ where: { pk } });
  });
}

/**
 * Records the payment of a Prepayment (its Invoice is paid in full, in the same transaction): its whole net
 * amount becomes available to the Payruns of its Integration and currency, under their lock.
 */
export async function markPrepaymentPaid(tx: Prisma.TransactionClient, prepaymentPk: string, now: Date): Promise<void> {
  const row = await tx.prepayment.findUniqueOrThrow({ where: { pk: prepaymentPk }, select: { integrationPk: true, currency: true, netAmount: true } });
  await lockPayruns(tx, row.integrationPk, row.currency);
  await tx.prepayment.update({ where: { pk: prepaymentPk }, data: { paidAt: now, availableBalance: row.netAmount } });
}

/** The uses of a Prepayment's balance by closed Payruns, oldest first. */
export async function prepaymentUses({ db, scope }: ScopedDb, id: string) {
  const rows = await db.prepaymentUse.findMany({
    where: { prepayment: scoped(scope, id) },
    select: { amount: true, createdAt: true, payrun: { select: { id: true } } },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
  });
  return rows.map((r) => ({ payrun: r.payrun.id, amount: formatMoney(r.amount), created_at: timestamp(r.createdAt) }));
}
