import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { isConnectionLost, isReadOnlyStatement, retryLostRead } from "./connection-lost";

const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("isReadOnlyStatement", () => {
  it.each([
    ['select "pk", "id" from "integration" where "id" = $1', true],
    ['SELECT "t0"."deleted_at", "t0"."updated_at" FROM "public"."Employee" AS "t0" WHERE 1=1', true],
    ["with a as (select 1) select * from a", true],
    ['insert into "employee" ("pk") values ($1) returning "pk"', false],
    ["with x as (delete from t returning *) select * from x", false],
    ['select * from "payrun" where "pk" = $1 for update', false],
    ["select pg_advisory_xact_lock(1)", false],
    ["select nextval('invoice_number')", false],
    ['update "api_key" set "last_used_at" = now()', false],
  ])("%s → %s", (text, read) => expect(isReadOnlyStatement(text)).toBe(read));
});

describe("isConnectionLost", () => {
  it("knows pg's and Prisma's adapter's forms of a terminated connection, and nothing else", () => {
    expect(isConnectionLost(terminated)).toBe(true);
    expect(isConnectionLost(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isConnectionLost(
        new DriverAdapterError({
          kind: "postgres",
          code: "57P01",
          severity: "FATAL",
          message: "x",
          detail: undefined,
          column: undefined,
          hint: undefined,
          originalCode: "57P01",
        }),
      ),
    ).toBe(true);
    expect(isConnectionLost(new DriverAdapterError({ kind: "ConnectionClosed" }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionLost(new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: undefined }))).toBe(false);
  });
});

describe("retryLostRead", () => {
  it("runs a read once more after a lost connection, never a write", async () => {
    let reads = 0;
    expect(await retryLostRead("select 1", async () => (++reads === 1 ? Promise.reject(terminated) : "ok"))).toBe("ok");
    expect(reads).toBe(2);
    let writes = 0;
    await expect(retryLostRead("insert into t values (1)", async () => (++writes, Promise.reject(terminated)))).rejects.toBe(terminated);
    expect(writes).toBe(1);
  });
});
