/**
 * The CSV import's create, one chunk of rows per call: each chunk is one bulk create (all of it or none of it),
 * so a failure leaves whole chunks behind, and the dashboard can say which rows were created. A row without an
 * id of its own gets one made from the import's key and its row number: a chunk sent again (its answer lost,
 * or a retry after a failure) finds its Payouts there and creates nothing twice.
 */
import crypto from "node:crypto";
import type { AuditActor } from "@/domain/audit/audit-record";
import { DomainError } from "@/domain/errors";
import type { ServiceContext } from "@/domain/shared/service-context";
import { timestamp } from "@/domain/shared/schemas";
import { serverTexts } from "@/i18n/server-texts";
import type { Locale } from "@/i18n/locale";
import { createPayouts } from "./payout-create";
import { readImportFile, rowErrors } from "./payout-import-read";
import { IMPORT_CHUNK, type TImportCreateInput, type TImportCreateResult } from "./payout-import-schemas";

/** A UUID (version 8, name-based) for row `line` of import `key` in this Integration: the same on every retry. */
export function importPayoutId(integrationPk: string, key: string, line: number): string {
  const hash = crypto.createHash("sha256").update(`${integrationPk}:${key}:${line}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x80;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Creates rows `from`..`to` (excluded) of the file, or reports why none of them was. A request that cannot be
 * one chunk of this file is refused with a message (not field errors): the dashboard shows it as it is.
 */
/** One chunk of an import, all or nothing; the person's audit record counts the chunk's Payouts (one record a chunk). */
export async function createImportChunk(ctx: ServiceContext, input: TImportCreateInput, locale: Locale, actor: AuditActor): Promise<TImportCreateResult> {
  const { db, scope } = ctx;
  const say = serverTexts(locale);
  if (input.to <= input.from || input.to - input.from > IMPORT_CHUNK) {
    throw new DomainError("validation", say("payoutImport.chunkSize", { max: IMPORT_CHUNK }));
  }
  const file = await readImportFile(db, scope, input.csv, locale);
  if (file.problems.length) throw new DomainError("validation", file.problems.join(" "));
  const rows = file.rows.slice(input.from, input.to);
  if (rows.length !== input.to - input.from) {
    throw new DomainError("validation", say("payoutImport.changedSinceCheck", { from: input.from + 2, to: input.to + 1 }));
  }
  const unread = rows.filter((r) => r.errors.length);
  if (unread.length) return { created: [], already: false, payruns: [], errors: unread.map((r) => ({ line: r.line, errors: r.errors })) };

  const items = rows.map((r) => ({ ...r.body, id: typeof r.body.id === "string" ? r.body.id : importPayoutId(scope.integrationPk, input.key, r.line) }));
  const ids = items.map((item) => item.id);
  const where = { integrationPk: scope.integrationPk, id: { in: ids } };
  let payouts = await db.payout.findMany({ where, select: { id: true, payrunPk: true } });
  const already = payouts.length === ids.length;
  if (!already) {
    try {
      payouts = (await createPayouts(ctx, { items, bulk: true, expand: [] }, actor)).map((p) => ({ id: p.id, payrunPk: p.payrunPk }));
    } catch (e) {
      if (!(e instanceof DomainError && e.items)) throw e;
      const failed = e.items;
      return {
        created: [],
        already: false,
        payruns: [],
        errors: rows.flatMap((r, i) => {
          const errors = rowErrors(file, r, failed[i] ?? {});
          return errors.length ? [{ line: r.line, errors }] : [];
        }),
      };
    }
  }
  const payruns = await db.payrun.findMany({
    where: { integrationPk: scope.integrationPk, pk: { in: [...new Set(payouts.map((p) => p.payrunPk))] } },
    select: { id: true, name: true, currency: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  return {
    created: rows.map((r, i) => ({ line: r.line, id: ids[i] })),
    already,
    payruns: payruns.map((p) => ({ id: p.id, name: p.name, currency: p.currency, created_at: timestamp(p.createdAt) })),
    errors: [],
  };
}
