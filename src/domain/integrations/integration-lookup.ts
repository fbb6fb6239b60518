/**
 * Which of an account's Integrations an Integration-ID names: needed by every Integration-scoped request,
 * so the answer is remembered, and forgotten on every rename or delete, which a trigger (migration 0006)
 * notifies. On the embedded database the notification arrives before the write returns (its process is
 * the only writer). On PostgreSQL it arrives over the instance's notification connection shortly after the
 * writer's commit; while that connection is down nothing is remembered and every request reads.
 */
import type { Db } from "@/db/database";
import { fastSql, type FastSql } from "@/db/fast-sql";
import type { Subscription } from "@/db/pg-notifications";
import { compiledOnce, placeholder, qb } from "@/db/query-builder";
import type { Environment } from "@/domain/environments";

export interface NamedIntegration {
  pk: string;
  id: string;
}

const CHANGED = "integration_identity_changed";
/** Enough for every Integration in use at once; beyond it the memo starts over. */
const MAX_REMEMBERED = 10_000;

const LOOKUP = compiledOnce(
  qb
    .selectFrom("integration")
    .select(["pk", "id"])
    .where("id", "=", placeholder<string>(1, "text"))
    .where("account_pk", "=", placeholder<string>(2, "uuid"))
    .where("environment", "=", placeholder<Environment>(3, "Environment")),
);

interface Memo {
  answers: Map<string, NamedIntegration>;
  /** Bumped by every notification: an answer read before one is not kept. */
  generation: number;
  subscription: Subscription;
}
const memos = new WeakMap<Db, Promise<Memo>>();
/** Every memo of this process, for `forgetNamedIntegrations`. */
const allMemos = new Set<Memo>();

function forget(m: Memo): void {
  m.generation++;
  m.answers.clear();
}

/**
 * Forgets every remembered answer of this process, at once: called by the renames and deletes made here, so
 * that this instance never waits for their notification (other instances learn from it).
 */
export function forgetNamedIntegrations(): void {
  for (const m of allMemos) forget(m);
}

function memoFor(db: Db, listen: NonNullable<FastSql["listen"]>): Promise<Memo> {
  let memo = memos.get(db);
  if (!memo) {
    const m: Memo = { answers: new Map(), generation: 0, subscription: { live: false } };
    allMemos.add(m);
    memo = listen(CHANGED, () => forget(m)).then((subscription) => {
      m.subscription = subscription;
      return m;
    });
    memos.set(db, memo);
  }
  return memo;
}

export async function findNamedIntegration(db: Db, accountPk: string, environment: Environment, id: string): Promise<NamedIntegration | undefined> {
  const sql = fastSql(db);
  const read = async () => (await sql.query<NamedIntegration>(LOOKUP.sql, [id, accountPk, environment]))[0];
  if (!sql.listen) return read();
  const memo = await memoFor(db, sql.listen);
  const key = `${accountPk}:${environment}:${id}`;
  const known = memo.answers.get(key);
  if (known && memo.subscription.live) return known;
  const generation = memo.generation;
  const found = await read();
  // Misses are not remembered: creating an Integration notifies nothing.
  if (found && generation === memo.generation && memo.subscription.live) {
    if (memo.answers.size >= MAX_REMEMBERED) memo.answers.clear();
    memo.answers.set(key, found);
  }
  return found;
}
