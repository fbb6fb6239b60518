/**
 * How many events a list's filters match, without reading them where no object is named: the events' rows of
 * `kept_count` (kept-count.ts), per scope and type. Counting the events themselves read every one of the scope's
 * (100,000 of them: a parallel scan per request), which kept GET /v2/events/ at a tenth of the Employee list's
 * throughput; a time filter counted every event in its range.
 */
import type { RawBuilder } from "kysely";
import type { SqlRunner } from "@/db/query-builder";
import { keptCount, type CountRows, type KeptMatch } from "@/domain/shared/kept-count";
import type { TimestampFilter } from "@/domain/shared/timestamp-filters";
import type { EventScope } from "./event-list";

/** The scope as the triggers write it (migration 0038): account, environment, and the Integration or the account. */
export function scopeKey(scope: EventScope): string {
  return `${scope.accountPk} ${scope.environment} ${scope.integrationPk ?? scope.accountPk}`;
}

/** A scope's rows of `kept_count` for `types` (all types when none are named); `key`: the scope's key or its placeholder. */
export function eventCountMatch(types: readonly string[] | undefined, key: string | RawBuilder<string>): KeptMatch {
  return (eb) => eb.and([eb("scope", "=", key), ...(types?.length ? [eb("k1", "in", types)] : [])]);
}

/** The scope's events of `types` (all types when none are named) made within `created`. */
export function countedEvents(
  sql: SqlRunner,
  scope: EventScope,
  types: readonly string[] | undefined,
  created: TimestampFilter | undefined,
  countRows: CountRows,
): Promise<number> {
  return keptCount(sql, "event", eventCountMatch(types, scopeKey(scope)), created, countRows);
}
