import type { Prisma } from "@/generated/prisma/client";
import { qb, runIn, typed } from "@/db/query-builder";
import { notFound } from "@/domain/errors";

/** The tables whose rows the API addresses by an `id` that a PATCH or PUT may change. */
export type AddressedTable = "integration" | "employee" | "webhook_subscription" | "registration" | "payrun" | "payout";

/**
 * Locks the row a request found by its API `id` until the transaction ends, and checks that it still has
 * that id: a concurrent request that deleted the row or moved it to another id (and committed while this one
 * waited for the lock) makes it a 404, as if this request had come later. Reads after the lock are current,
 * and no other request changes the row until this one commits: so of concurrent changes of one object, each
 * sees the previous one's result (PATCH racing DELETE, two id changes, an edit racing an approval).
 */
export async function lockFound<T extends { pk: string }>(tx: Prisma.TransactionClient, table: AddressedTable, found: T | null, id: string): Promise<T> {
  if (!found) throw notFound();
  const rows = await runIn(tx, qb.selectFrom(table).select("pk").where("pk", "=", typed(found.pk, "uuid")).where("id", "=", id).forUpdate());
  if (rows.length === 0) throw notFound();
  return found;
}

/**
 * Keeps rows that a write is about to reference (a Payout's Employee, a Message's recipients) from being
 * deleted until the transaction ends (FOR KEY SHARE: updates may go on). Answers the pks still there: a row
 * deleted by a concurrent request that committed first is missing, as if this request had come later.
 */
export async function keepReferenced(tx: Prisma.TransactionClient, table: AddressedTable, pks: string[]): Promise<Set<string>> {
  if (pks.length === 0) return new Set();
  const rows = await runIn(
    tx,
    qb
      .selectFrom(table)
      .select((eb) => eb.cast<string>("pk", "text").as("pk"))
      .where((eb) => eb("pk", "=", eb.fn.any(typed(pks, "uuid[]"))))
      .orderBy("pk")
      .forKeyShare(),
  );
  return new Set(rows.map((r) => r.pk));
}
