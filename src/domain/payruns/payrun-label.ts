/**
 * How a Payrun is told apart from the others of its Integration where people see it: by its name, or when it has
 * none by its currency and the day it was created ("SEK Payrun of 27 Nov 2026"). When two or more share that label,
 * each gets its number among them in order of creation (`label_number`, "… #2"); otherwise the number is null.
 */
import type { Prisma } from "@/generated/prisma/client";

export interface LabelledPayrun {
  pk: string;
  integrationPk: string;
  name: string | null;
  currency: string;
  createdAt: Date;
}

/** The UTC day of creation, as the unnamed label shows it (the same day for every reader). */
const day = (at: Date) => at.toISOString().slice(0, 10);

/** What two Payruns of one Integration must share to be shown alike. */
export function labelKey(p: Omit<LabelledPayrun, "pk">): string {
  const name = p.name?.trim().toLowerCase();
  return name ? `${p.integrationPk}|name|${name}` : `${p.integrationPk}|unnamed|${p.currency}|${day(p.createdAt)}`;
}

/** Each Payrun's number among those of `all` sharing its label; null when it shares it with none. */
export function labelNumbers(all: readonly LabelledPayrun[]): Map<string, number | null> {
  const groups = new Map<string, LabelledPayrun[]>();
  for (const p of all) {
    const key = labelKey(p);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const numbers = new Map<string, number | null>();
  for (const group of groups.values()) {
    const ordered = [...group].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.pk.localeCompare(b.pk));
    ordered.forEach((p, i) => numbers.set(p.pk, ordered.length > 1 ? i + 1 : null));
  }
  return numbers;
}

/** The label numbers of `rows`, counted among every Payrun of their Integrations that could share a label with one. */
export async function payrunLabelNumbers(tx: Prisma.TransactionClient, rows: readonly LabelledPayrun[]): Promise<Map<string, number | null>> {
  if (rows.length === 0) return new Map();
  const names = [...new Set(rows.flatMap((r) => (r.name?.trim() ? [r.name.trim()] : [])))];
  const days = rows.filter((r) => !r.name?.trim()).map((r) => day(r.createdAt));
  const or: Prisma.PayrunWhereInput[] = names.map((name) => ({ name: { equals: name, mode: "insensitive" } }));
  if (days.length) {
    const first = new Date(`${[...days].sort()[0]}T00:00:00.000Z`);
    const last = new Date(`${[...days].sort().at(-1)}T00:00:00.000Z`);
    last.setUTCDate(last.getUTCDate() + 1);
    or.push({ OR: [{ name: null }, { name: "" }], createdAt: { gte: first, lt: last } });
  }
  const candidates = await tx.payrun.findMany({
    where: { integrationPk: { in: [...new Set(rows.map((r) => r.integrationPk))] }, OR: or },
    select: { pk: true, integrationPk: true, name: true, currency: true, createdAt: true },
  });
  return labelNumbers(candidates);
}
