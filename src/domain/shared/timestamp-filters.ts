/**
 * Timestamp filters, the same on every list: `<field>` (a date: that UTC day; a datetime: that instant),
 * `<field>_null` (true/false, any case), `<field>_before` and `<field>_after` (ISO 8601).
 */
import type { Expression, ExpressionBuilder, SqlBool, StringReference } from "kysely";
import { z } from "zod";
import { t } from "@/i18n/locale";
import { instantRangeMessage, isInstantInRange, MAX_INSTANT } from "./schemas";

const ZFilterBoolean = z.preprocess((v) => {
  const text = String(v).trim().toLowerCase();
  if (["true", "1", "yes", "on"].includes(text)) return true;
  if (["false", "0", "no", "off"].includes(text)) return false;
  return v;
}, z.boolean());

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ZFilterInstant = z.string().transform((v, ctx) => {
  const text = v.trim();
  const date = DATE_ONLY.test(text) ? new Date(`${text}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: t("invalid_datetime") });
    return z.NEVER;
  }
  if (!isInstantInRange(date)) {
    ctx.addIssue({ code: "custom", message: instantRangeMessage() });
    return z.NEVER;
  }
  return { date, dayOnly: DATE_ONLY.test(text) };
});

type Instant = z.infer<typeof ZFilterInstant>;
type FilterKey<F extends string> = F | `${F}_null` | `${F}_before` | `${F}_after`;
type TimestampShape<F extends string> = {
  [K in FilterKey<F>]: z.ZodOptional<K extends `${F}_null` ? typeof ZFilterBoolean : typeof ZFilterInstant>;
};

/** The query-schema fields for the given timestamp fields, to spread into a list's query schema. */
export function timestampFilterShape<const F extends string>(fields: readonly F[]): TimestampShape<F> {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const f of fields) {
    shape[f] = ZFilterInstant.optional();
    shape[`${f}_null`] = ZFilterBoolean.optional();
    shape[`${f}_before`] = ZFilterInstant.optional();
    shape[`${f}_after`] = ZFilterInstant.optional();
  }
  // Object.fromEntries-style building loses the key names; the mapped type above restores them.
  return shape as TimestampShape<F>;
}

interface Range {
  gte?: Date;
  lt?: Date;
  lte?: Date;
  gt?: Date;
  equals?: Date;
}

/** A parsed list query; read by field name. */
type Query = Record<string, unknown>;

function isInstant(v: unknown): v is Instant {
  return typeof v === "object" && v !== null && "date" in v && v.date instanceof Date;
}

function range(q: Query, f: string): Range {
  const out: Range = {};
  const exact = q[f];
  if (isInstant(exact) && exact.dayOnly) {
    out.gte = exact.date;
    // The day after 9999-12-31 is beyond what the drivers write; that day ends at the last instant held.
    const next = new Date(exact.date.getTime() + 86_400_000);
    if (next > MAX_INSTANT) out.lte = MAX_INSTANT;
    else out.lt = next;
  } else if (isInstant(exact)) out.equals = exact.date;
  const before = q[`${f}_before`];
  const after = q[`${f}_after`];
  if (isInstant(before)) out.lt = out.lt && out.lt < before.date ? out.lt : before.date;
  if (isInstant(after)) out.gt = after.date;
  return out;
}

/** A list's filter of one timestamp column, in Prisma's shape (`in: []` matches nothing). */
export interface TimestampFilter extends Range {
  in?: never[];
}
/** The same for a nullable column: `equals: null` is IS NULL, `not: null` IS NOT NULL. */
type NullableTimestampFilter = Omit<TimestampFilter, "equals"> & { equals?: Date | null; not?: null };

/** Prisma filter for a nullable timestamp column. */
export function nullableTimestampWhere(q: Query, f: string): NullableTimestampFilter | undefined {
  const isNull = q[`${f}_null`];
  const r = range(q, f);
  const hasRange = Object.keys(r).length > 0;
  if (isNull === true) return hasRange ? { in: [] } : { equals: null };
  if (isNull === false || hasRange) return { ...r, not: null };
  return undefined;
}

/** Prisma filter for a timestamp that is always set (created_at): `_null=true` matches nothing. */
export function timestampWhere(q: Query, f: string): TimestampFilter | undefined {
  if (q[`${f}_null`] === true) return { in: [] };
  const r = range(q, f);
  return Object.keys(r).length ? r : undefined;
}

const COMPARISONS = [
  ["gte", ">="],
  ["gt", ">"],
  ["lt", "<"],
  ["lte", "<="],
] as const;

/**
 * The same filter (one implementation: the Prisma shape above) as conditions of a query written with
 * Kysely, for the lists that bypass Prisma (src/db/fast-sql.ts).
 */
export function timestampConditions<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: StringReference<DB, TB>,
  filter: NullableTimestampFilter | undefined,
): Expression<SqlBool>[] {
  if (!filter) return [];
  if (filter.in) return [eb.lit(false)];
  const ref = eb.ref(column).$castTo<Date | null>();
  if (filter.equals === null) return [eb(ref, "is", null)];
  const conditions: Expression<SqlBool>[] = [];
  if (filter.not === null) conditions.push(eb(ref, "is not", null));
  if (filter.equals) conditions.push(eb(ref, "=", filter.equals));
  for (const [key, op] of COMPARISONS) {
    const value = filter[key];
    if (value) conditions.push(eb(ref, op, value));
  }
  return conditions;
}

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
