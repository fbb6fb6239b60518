/**
 * What the Employee list remembers between requests. DRF-style pagination returns the number of matching rows
 * with every page, and counting them is most of the cost of a list (docs/performance.md); a search also reads
 * every match to find the newest. The unfiltered count is read from the Integration's counter rows instead
 * (kept by triggers, migrations 0006 and 0015), and two versions kept there in the writing transaction decide
 * when a remembered answer is still right, whichever instance wrote:
 * - a filtered count is remembered under the version, which every insert, delete and change of a searched
 *   field increases (the worker's notified_at does not, so invitations going out do not forget counts);
 * - a page of the list unfiltered or searched (its rows and count) under the rows version, which every insert,
 *   delete and change of any field increases: a repeated request then costs a read of the counter rows.
 * The versions only grow, so an equal version means that nothing the answer depends on has changed.
 */
import { LRUCache } from "lru-cache";
import type { Db } from "@/db/database";

const MAX_COUNTS = 1000;
/** Remembered pages are bounded by their rows (about 1 KB each in memory): about 10 MB per database. */
const MAX_PAGE_ROWS = 10_000;

interface Count {
  version: string;
  count: number;
}

export interface RememberedPage<Row> {
  rowsVersion: string;
  count: number;
  rows: readonly Row[];
}

interface Memo<Row> {
  counts: LRUCache<string, Count>;
  pages: LRUCache<string, RememberedPage<Row>>;
}

/** One list's memo (its rows of type Row), per database: tests open several in one process. */
export class ListMemo<Row> {
  private readonly memos = new WeakMap<Db, Memo<Row>>();

  private memoOf(db: Db): Memo<Row> {
    let memo = this.memos.get(db);
    if (!memo) {
      memo = {
        counts: new LRUCache<string, Count>({ max: MAX_COUNTS }),
        // An empty page still takes a slot.
        pages: new LRUCache<string, RememberedPage<Row>>({ maxSize: MAX_PAGE_ROWS, sizeCalculation: (p) => Math.max(1, p.rows.length) }),
      };
      this.memos.set(db, memo);
    }
    return memo;
  }

  /** The count remembered for `key` at `version`, if any. */
  count(db: Db, key: string, version: string): number | undefined {
    const hit = this.memoOf(db).counts.get(key);
    return hit?.version === version ? hit.count : undefined;
  }

  rememberCount(db: Db, key: string, version: string, count: number): void {
    this.memoOf(db).counts.set(key, { version, count });
  }

  /** The count last remembered for `key`, at whatever version: how broad a search was, for choosing its plan. */
  lastCount(db: Db, key: string): number | undefined {
    return this.memoOf(db).counts.peek(key)?.count;
  }

  /** The page last remembered for `key`, at whatever rows version: the caller compares it with the current one. */
  page(db: Db, key: string): RememberedPage<Row> | undefined {
    return this.memoOf(db).pages.get(key);
  }

  rememberPage(db: Db, key: string, page: RememberedPage<Row>): void {
    this.memoOf(db).pages.set(key, page);
  }
}
