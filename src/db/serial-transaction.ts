import type { Transaction } from "@prisma/driver-adapter-utils";

/**
 * Prisma's query interpreter loads a nested select's relations with statements sent at once (one model call,
 * several SELECTs). In a transaction they all go to its one pg client, which queues them itself: a use pg
 * deprecates ("Calling client.query() when the client is already executing a query") and pg 9 refuses. Here
 * they take turns, as the connection runs them anyway.
 */
export function oneStatementAtATime(tx: Transaction): Transaction {
  let turn: Promise<unknown> = Promise.resolve();
  const serial =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const result = turn.then(() => run(...args));
      turn = result.catch(() => undefined);
      return result;
    };
  tx.queryRaw = serial(tx.queryRaw.bind(tx));
  tx.executeRaw = serial(tx.executeRaw.bind(tx));
  return tx;
}
