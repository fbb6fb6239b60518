/**
 * Idempotency-Key: the first answer for a key (per account and environment) is stored and replayed for 24
 * hours. Claim, work and answer are one transaction (src/http/v2/handler.ts, src/db/request-transaction.ts):
 * the row is inserted first, the work runs, the answer is written into the row, and all of it commits at once.
 * A process that dies before the commit leaves neither work nor row, so a retry does the work once; after the
 * commit it leaves both, so a retry replays the answer.
 *
 * Two requests with one key at once: the second's insert waits on the unique index for the first's
 * transaction (PostgreSQL; on the embedded database the first holds the only connection), then replays what
 * it committed, or claims the key when it rolled back.
 */
import crypto from "node:crypto";
import { deleteInBatches } from "@/domain/shared/in-batches";
import type { Clock } from "@/domain/shared/clock";
import type { Db } from "@/db/database";
import { at, executeIn, qb, runIn, setLocal, typed } from "@/db/query-builder";
import type { AccountScope } from "@/domain/scope";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a request waits for another one with its key before answering 409 (PostgreSQL's `lock_timeout`). */
const WAIT_FOR_OTHER = "15s";

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type IdempotencyClaim = { kind: "claimed"; pk: string } | { kind: "replay"; response: StoredResponse } | { kind: "mismatch" } | { kind: "in_progress" };

export function requestFingerprint(parts: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** SQLSTATE 55P03: `lock_timeout` ran out (the other request with the key is still at work). */
function isLockTimeout(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const meta = "meta" in e && typeof e.meta === "object" && e.meta !== null && "code" in e.meta ? e.meta.code : undefined;
  return meta === "55P03" || ("code" in e && e.code === "55P03") || e.message.includes("55P03");
}

/**
 * Claims `key` inside the request's transaction `tx`, or tells why not. A row older than the TTL is taken
 * over; so is a row without an answer, which only the claims of earlier versions (committed before the work)
 * can leave. After `in_progress` the transaction is unusable: roll it back.
 */
export async function claimIdempotencyKey(tx: Db, scope: AccountScope, key: string, fingerprint: string, clock: Clock): Promise<IdempotencyClaim> {
  const pk = crypto.randomUUID();
  const now = clock.now();
  await runIn(tx, setLocal("lock_timeout", WAIT_FOR_OTHER));
  let claimed: { pk: string }[];
  try {
    claimed = await runIn(
      tx,
      qb
        .insertInto("idempotency_record")
        .values({
          pk: typed(pk, "uuid"),
          account_pk: typed(scope.accountPk, "uuid"),
          environment: typed(scope.environment, "Environment"),
          key,
          request_hash: fingerprint,
          created_at: at(now),
        })
        .onConflict((oc) =>
          oc
            .columns(["account_pk", "environment", "key"])
            .doUpdateSet((eb) => ({
              pk: eb.ref("excluded.pk"),
              request_hash: eb.ref("excluded.request_hash"),
              created_at: eb.ref("excluded.created_at"),
              status: null,
              headers: null,
              body: null,
            }))
            .where((eb) =>
              eb.or([eb("idempotency_record.created_at", "<", at(new Date(now.getTime() - IDEMPOTENCY_TTL_MS))), eb("idempotency_record.status", "is", null)]),
            ),
        )
        .returning((eb) => eb.cast<string>("pk", "text").as("pk")),
    );
  } catch (e) {
    if (isLockTimeout(e)) return { kind: "in_progress" };
    throw e;
  }
  // The work after the claim waits for locks as long as it would without a key.
  await runIn(tx, setLocal("lock_timeout", null));
  if (claimed.length) return { kind: "claimed", pk };

  // The key's row is committed and current (the insert found it and left it).
  const row = await tx.idempotencyRecord.findUniqueOrThrow({
    where: { accountPk_environment_key: { accountPk: scope.accountPk, environment: scope.environment, key } },
    select: { requestHash: true, status: true, headers: true, body: true },
  });
  if (row.requestHash !== fingerprint) return { kind: "mismatch" };
  return {
    kind: "replay",
    response: { status: row.status ?? 500, headers: (row.headers ?? {}) as Record<string, string>, body: Buffer.from(row.body ?? []) },
  };
}

/** Writes the answer into the claimed row, in the same transaction as the work. */
export async function completeIdempotencyKey(tx: Db, pk: string, response: StoredResponse): Promise<void> {
  await tx.idempotencyRecord.update({
    where: { pk },
    data: { status: response.status, headers: response.headers, body: new Uint8Array(response.body) },
  });
}

/** Removes the keys past their 24 hours, in batches (src/domain/shared/in-batches.ts); returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date, batch = 5_000): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  return deleteInBatches(
    (limit) =>
      executeIn(
        db,
        qb.deleteFrom("idempotency_record").where("pk", "in", qb.selectFrom("idempotency_record").select("pk").where("created_at", "<", before).limit(limit)),
      ),
    batch,
  );
}
