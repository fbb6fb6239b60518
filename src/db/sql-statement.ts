/**
 * One SQL statement assembled from data-modifying CTEs (an Employee, its event, the event's webhook
 * deliveries and the invitation job), so that a write is one round trip. A single statement is atomic on its
 * own, and inside a transaction it is simply part of it; the same statement therefore serves a lone create
 * (sent straight to the driver) and a bulk request (sent through the Prisma transaction).
 */
import type { QueryResultRow } from "pg";
import type { Prisma } from "@/generated/prisma/client";

export class SqlStatement {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** A placeholder for `value`, with a cast so that both drivers know its type. */
  param(value: unknown, type: string): string {
    this.params.push(value);
    return `$${this.params.length}::${type}`;
  }

  /** Adds a CTE and returns its name (PostgreSQL runs every data-modifying CTE, referenced or not). */
  with(body: string): string {
    const name = `w${this.parts.length}`;
    this.parts.push(`${name} AS (${body})`);
    return name;
  }

  /** The statement, ending in `select` (which may read the CTEs). */
  text(select: string): string {
    return this.parts.length ? `WITH ${this.parts.join(",\n")}\n${select}` : select;
  }
}

/** Runs SQL text with parameters: the direct driver (`fastSql`) or a Prisma transaction (`sqlIn`). */
export interface SqlRunner {
  query<T extends QueryResultRow>(text: string, params: unknown[]): Promise<T[]>;
}

/** Statements inside a Prisma interactive transaction. */
export function sqlIn(tx: Prisma.TransactionClient): SqlRunner {
  return { query: <T extends QueryResultRow>(text: string, params: unknown[]) => tx.$queryRawUnsafe<T[]>(text, ...params) };
}

export async function run<T extends QueryResultRow>(runner: SqlRunner, statement: SqlStatement, select = "SELECT 1 AS done"): Promise<T[]> {
  return runner.query<T>(statement.text(select), statement.params);
}
