/**
 * Creating Payouts: one, or a bulk request, all or nothing in one transaction. Every item is checked first
 * (fields, Employee, price, id) and every error reported; only then do the Payouts join their currency's
 * open Payrun (all Payouts of one request in the same Payrun per currency), or the Payrun they name, and
 * their events are recorded. Payouts that prepaid money covers are notified at once.
 */
import crypto from "node:crypto";
import type { ServiceContext } from "@/domain/shared/service-context";
import type { Clock } from "@/domain/shared/clock";
import type { Prisma } from "@/generated/prisma/client";
import { createEmployeeInTx } from "@/domain/employees/employee-create";
import type { EmployeeRow } from "@/domain/employees/employee-representation";
import { DomainError, type FieldErrors } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { joinOpenPayrun, recordPayrunEvent } from "@/domain/payruns/payrun-service";
import { namedPayrun } from "@/domain/payruns/payrun-explicit";
import { coverPayouts } from "@/domain/prepayments/prepayment-use";
import type { Breakdown } from "@/domain/pricing/pricing";
import { pricingTableFor } from "@/domain/pricing/pricing-tables";
import { toPricingApi } from "./payout-pricing-schemas";
import { keepReferenced } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import {
  checkBatchSize,
  findPayoutEmployee,
  lockInlineEmployees,
  pricePayout,
  readPayoutBody,
  throwItemErrors,
  type ItemResult,
  type PayoutDraft,
} from "./payout-input";
import { notifyPayout } from "./payout-notify";
import { recordPayoutsMade } from "./payout-audit";
import type { AuditActor } from "@/domain/audit/audit-record";
import { realNow } from "@/domain/shared/demo-clock";
import { payoutSelect, toPayoutApi, type PayoutRow } from "./payout-representation";
import type { TCreatePayoutsInput } from "./payout-schemas";

export interface Planned {
  draft: PayoutDraft;
  employee: EmployeeRow;
  breakdown: Breakdown;
}

/** What one request has seen so far: ids taken (in the database or earlier in the request), Employees resolved. */
interface Batch {
  ids: Set<string>;
  employees: Map<string, EmployeeRow>;
}

async function newBatch(tx: Prisma.TransactionClient, scope: IntegrationScope, drafts: ItemResult<PayoutDraft>[]): Promise<Batch> {
  const given = drafts.flatMap((d) => (d.ok && d.value.body.id !== undefined ? [d.value.body.id] : []));
  const taken = given.length ? await tx.payout.findMany({ where: { integrationPk: scope.integrationPk, id: { in: given } }, select: { id: true } }) : [];
  return { ids: new Set(taken.map((p) => p.id)), employees: new Map() };
}

/** What planning the items of one request works in: its transaction, scope and batch, and what a created Employee needs. */
interface Planning {
  tx: Prisma.TransactionClient;
  scope: IntegrationScope;
  batch: Batch;
  baseUrl: string;
  clock: Clock;
}

/** The Employee of an item: found, or (inline, unmatched) created in this transaction. Errors nest under "employee". */
async function employeeFor(planning: Planning, draft: PayoutDraft): Promise<ItemResult<EmployeeRow>> {
  const { tx, scope, batch } = planning;
  const ref = draft.body.employee;
  // An inline Employee is matched by email first, so its email identifies it within the request.
  const cacheKey = typeof ref === "string" ? `id:${ref}` : `email:${ref.email}`;
  const known = batch.employees.get(cacheKey);
  if (known) return { ok: true, value: known };
  const found = await findPayoutEmployee(tx, scope, ref);
  if (!found.ok) return found;
  let match = found.value;
  // An Employee deleted by a concurrent request since it was found: as if it had never been there.
  if ("pk" in match && !(await keepReferenced(tx, "employee", [match.pk])).has(match.pk)) {
    if (typeof ref === "string") return { ok: false, errors: { employee: [t("object_does_not_exist", { id: ref })] } };
    match = ref;
  }
  let row: EmployeeRow;
  if ("pk" in match) row = match;
  else {
    try {
      row = await createEmployeeInTx(tx, planning, match);
    } catch (e) {
      if (e instanceof DomainError && e.code === "validation" && typeof e.body !== "string") return { ok: false, errors: { employee: e.body } };
      throw e;
    }
  }
  batch.employees.set(cacheKey, row);
  return { ok: true, value: row };
}

