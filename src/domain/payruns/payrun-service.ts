/**
 * Payruns: the batches an Integration pays, one open Payrun per currency. A new Payout joins the open Payrun
 * of its currency, or opens one. Every change to which Payouts a Payrun holds, or to whether it is open or
 * paid, first takes the transaction lock of its Integration and currency (`lockPayruns`), so that a Payout
 * never joins a Payrun that is being closed or paid, and two requests never open two Payruns at once.
 */
import crypto from "node:crypto";
import type { ScopedDb, ServiceContext } from "@/domain/shared/service-context";
import type { Clock } from "@/domain/shared/clock";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { nullableTimestampWhere, timestampWhere } from "@/domain/shared/timestamp-filters";
import { lockFound } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { createProformaInvoice, issuePayrunInvoice } from "@/domain/billing/invoice-issue";
import { payrunApi, payrunSelect, type PayrunRow } from "./payrun-representation";
import type { TListPayrunsQuery, TPayrun, TUpdatePayrunRequest } from "./payrun-schemas";

/** The open Payrun of the Integration for `currency`, opened if there is none. Takes the lock. */
export async function joinOpenPayrun(tx: Prisma.TransactionClient, scope: IntegrationScope, currency: string): Promise<{ pk: string; opened: boolean }> {
  await lockPayruns(tx, scope.integrationPk, currency);
  const open = await tx.payrun.findFirst({
    where: { integrationPk: scope.integrationPk, currency, open: true, manuallyManaged: false },
    select: { pk: true },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
  });
  if (open) return { pk: open.pk, opened: false };
  const created = await tx.payrun.create({ data: { id: crypto.randomUUID(), integrationPk: scope.integrationPk, currency }, select: { pk: true } });
  await createProformaInvoice(tx, { pk: created.pk, integrationPk: scope.integrationPk, currency });
  return { pk: created.pk, opened: true };
}

/** Records a Payrun event with the Payrun as the API shows it now. */
export async function recordPayrunEvent(
  tx: Prisma.TransactionClient,
  name: "Payrun.created" | "Payrun.paid",
  scope: Omit<IntegrationScope, "integrationId">,
  payrunPk: string,
  baseUrl: string,
  now: Date,
): Promise<TPayrun> {
  const data = await payrunApi(tx, payrunPk, baseUrl);
  await recordEvent(
    tx,
    { name, accountPk: scope.accountPk, environment: scope.environment, integrationPk: scope.integrationPk, objectPk: payrunPk, data },
    now,
  );
  return data;
}

/** The reserved id of the Integration's open automatic Payrun in its own currency. */
export const OPEN_PAYRUN_ID = "open";

/** The caller's Payrun `id`; `open` names the open automatic Payrun of the Integration's currency. */
async function scoped(tx: Prisma.TransactionClient, scope: IntegrationScope, id: string): Promise<Prisma.PayrunWhereInput> {
  if (id !== OPEN_PAYRUN_ID) return { id, integrationPk: scope.integrationPk };
  const { currency } = await tx.integration.findUniqueOrThrow({ where: { pk: scope.integrationPk }, select: { currency: true } });
  return { integrationPk: scope.integrationPk, currency, open: true, manuallyManaged: false };
}

export async function listPayruns({ db, scope }: ScopedDb, q: TListPayrunsQuery): Promise<{ count: number; rows: PayrunRow[] }> {
  const where: Prisma.PayrunWhereInput = {
    integrationPk: scope.integrationPk,
    open: q.open,
    currency: q.currency,
    manuallyManaged: q.manually_managed,
    createdAt: timestampWhere(q, "created_at"),
    closedAt: nullableTimestampWhere(q, "closed_at"),
    paidAt: nullableTimestampWhere(q, "paid_at"),
  };
  return countedPage(
    db.payrun.count({ where }),
    db.payrun.findMany({ where, select: payrunSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getPayrun({ db, scope, baseUrl }: ServiceContext, id: string, expand: readonly string[] = []): Promise<TPayrun> {
  const row = await orNotFound(
    db.payrun.findFirst({ where: await scoped(db, scope, id), select: { pk: true }, orderBy: [{ createdAt: "asc" }, { pk: "asc" }] }),
  );
  return payrunApi(db, row.pk, baseUrl, expand);
}

/**
 * Finds the caller's Payrun, takes its locks (its Integration and currency's first, in the order Payout
 * creation takes them, then its row) and reads its state afresh (a read before the locks could be stale).
 * Refuses a paid Payrun: once paid, a Payrun never changes again.
 */
export async function lockedUnpaid(tx: Prisma.TransactionClient, scope: IntegrationScope, id: string) {
  const found = await tx.payrun.findFirst({
    where: await scoped(tx, scope, id),
    select: { pk: true, id: true, currency: true },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
  });
  if (!found) throw notFound();
  await lockPayruns(tx, scope.integrationPk, found.currency);
  await lockFound(tx, "payrun", found, found.id); // `open` resolves to a real id
  const current = await tx.payrun.findUniqueOrThrow({ where: { pk: found.pk }, select: { pk: true, currency: true, open: true, paidAt: true } });
  if (current.paidAt) throw new DomainError("conflict", t("payrun_paid_locked"));
  return current;
}

/** PATCH: id (the Payrun moves), name, description, invoice_marking and metadata; refused once closed. */
export async function updatePayrun(
  { db, scope, baseUrl, clock }: ServiceContext,
  id: string,
  patch: Omit<TUpdatePayrunRequest, "payrun_id">,
): Promise<TPayrun> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      if (patch.id === OPEN_PAYRUN_ID) throw new DomainError("validation", { id: [t("payrun_id_reserved")] });
      const current = await lockedUnpaid(tx, scope, id);
      if (!current.open) throw new DomainError("conflict", t("payrun_closed_locked"));
      const { name, description, invoice_marking: invoiceMarking, metadata } = patch;
      await tx.payrun.update({ where: { pk: current.pk }, data: { id: patch.id, name, description, invoiceMarking, metadata, lastActivityAt: clock.now() } });
      return payrunApi(tx, current.pk, baseUrl);
    }),
  );
}

/** DELETE: only an unpaid Payrun without Payouts. */
export async function deletePayrun({ db, scope }: ScopedDb, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockedUnpaid(tx, scope, id);
    const payout = await tx.payout.findFirst({ where: { payrunPk: current.pk, integrationPk: scope.integrationPk }, select: { pk: true } });
    if (payout) throw new DomainError("conflict", t("payrun_has_payouts"));
    await tx.payrun.delete({ where: { pk: current.pk } });
  });
}

/**
 * Close (finalise): no more Payouts join it (the next Payout of its currency opens a new Payrun), and its
 * Invoice is issued, in the same transaction. `dueDate` (YYYY-MM-DD) overrides the payment terms.
 */
export async function closeAndInvoice(tx: Prisma.TransactionClient, payrunPk: string, clock: Clock, dueDate?: string): Promise<string> {
  const now = clock.now();
  await tx.payrun.update({ where: { pk: payrunPk }, data: { open: false, closedAt: now } });
  return issuePayrunInvoice(tx, payrunPk, now, dueDate);
}
