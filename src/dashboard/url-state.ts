/**
 * A list's view (search, filters, page) and the dashboard's scope (environment, Integration) live in the
 * query string through nuqs, so that Back, reload and a shared link show the same view. Default values are
 * left out of the URL.
 */
import {
  createParser,
  parseAsString,
  parseAsStringLiteral,
  useQueryState,
  useQueryStates,
  type Nullable,
  type Options,
  type UseQueryStatesKeysMap,
  type Values,
} from "nuqs";

/** A page number: a positive integer, else the first page (a hand-edited `?page=0` must not reach the API). */
export const parseAsPage = createParser({
  parse: (v) => (/^[1-9][0-9]{0,8}$/.test(v) ? Number(v) : null),
  serialize: (n: number) => String(n),
}).withDefault(1);

/** Free text such as a search term; empty is the default. */
export const parseAsText = parseAsString.withDefault("");

/** A yyyy-mm-dd day (a date input's value), or "" for anything else. */
export const parseAsDay = createParser({
  parse: (v) => (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(v) ? v : null),
  serialize: (v: string) => v,
}).withDefault("");

/** One of `values`, or "" (no filter) for anything else. */
export function parseAsChoice<V extends string>(values: readonly V[]) {
  return parseAsStringLiteral<V | "">(["", ...values]).withDefault("");
}

/** Filter and page changes are history entries of their own, so Back steps through them. */
export const PUSH: Options = { history: "push", scroll: false };
/** Typing in a search box replaces the entry rather than adding one per keystroke. */
export const REPLACE: Options = { history: "replace", scroll: false };

/** `?page=` for a list that has no other view state. */
export function usePageParam(): [number, (page: number) => void] {
  const [page, setPage] = useQueryState("page", parseAsPage.withOptions(PUSH));
  return [page, (p: number) => void setPage(p)];
}

/**
 * A list's view in the URL: its filters (`?q=`, `?status=`…) and `?page=`. `filter` changes filters and goes
 * back to the first page in one history entry (nuqs batches the two updates of one tick); typing in the
 * search box (`q`) replaces the entry instead of adding one per key.
 */
export function useListView<F extends UseQueryStatesKeysMap>(filters: F) {
  const [view, setView] = useQueryStates(filters, PUSH);
  const [page, setPageParam] = useQueryState("page", parseAsPage.withOptions(PUSH));
  return {
    view,
    page,
    setPage: (p: number) => void setPageParam(p),
    filter: (patch: Partial<Nullable<Values<F>>>) => {
      const options = "q" in patch ? REPLACE : PUSH;
      void setView(patch, options);
      void setPageParam(null, options);
    },
  };
}

export const ENVIRONMENTS = ["live", "demo"] as const;
/** `?env=`: a shared link opens in the sharer's environment (the server still reads it from the cookie). */
export const parseAsEnvironment = parseAsStringLiteral(ENVIRONMENTS).withOptions(REPLACE);
/** `?integration=`: the Integration a shared link acts as. */
export const parseAsIntegration = parseAsString.withOptions(REPLACE);

/** The dashboard's scope as a detail link carries it: the environment, and the Integration when one is chosen. */
export interface UrlScope {
  env: (typeof ENVIRONMENTS)[number];
  integration: string | null;
}

/**
 * A detail page's path with `?env=` and `?integration=`, so that a copied or shared link opens in the environment
 * and Integration it was seen in (the top bar applies them, as for a shared list view).
 */
export function withScope(path: string, scope: UrlScope): string {
  const params = new URLSearchParams({ env: scope.env });
  if (scope.integration) params.set("integration", scope.integration);
  return `${path}?${params.toString()}`;
}