async function plan(planning: Planning, draft: PayoutDraft): Promise<ItemResult<Planned>> {
  const { batch } = planning;
  const errors: FieldErrors = {};
  const id = draft.body.id;
  if (id !== undefined) {
    if (batch.ids.has(id)) errors.id = [t("id_taken")];
    batch.ids.add(id);
  }
  const employee = await employeeFor(planning, draft);
  const priced = employee.ok ? pricePayout(draft, employee.value.country) : employee;
  if (!priced.ok) Object.assign(errors, priced.errors);
  if (!employee.ok || !priced.ok || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { draft, employee: employee.value, breakdown: priced.value } };
}

function payoutData(scope: IntegrationScope, p: Planned, payrunPk: string): Prisma.PayoutCreateManyInput {
  const { body, basis } = p.draft;
  return {
    pk: crypto.randomUUID(),
    id: body.id ?? crypto.randomUUID(),
    integrationPk: scope.integrationPk,
    employeePk: p.employee.pk,
    payrunPk,
    basis,
    amount: p.breakdown.amount,
    invoicedAmount: p.breakdown.invoiced_amount,
    cost: p.breakdown.cost,
    currency: body.currency,
    // The breakdown and the rates it was priced with, kept as priced: later table changes never reprice it.
    breakdown: { ...toPricingApi(p.breakdown, body.currency), country: p.employee.country, rates: { ...pricingTableFor(p.employee.country) } },
    description: body.description,
    metadata: body.metadata ?? {},
    startAt: body.start_at ?? null,
    endAt: body.end_at ?? null,
  };
}

/** Inserts the Payouts in one statement and reads them back in request order. */
async function insertPayouts(tx: Prisma.TransactionClient, data: Prisma.PayoutCreateManyInput[]): Promise<PayoutRow[]> {
  await tx.payout.createMany({ data });
  return insertedRows(
    tx,
    data.flatMap((d) => (d.pk ? [d.pk] : [])),
  );
}

/** The Payouts `pks`, in that order. */
async function insertedRows(tx: Prisma.TransactionClient, pks: string[]): Promise<PayoutRow[]> {
  const rows = new Map((await tx.payout.findMany({ where: { pk: { in: pks } }, select: payoutSelect })).map((r) => [r.pk, r]));
  return pks.map((pk) => {
    const row = rows.get(pk);
    if (!row) throw new Error(`payout ${pk} was not inserted`);
    return row;
  });
}

/** Every item checked (fields, Employee, price, id), inline Employees created in `tx`: the errors (null for a valid item) and the plans. */
async function planAll(tx: Prisma.TransactionClient, { scope, baseUrl, clock }: ServiceContext, input: TCreatePayoutsInput) {
  const drafts = input.items.map(readPayoutBody);
  await lockInlineEmployees(
    tx,
    scope,
    drafts.flatMap((d) => (d.ok ? [d.value.body.employee] : [])),
  );
  const planning: Planning = { tx, scope, batch: await newBatch(tx, scope, drafts), baseUrl, clock };
  const results: ItemResult<Planned>[] = [];
  for (const draft of drafts) results.push(draft.ok ? await plan(planning, draft.value) : draft);
  return {
    results,
    errors: results.map((r) => (r.ok ? null : r.errors)),
    planned: results.flatMap((r) => (r.ok ? [r.value] : [])),
  };
}

/** Thrown to roll a dry run back: whatever checking wrote (inline Employees) must not stay. */
class DryRun extends Error {
  constructor(readonly results: ItemResult<Planned>[]) {
    super("dry run");
  }
}

