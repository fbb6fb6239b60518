/** A Payrun as the API shows it: its row plus the price and count of its Payouts. */
import { Prisma } from "@/generated/prisma/client";
import { formatMoney } from "@/domain/pricing/pricing";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import type { TPayrun } from "./payrun-schemas";

export const payrunSelect = {
  pk: true,
  id: true,
  currency: true,
  open: true,
  metadata: true,
  createdAt: true,
  closedAt: true,
  paidAt: true,
  _count: { select: { payouts: true } },
} satisfies Prisma.PayrunSelect;

export type PayrunRow = Prisma.PayrunGetPayload<{ select: typeof payrunSelect }>;

export function payrunStatus(row: Pick<PayrunRow, "open" | "paidAt">): TPayrun["latest_status"] {
  if (row.paidAt) return "paid";
  return row.open ? "open" : "closed";
}

function toPayrunApi(row: PayrunRow, price: Prisma.Decimal): TPayrun {
  return {
    id: row.id,
    currency: row.currency,
    open: row.open,
    latest_status: payrunStatus(row),
    price: formatMoney(price),
    payout_count: row._count.payouts,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    closed_at: timestamp(row.closedAt),
    paid_at: timestamp(row.paidAt),
  };
}

/** The representations of `rows`, with each price summed in the database (exact decimals). */
export async function toPayrunsApi(tx: Prisma.TransactionClient, rows: PayrunRow[]): Promise<TPayrun[]> {
  if (rows.length === 0) return [];
  const sums = await tx.payout.groupBy({ by: ["payrunPk"], where: { payrunPk: { in: rows.map((r) => r.pk) } }, _sum: { cost: true } });
  const price = new Map(sums.map((s) => [s.payrunPk, s._sum.cost]));
  return rows.map((row) => toPayrunApi(row, price.get(row.pk) ?? new Prisma.Decimal(0)));
}

export async function payrunApi(tx: Prisma.TransactionClient, pk: string): Promise<TPayrun> {
  const row = await tx.payrun.findUniqueOrThrow({ where: { pk }, select: payrunSelect });
  const [api] = await toPayrunsApi(tx, [row]);
  return api;
}
