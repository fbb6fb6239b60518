/**
 * Idempotency-Key: the first response for a key (per account and environment) is stored and replayed for
 * 24 hours. The row is inserted before the work starts, so two concurrent requests with one key do the
 * work once: the second waits for the first and replays its response.
 *
 * An unfinished claim belongs to the process doing its work: that process holds a session lock named after
 * the claim (session-locks.ts) from before the row is written until the response is stored. A claim whose
 * lock no one holds was left by a process that died mid-request (its work rolled back with its connections),
 * so a retry takes it over at once; a claim whose process lives is waited for, however long it runs.
 */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import { qb, runIn, typed } from "@/db/query-builder";
import { sessionLocks } from "@/db/session-locks";
import type { AccountScope } from "@/domain/scope";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_OTHER_MS = 15 * 1000;

const lockName = (pk: string) => `idempotency:${pk}`;

/** Takes a claim's lock under a new pk (another, should some other process's lock share the hash of the first). */
async function newClaimPk(db: Db): Promise<string> {
  for (;;) {
    const pk = crypto.randomUUID();
    if (await sessionLocks(db).hold(lockName(pk))) return pk;
  }
}

/** Ends this process's part in a claim: the row is finished or gone, so its lock may go. */
async function forget(db: Db, pk: string): Promise<void> {
  await sessionLocks(db).release(lockName(pk));
}

/** Whether an unfinished claim still has a live process working on it. */
function claimAlive(db: Db, pk: string): Promise<boolean> {
  return sessionLocks(db).isHeld(lockName(pk));
}

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
  let insert = true;
  for (;;) {
    if (insert) {
      // The lock is taken before the row can be seen, so that no one finds the claim without its owner.
      const pk = await newClaimPk(db);
      let inserted: { pk: string }[] = [];
      try {
        inserted = await runIn(
          db,
          qb
            .insertInto("idempotency_record")
            .values((eb) => ({
              pk: typed(pk, "uuid"),
              account_pk: typed(scope.accountPk, "uuid"),
              environment: typed(scope.environment, "Environment"),
              key,
              request_hash: fingerprint,
              created_at: eb.fn<Date>("now"),
            }))
            .onConflict((oc) => oc.columns(["account_pk", "environment", "key"]).doNothing())
            .returning((eb) => eb.cast<string>("pk", "text").as("pk")),
        );
      } finally {
        if (!inserted.length) await forget(db, pk);
      }
      if (inserted.length) return { kind: "claimed", pk };
    }

    const row = await db.idempotencyRecord.findUnique({
      where: { accountPk_environment_key: { accountPk: scope.accountPk, environment: scope.environment, key } },
    });
    insert = !row;
    if (!row) continue; // removed between our insert and read: try again
    const age = Date.now() - row.createdAt.getTime();
    if (age > IDEMPOTENCY_TTL_MS || (row.status === null && !(await claimAlive(db, row.pk)))) {
      // Expired, or its process died. A retaken claim has a new pk; a dead one's status stays null.
      await db.idempotencyRecord.deleteMany({ where: { pk: row.pk, status: age > IDEMPOTENCY_TTL_MS ? undefined : null } });
      insert = true;
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
  try {
    await db.idempotencyRecord.update({
      where: { pk },
      data: { status: response.status, headers: response.headers, body: new Uint8Array(response.body) },
    });
  } finally {
    await forget(db, pk);
  }
}

/** Forgets a claim whose request failed on the server's side, so that the client's retry runs again. */
export async function releaseIdempotencyKey(db: Db, pk: string): Promise<void> {
  try {
    await db.idempotencyRecord.deleteMany({ where: { pk } });
  } finally {
    await forget(db, pk);
  }
}

export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } } });
  return count;
}