/**
 * A dry run of `createPayouts`: the same checks in the same order, rolled back, so nothing is written. One
 * result per item, in order: its plan (Employee, price) or its field errors.
 */
export async function planPayouts(ctx: ServiceContext, input: TCreatePayoutsInput): Promise<ItemResult<Planned>[]> {
  checkBatchSize(input.items);
  try {
    await ctx.db.$transaction(async (tx) => {
      throw new DryRun((await planAll(tx, ctx, input)).results);
    });
  } catch (e) {
    if (e instanceof DryRun) return e.results;
    throw e;
  }
  throw new Error("a dry run always rolls back");
}

/** `planPayouts` as a bulk create's 400 would answer: index-aligned, `{}` for a valid item. */
export async function validatePayouts(ctx: ServiceContext, input: TCreatePayoutsInput): Promise<FieldErrors[]> {
  return (await planPayouts(ctx, input)).map((r) => (r.ok ? {} : r.errors));
}

/** Creates the Payouts, all or nothing; a person's (not a key's) are recorded in the audit log. */
export async function createPayouts(ctx: ServiceContext, input: TCreatePayoutsInput, actor: AuditActor): Promise<PayoutRow[]> {
  const { db, scope, baseUrl, clock } = ctx;
  checkBatchSize(input.items);
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const { errors, planned } = await planAll(tx, ctx, input);
      throwItemErrors(errors, input.bulk);

      // Currencies in a fixed order, so that concurrent bulk requests take the Payrun locks in the same order.
      const currencies = [...new Set(planned.map((p) => p.draft.body.currency))].sort();
      for (const currency of currencies) await lockPayruns(tx, scope.integrationPk, currency);
      // Payouts that name their Payrun join it (checked under the lock); the others join the open automatic one.
      const named: Awaited<ReturnType<typeof namedPayrun>>[] = [];
      for (const p of planned) named.push(await namedPayrun(tx, scope, p.draft.body.payrun, p.draft.body.currency));
      throwItemErrors(
        named.map((n) => (n && "error" in n ? { payrun: [n.error] } : null)),
        input.bulk,
      );
      const payruns = new Map<string, { pk: string; opened: boolean }>();
      for (const currency of currencies) {
        if (planned.some((p, i) => p.draft.body.currency === currency && !named[i])) payruns.set(currency, await joinOpenPayrun(tx, scope, currency));
      }
      let rows = await insertPayouts(
        tx,
        planned.map((p, i) => {
          const target = named[i];
          const payrun = target && "pk" in target ? target : payruns.get(p.draft.body.currency);
          if (!payrun) throw new Error("every currency has a Payrun");
          return payoutData(scope, p, payrun.pk);
        }),
      );
      const joined = named.flatMap((n) => (n && "pk" in n ? [n.pk] : []));
      if (joined.length)
        await tx.payrun.updateMany({ where: { pk: { in: joined }, integrationPk: scope.integrationPk }, data: { lastActivityAt: clock.now() } });

      const now = clock.now();
      const event = { accountPk: scope.accountPk, environment: scope.environment, integrationPk: scope.integrationPk };
      for (const payrun of payruns.values()) if (payrun.opened) await recordPayrunEvent(tx, "Payrun.created", scope, payrun.pk, baseUrl, now);
      for (const row of rows) await recordEvent(tx, { name: "Payout.created", ...event, objectPk: row.pk, data: toPayoutApi(row) }, now);

      // Payouts that prepaid money covers are notified at once (the documented rule), not when the Payrun is paid.
      let covered = 0;
      for (const currency of currencies) {
        const pks = await coverPayouts(
          tx,
          scope.integrationPk,
          currency,
          rows.filter((r) => r.currency === currency).map((r) => r.pk),
        );
        for (const pk of pks) await notifyPayout(tx, pk, ctx);
        covered += pks.length;
      }
      if (covered)
        rows = await insertedRows(
          tx,
          rows.map((r) => r.pk),
        );
      await recordPayoutsMade(tx, { scope, actor, at: realNow(clock) }, rows, input.bulk);
      return rows;
    }),
  );
}
