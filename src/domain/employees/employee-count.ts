/**
 * Counts for the Employee list. DRF-style pagination returns the number of matching rows with every page,
 * and counting them is most of the cost of a list (docs/performance.md). The unfiltered count is read from
 * the Integration's counter row instead (kept by triggers, migration 0006). A filtered count is remembered
 * under the Integration's version, which every insert, delete and change of a searched field increases in
 * the writing transaction: a repeated search then costs nothing, and a remembered count is never used once
 * anything it depends on has changed, whichever instance changed it.
 */
import type { Db } from "@/db/database";

const MAX_REMEMBERED = 1000;
const remembered = new WeakMap<Db, Map<string, { version: string; count: number }>>();

function forDb(db: Db): Map<string, { version: string; count: number }> {
  let counts = remembered.get(db);
  if (!counts) remembered.set(db, (counts = new Map<string, { version: string; count: number }>()));
  return counts;
}

/** The count remembered for `key` at `version`, if any. */
export function rememberedCount(db: Db, key: string, version: string): number | undefined {
  const counts = forDb(db);
  const hit = counts.get(key);
  if (!hit || hit.version !== version) return undefined;
  counts.delete(key); // least recently used goes first
  counts.set(key, hit);
  return hit.count;
}

export function rememberCount(db: Db, key: string, version: string, count: number): void {
  const counts = forDb(db);
  counts.delete(key);
  counts.set(key, { version, count });
  if (counts.size > MAX_REMEMBERED) counts.delete(counts.keys().next().value ?? key);
}

/** The count last remembered for `key`, at whatever version: how broad a search was, for choosing its plan. */
export function lastCount(db: Db, key: string): number | undefined {
  return forDb(db).get(key)?.count;
}
