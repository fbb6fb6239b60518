/**
 * Which of an account's Integrations an Integration-ID names: needed by every Integration-scoped request,
 * so the answer is remembered, and forgotten on every rename or delete, which a trigger (migration 0006)
 * notifies. On the embedded database the notification arrives before the write returns (its process is
 * the only writer). On PostgreSQL it arrives over the instance's notification connection shortly after the
 * writer's commit; while that connection is down nothing is remembered and every request reads.
 */
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { notifiedMemos } from "@/db/notified-memo";
import { compiledOnce, placeholder, qb } from "@/db/query-builder";
import type { Environment } from "@/domain/environments";

export interface NamedIntegration {
  pk: string;
  id: string;
}

const CHANGED = "integration_identity_changed";

const LOOKUP = compiledOnce(
  qb
    .selectFrom("integration")
    .select(["pk", "id"])
    .where("id", "=", placeholder<string>(1, "text"))
    .where("account_pk", "=", placeholder<string>(2, "uuid"))
    .where("environment", "=", placeholder<Environment>(3, "Environment")),
);

const memos = notifiedMemos<NamedIntegration | undefined>(CHANGED);

/**
 * Forgets every remembered answer of this process, at once: called by the renames and deletes made here, so
 * that this instance never waits for their notification (other instances learn from it).
 */
export function forgetNamedIntegrations(): void {
  memos.forgetAll();
}

export async function findNamedIntegration(db: Db, accountPk: string, environment: Environment, id: string): Promise<NamedIntegration | undefined> {
  const sql = fastSql(db);
  const read = async () => (await sql.query<NamedIntegration>(LOOKUP.sql, [id, accountPk, environment]))[0];
  if (!sql.listen) return read();
  const memo = await memos.of(sql, sql.listen);
  // Misses are not remembered: creating an Integration notifies nothing.
  return memo.get(`${accountPk}:${environment}:${id}`, read, (found) => found !== undefined);
}
