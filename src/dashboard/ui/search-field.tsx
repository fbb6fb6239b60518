import { useTranslations } from "use-intl";

/** A list's search box, for its toolbar; the caller debounces the query. */
export function SearchField({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) {
  const t = useTranslations("common");
  return (
    <label className="inline-field">
      {t("search")}
      <input type="search" className="toolbar-search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
