/**
 * Every interactive transaction's limits, over Prisma's defaults (2 s to get a connection, 5 s in all). A write
 * waits for a pool connection (on PGlite for its lock) and for the rows concurrent writes keep (a bulk Payout
 * create may keep its Employees for a minute): on a loaded server that wait alone ran past the defaults, and
 * a DELETE racing the writes it waits for answered 500 (tests/http/races.test.ts).
 */
export const TRANSACTION_LIMITS = { maxWait: 15_000, timeout: 60_000 };
