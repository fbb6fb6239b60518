/**
 * Timestamp filters, the same on every list: `<field>` (a date: that UTC day; a datetime: that instant),
 * `<field>_null` (true/false, any case), `<field>_before` and `<field>_after` (ISO 8601).
 */
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

/** Prisma filter for a nullable timestamp column. */
export function nullableTimestampWhere(q: Query, f: string) {
  const isNull = q[`${f}_null`];
  const r = range(q, f);
  const hasRange = Object.keys(r).length > 0;
  if (isNull === true) return hasRange ? { in: [] } : { equals: null };
  if (isNull === false || hasRange) return { ...r, not: null };
  return undefined;
}

/** Prisma filter for a timestamp that is always set (created_at): `_null=true` matches nothing. */
export function timestampWhere(q: Query, f: string) {
  if (q[`${f}_null`] === true) return { in: [] };
  const r = range(q, f);
  return Object.keys(r).length ? r : undefined;
}

/**
 * The same filters as SQL conditions, for list queries that bypass Prisma (see src/db/fast-sql.ts).
 * Values are appended to `params`; `column` is a trusted identifier.
 */
export function timestampSql(q: Query, f: string, column: string, params: unknown[], nullable: boolean): string[] {
  const conditions: string[] = [];
  const isNull = q[`${f}_null`];
  const r = range(q, f);
  const bind = (v: Date) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (isNull === true) return [nullable && Object.keys(r).length === 0 ? `${column} IS NULL` : "false"];
  if (isNull === false && nullable) conditions.push(`${column} IS NOT NULL`);
  if (r.equals) conditions.push(`${column} = ${bind(r.equals)}`);
  if (r.gte) conditions.push(`${column} >= ${bind(r.gte)}`);
  if (r.gt) conditions.push(`${column} > ${bind(r.gt)}`);
  if (r.lt) conditions.push(`${column} < ${bind(r.lt)}`);
  if (r.lte) conditions.push(`${column} <= ${bind(r.lte)}`);
  return conditions;
}

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
