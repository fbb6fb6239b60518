/**
 * Which of an account's Integrations an Integration-ID names: read on every Integration-scoped request,
 * straight from the driver (src/db/fast-sql.ts). On the embedded database the answer is remembered: its
 * process is the only writer, and a trigger (migration 0006) notifies every rename and delete before the
 * write returns. On PostgreSQL other instances write too, so it is read each time.
 */
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { qb, runQuery } from "@/db/query-builder";
import type { Environment } from "@/domain/environments";

export interface NamedIntegration {
  pk: string;
  id: string;
}

const CHANGED = "integration_identity_changed";

interface Memo {
  answers: Map<string, NamedIntegration>;
  /** Bumped by every notification: an answer read before one is not kept. */
  generation: number;
}
const memos = new WeakMap<Db, Promise<Memo>>();

function memoFor(db: Db, listen: NonNullable<ReturnType<typeof fastSql>["listen"]>): Promise<Memo> {
  let memo = memos.get(db);
  if (!memo) {
    const m: Memo = { answers: new Map(), generation: 0 };
    memo = listen(CHANGED, () => {
      m.generation++;
      m.answers.clear();
    }).then(() => m);
    memos.set(db, memo);
  }
  return memo;
}

export async function findNamedIntegration(db: Db, accountPk: string, environment: Environment, id: string): Promise<NamedIntegration | undefined> {
  const sql = fastSql(db);
  const read = async () =>
    (
      await runQuery(
        sql,
        qb.selectFrom("integration").select(["pk", "id"]).where("id", "=", id).where("account_pk", "=", accountPk).where("environment", "=", environment),
      )
    )[0];
  if (!sql.listen) return read();
  const memo = await memoFor(db, sql.listen);
  const key = `${accountPk}:${environment}:${id}`;
  const known = memo.answers.get(key);
  if (known) return known;
  const generation = memo.generation;
  const found = await read();
  // Misses are not remembered: creating an Integration notifies nothing.
  if (found && generation === memo.generation) memo.answers.set(key, found);
  return found;
}
