/** Page-number pagination, as every list endpoint uses it. */
import { z } from "zod";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";

export const DEFAULT_PAGE_SIZE = 25;
/** Documented maximum; a larger page_size is clamped to it (as DRF does). */
export const MAX_PAGE_SIZE = 100;

/** A page number; anything that is not a whole number >= 1 becomes 0, which `envelope` answers with 404 "Invalid page.". */
const ZPage = z.preprocess((v) => {
  if (v === undefined || v === "") return 1;
  const text = typeof v === "number" ? String(v) : typeof v === "string" ? v : "";
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}, z.number().int());

/** A page size; an invalid one falls back to the default and a large one is clamped to the maximum. */
const ZPageSize = z.preprocess((v) => {
  const text = typeof v === "number" ? String(v) : typeof v === "string" ? v : "";
  const n = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}, z.number().int());

export const ZPageQuery = z.object({
  page: ZPage.optional().default(1),
  page_size: ZPageSize.optional().default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface PageWindow {
  skip: number;
  take: number;
}

export function pageWindow(q: TPageQuery): PageWindow {
  if (q.page < 1) throw new DomainError("not_found", t("invalid_page"));
  return { skip: (q.page - 1) * q.page_size, take: q.page_size };
}

/** A list's page and the count of all its filters match, read at once. */
export async function countedPage<R>(count: PromiseLike<number>, rows: PromiseLike<R[]>): Promise<{ count: number; rows: R[] }> {
  const [total, page] = await Promise.all([count, rows]);
  return { count: total, rows: page };
}
