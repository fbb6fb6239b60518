/**
 * Reading Payout bodies, shared by POST /v2/payouts/ and POST /v2/pricing/: field validation, the amount
 * basis, the Employee a body names (by id, or inline) and its price. Errors are collected per item so that
 * a bulk request can answer with an index-aligned array.
 */
import type { Prisma } from "@/generated/prisma/client";
import { advisoryXactLocks, runIn } from "@/db/query-builder";
import { employeeSelect, type EmployeeRow } from "@/domain/employees/employee-representation";
import type { TCreateEmployeeRequest } from "@/domain/employees/employee-schemas";
import { DomainError, fieldErrorsFromZod, itemErrors, type FieldErrors } from "@/domain/errors";
import { BASES, CENT, formatMoney, price, priceFromAmount, type Basis, type Breakdown } from "@/domain/pricing/pricing";
import { pricingTableFor } from "@/domain/pricing/pricing-tables";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { MAX_BULK, ZCreatePayoutRequest, type TCreatePayoutRequest } from "./payout-schemas";

export type ItemResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const fail = <T>(errors: FieldErrors): ItemResult<T> => ({ ok: false, errors });

export interface PayoutDraft {
  body: TCreatePayoutRequest;
  basis: Basis;
  value: Prisma.Decimal;
}

export function checkBatchSize(items: unknown[]): void {
  const problem = items.length === 0 ? t("payout_bulk_empty") : items.length > MAX_BULK ? t("payout_bulk_too_many", { max: MAX_BULK }) : null;
  if (problem) throw new DomainError("validation", { non_field_errors: [problem] });
}

/** Field errors of one body, and the rule that exactly one of amount, invoiced_amount and cost is given. */
export function readPayoutBody(raw: unknown): ItemResult<PayoutDraft> {
  const parsed = ZCreatePayoutRequest.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  const object = typeof raw === "object" && raw !== null && !Array.isArray(raw);
  const given = object ? BASES.filter((b) => Reflect.get(raw, b) !== undefined) : [];
  if (object && given.length !== 1) {
    const existing = errors.non_field_errors;
    errors.non_field_errors = [...(Array.isArray(existing) ? existing : []), t("payout_one_basis")];
  }
  if (!parsed.success || given.length !== 1) return fail(errors);
  const body = parsed.data;
  if (body.start_at && body.end_at && body.end_at < body.start_at) return fail({ end_at: [t("payout_end_before_start")] });
  const value = body[given[0]];
  return value ? { ok: true, value: { body, basis: given[0], value } } : fail(errors);
}

/**
 * The Employee a body names: an existing one by id, or for an inline object an existing Employee of the
 * Integration with the same email (case-insensitive), else with the same id. An inline object that matches
 * none is returned as is, for the caller to create (payouts) or to price by its country (pricing).
 */
export async function findPayoutEmployee(
  tx: Prisma.TransactionClient,
  scope: IntegrationScope,
  ref: string | TCreateEmployeeRequest,
): Promise<ItemResult<EmployeeRow | TCreateEmployeeRequest>> {
  const where = { integrationPk: scope.integrationPk };
  if (typeof ref === "string") {
    const row = await tx.employee.findFirst({ where: { ...where, id: ref }, select: employeeSelect });
    return row ? { ok: true, value: row } : fail({ employee: [t("object_does_not_exist", { id: ref })] });
  }
  const byEmail = await findEmployeeByEmail(tx, scope, ref.email);
  const match = byEmail ?? (ref.id ? await tx.employee.findFirst({ where: { ...where, id: ref.id }, select: employeeSelect }) : null);
  return { ok: true, value: match ?? ref };
}

/** The Employee of the Integration with this email (case-insensitive; the oldest, should there be two): how an inline Employee is matched. */
export function findEmployeeByEmail(tx: Prisma.TransactionClient, scope: IntegrationScope, email: string): Promise<EmployeeRow | null> {
  return tx.employee.findFirst({
    where: { integrationPk: scope.integrationPk, email: { equals: email, mode: "insensitive" } },
    select: employeeSelect,
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
  });
}

/** Advisory lock namespace (first key of the two-key form) of inline Employees; Payruns use the one-key form. */
const INLINE_EMPLOYEE_LOCKS = 0x50524d45;

/**
 * Serialises the reuse of inline Employees per Integration and email (and id, the second way an inline
 * Employee is matched) until the transaction ends: of concurrent requests naming one new Employee, the first
 * creates it and the others, waiting here, then find it. Every key of a request is taken at once, in one
 * order, so that two bulk requests naming the same Employees the other way round cannot deadlock.
 */
export async function lockInlineEmployees(tx: Prisma.TransactionClient, scope: IntegrationScope, refs: (string | TCreateEmployeeRequest)[]): Promise<void> {
  const keys = new Set<string>();
  for (const ref of refs) {
    if (typeof ref === "string") continue;
    if (ref.email) keys.add(`${scope.integrationPk}:email:${ref.email.toLowerCase()}`);
    if (ref.id) keys.add(`${scope.integrationPk}:id:${ref.id}`);
  }
  if (keys.size === 0) return;
  await runIn(tx, advisoryXactLocks(INLINE_EMPLOYEE_LOCKS, [...keys].sort()));
}

/** The breakdown of a body for an Employee in `country`: unsupported countries and currencies are field errors. */
export function pricePayout(draft: PayoutDraft, country: string): ItemResult<Breakdown> {
  const table = pricingTableFor(country);
  if (!table) return fail({ employee: [t("payout_country_unsupported", { country })] });
  const currency = draft.body.currency;
  if (!table.currencies.includes(currency)) {
    return fail({ currency: [t("payout_currency_unsupported", { country, currency, allowed: table.currencies.join(", ") })] });
  }
  const breakdown = price(table, draft.basis, draft.value);
  if (breakdown) return { ok: true, value: breakdown };
  const minimum = formatMoney(priceFromAmount(table, CENT)[draft.basis]);
  return fail({ [draft.basis]: [t("payout_below_minimum", { basis: draft.basis, minimum })] });
}

/** Throws the collected errors, if any: one item's field errors, or (bulk) an index-aligned array. */
export function throwItemErrors(errors: (FieldErrors | null)[], bulk: boolean): void {
  if (errors.every((e) => e === null)) return;
  if (!bulk) throw new DomainError("validation", errors[0] ?? {});
  throw itemErrors(errors.map((e) => e ?? {}));
}
