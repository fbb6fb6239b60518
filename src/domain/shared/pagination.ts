/** Page-number pagination, as every list endpoint uses it. */
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 25;
/** Documented maximum; a larger page_size is clamped to it (as DRF does). */
export const MAX_PAGE_SIZE = 100;

const positiveInt = (fallback: number | null) =>
  z.preprocess((v) => {
    if (v === undefined || v === "") return fallback ?? undefined;
    const n = typeof v === "number" ? v : /^\d+$/.test(String(v)) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= 1 ? n : fallback === null ? -1 : fallback;
  }, z.number().int());

export const ZPageQuery = z.object({
  /** An invalid or out-of-range page is a 404 "Invalid page." (checked in `pageOf`). */
  page: positiveInt(1).optional().default(1),
  page_size: positiveInt(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .optional()
    .default(DEFAULT_PAGE_SIZE),
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
  return { skip: (q.page - 1) * q.page_size, take: q.page_size };
}
