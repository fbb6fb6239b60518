"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { RequiredFieldset } from "../ui/field";
import { useDebouncedValue } from "../use-debounced-value";
import { addRecipients, type Recipient } from "./message-types";

const RESULTS = 8;
/** The API's largest page: "choose all" reads the matches page by page. */
const ALL_PAGE = 100;

interface RecipientPickerProps {
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  errors?: string[];
}

/**
 * Choose Employees: the chosen ones as removable chips, a search over the Employees with a checkbox each, and
 * "choose all" for every Employee the search matches (not only the few shown).
 */
export function RecipientPicker({ value, onChange, errors }: RecipientPickerProps) {
  const t = useTranslations("messages.picker");
  const utils = trpc.useUtils();
  const [search, setSearch] = useState("");
  const [choosingAll, setChoosingAll] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim());
  const filter = term ? { search: term } : {};
  const results = trpc.employees.list.useQuery({ page: 1, page_size: RESULTS, ...filter }, { placeholderData: (prev) => prev });
  const chosen = new Set(value.map((r) => r.id));

  const toggle = (r: Recipient) => onChange(chosen.has(r.id) ? value.filter((v) => v.id !== r.id) : [...value, r]);

  const chooseAll = async () => {
    setChoosingAll(true);
    setFailure(null);
    try {
      const found: Recipient[] = [];
      for (let page = 1; ; page++) {
        const batch = await utils.employees.list.fetch({ page, page_size: ALL_PAGE, ...filter });
        found.push(...batch.results.map((e) => ({ id: e.id, name: e.name })));
        if (batch.next === null || batch.results.length === 0) break;
      }
      onChange(addRecipients(value, found));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setChoosingAll(false);
    }
  };

  return (
    <RequiredFieldset className="recipient-picker" legend={t("to")} errors={errors}>
      {value.length === 0 ? (
        <p className="muted recipient-none">{t("none")}</p>
      ) : (
        <>
          <p className="recipient-count" role="status">
            {t("count", { count: value.length })}{" "}
            <button type="button" className="button button-small" onClick={() => onChange([])}>
              {t("clearAll")}
            </button>
          </p>
          <ul className="chips" aria-label={t("chosen")}>
            {value.map((r) => (
              <li key={r.id} className="chip">
                {r.name}
                <button type="button" aria-label={t("remove", { name: r.name })} onClick={() => toggle(r)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <label className="recipient-search">
        <span className="visually-hidden">{t("find")}</span>
        <input type="search" placeholder={t("findPlaceholder")} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {/* A box of one height whether the search is loading, matches nothing or lists its matches: what follows
          (the text, Cancel and Send) never moves when the answer comes, not even under a pressed button. */}
      <div className="recipient-matches" aria-busy={!results.data && !results.isError}>
        {results.isError ? (
          <p className="field-error">{results.error.message}</p>
        ) : !results.data ? (
          <p className="muted">{t("loading")}</p>
        ) : results.data.results.length === 0 ? (
          <p className="muted">{t("noMatch")}</p>
        ) : (
          <>
            <button type="button" className="button button-small" disabled={choosingAll} onClick={() => void chooseAll()}>
              {choosingAll ? t("selecting") : t("selectAll", { count: results.data.count })}
            </button>
            <ul className="recipient-results">
              {results.data.results.map((e) => (
                <li key={e.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={chosen.has(e.id)} onChange={() => toggle({ id: e.id, name: e.name })} />
                    <span>{e.name}</span>
                    {e.email && <span className="muted">{e.email}</span>}
                  </label>
                </li>
              ))}
              {results.data.count > RESULTS && <li className="muted">{t("more", { count: results.data.count - RESULTS })}</li>}
            </ul>
          </>
        )}
      </div>
      {failure && <p className="field-error">{failure}</p>}
    </RequiredFieldset>
  );
}
