/**
 * The CSV import's preview: every row checked and priced by a dry run of the create (the same rules, nothing
 * written), with the Employee's name and the totals per currency (count, amount, fee, cost, VAT) that the
 * create would add, summed in exact decimals.
 */
import { Prisma } from "@/generated/prisma/client";
import type { ServiceContext } from "@/domain/shared/service-context";
import { formatMoney } from "@/domain/pricing/pricing";
import type { Locale } from "@/i18n/locale";
import { planPayouts, type Planned } from "./payout-create";
import { readImportFile, rowErrors, type ImportRow } from "./payout-import-read";
import { IMPORT_CHUNK, type TImportPreview } from "./payout-import-schemas";

type Totals = TImportPreview["totals"][number];

/** The totals of the planned Payouts per currency, in alphabetical order. */
export function importTotals(planned: Planned[]): Totals[] {
  const sums = new Map<string, { count: number; amount: Prisma.Decimal; fee: Prisma.Decimal; cost: Prisma.Decimal; vat: Prisma.Decimal }>();
  for (const { draft, breakdown } of planned) {
    const zero = new Prisma.Decimal(0);
    const sum = sums.get(draft.body.currency) ?? { count: 0, amount: zero, fee: zero, cost: zero, vat: zero };
    sums.set(draft.body.currency, {
      count: sum.count + 1,
      amount: sum.amount.plus(breakdown.amount),
      fee: sum.fee.plus(breakdown.fee),
      cost: sum.cost.plus(breakdown.cost),
      vat: sum.vat.plus(breakdown.vat),
    });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({
      currency,
      count: s.count,
      amount: formatMoney(s.amount),
      fee: formatMoney(s.fee),
      cost: formatMoney(s.cost),
      vat: formatMoney(s.vat),
      total: formatMoney(s.cost.plus(s.vat)),
    }));
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The rows of `csv` as the create would take them, checked and priced, in the reader's `locale`. */
export async function previewImport(ctx: ServiceContext, csv: string, locale: Locale): Promise<TImportPreview> {
  const file = await readImportFile(ctx.db, ctx.scope, csv, locale);
  if (file.problems.length) return { problems: file.problems, rows: [], totals: [], new_employees: 0, chunk: IMPORT_CHUNK };
  const results = await planPayouts(ctx, { items: file.rows.map((r) => r.body), bulk: true, expand: [] });
  const planned = results.flatMap((r) => (r.ok ? [r.value] : []));
  const row = (r: ImportRow, i: number): TImportPreview["rows"][number] => {
    const result = results[i];
    const plan = result?.ok ? result.value : null;
    return {
      line: r.line,
      employee_name: plan?.employee.name ?? null,
      reference: r.reference,
      new_employee: r.newEmployee !== null,
      description: text(r.body.description),
      currency: text(r.body.currency),
      amount: plan ? formatMoney(plan.breakdown.amount) : null,
      cost: plan ? formatMoney(plan.breakdown.cost) : null,
      errors: result?.ok === false ? rowErrors(file, r, result.errors) : r.errors,
    };
  };
  return {
    problems: [],
    rows: file.rows.map(row),
    totals: importTotals(planned),
    new_employees: new Set(file.rows.flatMap((r) => (r.newEmployee ? [r.newEmployee] : []))).size,
    chunk: IMPORT_CHUNK,
  };
}
