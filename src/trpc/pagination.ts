import { DomainError } from "@/domain/errors";
import type { TPageQuery } from "@/domain/shared/pagination";
import { t } from "@/i18n/locale";
import type { Context } from "./context";

/** The list envelope: `count`, absolute `next`/`previous` URLs (keeping the other query parameters), `results`. */
export function envelope<T>(ctx: Context, q: TPageQuery, count: number, results: T[]) {
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  if (q.page < 1 || q.page > lastPage) throw new DomainError("not_found", t("invalid_page"));
  return {
    count,
    next: q.page < lastPage ? ctx.pageUrl(q.page + 1) : null,
    previous: q.page > 1 ? ctx.pageUrl(q.page - 1) : null,
    results,
  };
}

/** A service's page (`{ count, rows }`) in the envelope, its rows as the API shows them (`toApi` may read more). */
export async function pageEnvelope<R, T>(ctx: Context, q: TPageQuery, page: { count: number; rows: R[] }, toApi: (rows: R[]) => T[] | Promise<T[]>) {
  return envelope(ctx, q, page.count, await toApi(page.rows));
}
