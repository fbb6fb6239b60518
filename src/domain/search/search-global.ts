/**
 * The dashboard's command palette: a few matches of each kind in the current Integration (and the account's
 * Registrations in the environment), each found the way its own list searches: Employees and Payouts through
 * their lists' `search`, Payruns by id or name, Invoices by id, number or OCR reference, Registrations by id or name.
 */
import { listEmployees } from "@/domain/employees/employee-list";
import { payrunLabelNumbers } from "@/domain/payruns/payrun-label";
import { listPayouts } from "@/domain/payouts/payout-service";
import { timestamp } from "@/domain/shared/schemas";
import type { ScopedDb } from "@/domain/shared/service-context";
import { SEARCH_LIMIT, type TGlobalSearch } from "./search-schemas";

const contains = (q: string) => ({ contains: q, mode: "insensitive" as const });

export async function globalSearch(ctx: ScopedDb, q: string): Promise<TGlobalSearch> {
  const { db, scope } = ctx;
  const page = { page: 1, page_size: SEARCH_LIMIT };
  const digits = /^[0-9]{1,18}$/.test(q) ? BigInt(q) : null;
  const [employees, payouts, payruns, invoices, registrations] = await Promise.all([
    listEmployees(ctx, { ...page, search: q }),
    listPayouts(ctx, { ...page, search: q }),
    db.payrun.findMany({
      where: { integrationPk: scope.integrationPk, OR: [{ id: contains(q) }, { name: contains(q) }] },
      select: { pk: true, integrationPk: true, id: true, name: true, currency: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { pk: "asc" }],
      take: SEARCH_LIMIT,
    }),
    db.invoice.findMany({
      where: { integrationPk: scope.integrationPk, OR: [{ id: contains(q) }, ...(digits === null ? [] : [{ number: digits }, { ocr: q }])] },
      select: { id: true, ocr: true, currency: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { pk: "asc" }],
      take: SEARCH_LIMIT,
    }),
    db.registration.findMany({
      where: {
        accountPk: scope.accountPk,
        environment: scope.environment,
        OR: [{ id: contains(q) }, { friendlyName: contains(q) }, { registeredName: contains(q) }],
      },
      select: { id: true, friendlyName: true, registeredName: true },
      orderBy: [{ createdAt: "desc" }, { pk: "asc" }],
      take: SEARCH_LIMIT,
    }),
  ]);
  const labelNumbers = await payrunLabelNumbers(db, payruns);
  return {
    employees: employees.rows.map((e) => ({ id: e.id, title: e.name, detail: e.email ?? "" })),
    payouts: payouts.rows.map((p) => ({ id: p.id, description: p.description, amount: p.amount.toFixed(2), currency: p.currency })),
    payruns: payruns.map((p) => ({
      id: p.id,
      name: p.name,
      currency: p.currency,
      created_at: timestamp(p.createdAt),
      label_number: labelNumbers.get(p.pk) ?? null,
    })),
    invoices: invoices.map((i) => ({ id: i.id, invoice_number: i.ocr, currency: i.currency, created_at: timestamp(i.createdAt) })),
    registrations: registrations.map((r) => ({ id: r.id, title: r.friendlyName, detail: r.registeredName })),
  };
}
