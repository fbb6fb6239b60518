import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Pager } from "./pager";
import { ErrorAlert } from "./alert";

/** What a card needs of a tRPC query result. */
export interface CardQuery<T> {
  data: T | undefined;
  error: { message: string } | null;
  isFetching: boolean;
}

interface QueryCardProps<T> {
  query: CardQuery<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
  /** Below the content, whenever there is data (also after a failed refetch), e.g. the pager. */
  footer?: (data: T) => ReactNode;
  /** The content is a wide table: on a narrow screen it scrolls sideways inside the card. */
  scroll?: boolean;
}

/** A card showing a query's error, "Loading…", an empty message, or the content. */
export function QueryCard<T>({ query, isEmpty, empty, children, footer, scroll = false }: QueryCardProps<T>) {
  const { data, error } = query;
  const t = useTranslations("common");
  return (
    <div className="card">
      {error ? (
        <ErrorAlert>{error.message}</ErrorAlert>
      ) : !data ? (
        <p className="card-message">{t("loading")}</p>
      ) : isEmpty(data) ? (
        <p className="card-message">{empty}</p>
      ) : scroll ? (
        <div className="table-scroll">{children(data)}</div>
      ) : (
        children(data)
      )}
      {data && footer?.(data)}
    </div>
  );
}

interface PagedListCardProps<R> {
  query: CardQuery<{ count: number; results: R[] }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  children: (results: R[]) => ReactNode;
  /** "several": show the pager only when there is more than one page. */
  pager?: "any" | "several";
  scroll?: boolean;
}

/** One page of a list resource in a card, with the pager below it. */
export function PagedListCard<R>({ query, page, pageSize, onPage, empty, children, pager = "any", scroll }: PagedListCardProps<R>) {
  const minCount = pager === "several" ? pageSize + 1 : 1;
  return (
    <QueryCard
      query={query}
      isEmpty={(data) => data.results.length === 0}
      empty={empty}
      scroll={scroll}
      footer={(data) => data.count >= minCount && <Pager page={page} pageSize={pageSize} count={data.count} onPage={onPage} busy={query.isFetching} />}
    >
      {(data) => children(data.results)}
    </QueryCard>
  );
}
