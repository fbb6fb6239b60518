import { useTranslations } from "use-intl";

/** "1–25 of 60" with previous/next buttons, for the page-number lists every resource returns. */
export function Pager(props: { page: number; pageSize: number; count: number; onPage: (page: number) => void; busy?: boolean }) {
  const { page, pageSize, count, onPage, busy } = props;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  const t = useTranslations("common");
  return (
    <nav className="pager" aria-label={t("pagination")}>
      <span>{t("range", { first, last, count })}</span>
      <button type="button" className="button" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </button>
      <button type="button" className="button" disabled={busy || page >= lastPage} onClick={() => onPage(page + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}

/** The page to show once a row is deleted: deleting the only row of a later page would leave a page that no longer exists. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage === 1 && page > 1 ? page - 1 : page;
}

/** After a row of a paged list is deleted: go to the page that still exists (see `pageAfterDelete`). */
export function stepBackAfterDelete(list: { data?: { results: readonly unknown[] } }, page: number, onPage: (page: number) => void) {
  if (list.data) onPage(pageAfterDelete(page, list.data.results.length));
}
