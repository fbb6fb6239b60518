/**
 * Idempotency-Key: the first response for a key (per account and environment) is stored and replayed for
 * 24 hours. The row is inserted before the work starts, so two concurrent requests with one key do the
 * work once: the second waits for the first and replays its response.
 */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { AccountScope } from "@/trpc/init";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose request never finished (its process died) may be taken over. */
const STALE_CLAIM_MS = 60 * 1000;
const WAIT_FOR_OTHER_MS = 15 * 1000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type IdempotencyClaim =
  | { kind: "claimed"; pk: string }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "mismatch" }
  | { kind: "in_progress" };

export function requestFingerprint(parts: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export async function claimIdempotencyKey(
  db: Db,
  scope: AccountScope,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const pk = crypto.randomUUID();
    const inserted = await db.$queryRaw<{ pk: string }[]>`
      INSERT INTO idempotency_record (pk, account_pk, environment, key, request_hash, created_at)
      VALUES (${pk}::uuid, ${scope.accountPk}::uuid, ${scope.environment}::"Environment", ${key}, ${fingerprint}, now())
      ON CONFLICT (account_pk, environment, key) DO NOTHING
      RETURNING pk::text`;
    if (inserted.length) return { kind: "claimed", pk };

    const row = await db.idempotencyRecord.findUnique({
      where: { accountPk_environment_key: { accountPk: scope.accountPk, environment: scope.environment, key } },
    });
    if (!row) continue; // removed between our insert and read: try again
    const age = Date.now() - row.createdAt.getTime();
    if (age > IDEMPOTENCY_TTL_MS || (row.status === null && age > STALE_CLAIM_MS)) {
      await db.idempotencyRecord.deleteMany({ where: { pk: row.pk, createdAt: row.createdAt } });
      continue;
    }
    if (row.requestHash !== fingerprint) return { kind: "mismatch" };
    if (row.status !== null && row.body) {
      return {
        kind: "replay",
        response: { status: row.status, headers: (row.headers ?? {}) as Record<string, string>, body: Buffer.from(row.body) },
      };
    }
    if (Date.now() > deadline) return { kind: "in_progress" };
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function completeIdempotencyKey(db: Db, pk: string, response: StoredResponse): Promise<void> {
  await db.idempotencyRecord.update({
    where: { pk },
    data: { status: response.status, headers: response.headers, body: new Uint8Array(response.body) },
  });
}

/** Forgets a claim whose request failed on the server's side, so that the client's retry runs again. */
export async function releaseIdempotencyKey(db: Db, pk: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { pk } });
}

export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } } });
  return count;
}
