/**
 * `npm run cli -- encryption rotate`: after DATA_ENCRYPTION_KEY changed (the former key moved to
 * DATA_ENCRYPTION_KEYS_OLD), rewrites every row still encrypted with an old key with the current one, a batch
 * per transaction, so that the old key can then be dropped. Safe to run again, and beside a running server: a
 * row changed meanwhile is left to the next batch (its update matches the ciphertext it read).
 */
import type { Db } from "@/db/database";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import { recordAudit, type AuditBy } from "@/domain/audit/audit-record";

/** Rewrites the stale rows; a run that rewrote any is one record of the audit log (on no one account: the service's). */
export async function rotateClaimDetails(
  db: Db,
  cipher: FieldCipher,
  by: AuditBy,
  { batchSize = 200 }: { batchSize?: number } = {},
): Promise<{ rewritten: number }> {
  const current = `v1.${cipher.currentKeyId}.`;
  const stale = { OR: [{ NOT: { identityNumber: { startsWith: current } } }, { NOT: { bankAccount: { startsWith: current } } }] };
  let rewritten = 0;
  let after = "";
  for (;;) {
    const rows = await db.employeeClaimDetails.findMany({
      where: { ...stale, employeePk: { gt: after || undefined } },
      orderBy: { employeePk: "asc" },
      take: batchSize,
      select: { employeePk: true, identityNumber: true, bankAccount: true },
    });
    if (rows.length === 0) {
      if (rewritten > 0)
        await recordAudit(db, {
          at: by.at,
          accountPk: null,
          actor: by.actor,
          action: "encryption.rotated",
          target: { type: "employee_claim_details" },
          after: { rewritten, key_id: cipher.currentKeyId },
        });
      return { rewritten };
    }
    await db.$transaction(async (tx) => {
      for (const row of rows) {
        const { count } = await tx.employeeClaimDetails.updateMany({
          where: { employeePk: row.employeePk, identityNumber: row.identityNumber, bankAccount: row.bankAccount },
          data: { identityNumber: cipher.encrypt(cipher.decrypt(row.identityNumber)), bankAccount: cipher.encrypt(cipher.decrypt(row.bankAccount)) },
        });
        rewritten += count;
      }
    });
    after = rows[rows.length - 1].employeePk;
  }
}
