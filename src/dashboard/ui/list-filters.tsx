import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { FilterSelect } from "./filter-select";
import { SearchField } from "./search-field";

interface ListFiltersProps<V extends string> {
  /** The list's catalogue namespace, whose `searchPlaceholder` the search box says. */
  namespace: "employees" | "payouts";
  search: string;
  status: V | "";
  statuses: readonly { value: V; label: string }[];
  /** `useListView`'s `filter`: the URL keeps the view (`?q=`, `?status=`). */
  onFilter: (patch: { q: string } | { status: V | "" }) => void;
  /** The list's further filters, after these two. */
  children?: ReactNode;
}

/** A searchable list's toolbar: the search box and the status filter, then the list's own filters. */
export function ListFilters<V extends string>({ namespace, search, status, statuses, onFilter, children }: ListFiltersProps<V>) {
  const t = useTranslations(namespace);
  const statusFilter = useTranslations("common.statusFilter");
  return (
    <div className="toolbar toolbar-wrap" role="search">
      <SearchField placeholder={t("searchPlaceholder")} value={search} onChange={(q) => onFilter({ q })} />
      <FilterSelect
        label={statusFilter("label")}
        allLabel={statusFilter("all")}
        options={statuses}
        value={status}
        onChange={(value) => onFilter({ status: value })}
      />
      {children}
    </div>
  );
}
