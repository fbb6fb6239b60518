"use client";

import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { employeePath } from "../employees/employee-types";
import { useFormat } from "../i18n/use-format";
import { useInvoiceLabel } from "../invoices/invoice-label";
import { invoicePath } from "../invoices/invoice-types";
import { payoutPath } from "../payouts/payout-types";
import { usePayrunLabel } from "../payruns/payrun-label";
import { payrunPath } from "../payruns/payrun-types";
import { registrationPath } from "../registrations/registration-types";
import { trpc, type RouterOutputs } from "../trpc";
import { useDebouncedValue } from "../use-debounced-value";
import { useScopedPath } from "./use-scoped-path";

type Results = RouterOutputs["search"]["global"];
type Kind = keyof Results;

/** The order the palette lists the kinds in. */
const KINDS: readonly Kind[] = ["employees", "payouts", "payruns", "invoices", "registrations"];

/** A hit as its list shows it: its name, a detail beside it, and the page it opens. */
interface Shown {
  id: string;
  title: string;
  detail: string;
  path: string;
}

/** Each kind's hits named and formatted as their lists do: money in the reader's format, Payrun and Invoice labels. */
function useShownHits(): (results: Results) => Record<Kind, Shown[]> {
  const f = useFormat();
  const payrunLabel = usePayrunLabel();
  const invoiceLabel = useInvoiceLabel();
  return (r) => ({
    employees: r.employees.map((e) => ({ id: e.id, title: e.title, detail: e.detail, path: employeePath(e.id) })),
    payouts: r.payouts.map((p) => ({ id: p.id, title: p.description, detail: f.money(p.amount, p.currency), path: payoutPath(p.id) })),
    payruns: r.payruns.map((p) => ({ id: p.id, title: payrunLabel(p), detail: "", path: payrunPath(p.id) })),
    invoices: r.invoices.map((i) => ({ id: i.id, title: invoiceLabel(i), detail: i.currency, path: invoicePath(i.id) })),
    registrations: r.registrations.map((g) => ({ id: g.id, title: g.title, detail: g.detail, path: registrationPath(g.id) })),
  });
}

/** Whether a key press was meant for a field: "/" there is a character, not the palette's shortcut. */
function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/**
 * Search across Employees, Payouts, Payruns, Invoices and Registrations of the current environment (the domain's
 * `search.global`): the button in the top bar, or "/" and Ctrl+K / ⌘K anywhere. Arrow keys move, Enter opens.
 */
export function CommandPalette() {
  const t = useTranslations("shell.palette");
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = (e.key === "k" && (e.ctrlKey || e.metaKey)) || (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target));
      if (!shortcut) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button type="button" className="button button-quiet-dark palette-button" onClick={() => setOpen(true)} aria-keyshortcuts="/ Control+K Meta+K">
        <span aria-hidden="true">⌕ </span>
        {t("open")}
        <kbd className="palette-kbd" aria-hidden="true">
          /
        </kbd>
      </button>
      <Command.Dialog open={open} onOpenChange={setOpen} label={t("label")} shouldFilter={false} className="palette" overlayClassName="palette-overlay">
        {open && <PaletteBody onDone={() => setOpen(false)} />}
      </Command.Dialog>
    </>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const t = useTranslations("shell.palette");
  const common = useTranslations("common");
  const router = useRouter();
  const scoped = useScopedPath();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 200);
  const search = trpc.search.global.useQuery({ q }, { enabled: q.length > 0, placeholderData: (prev) => prev });
  const shownHits = useShownHits();
  const results = q.length > 0 && search.data ? shownHits(search.data) : undefined;
  const none = results !== undefined && KINDS.every((kind) => results[kind].length === 0);
  return (
    <>
      <div className="palette-head">
        <Command.Input value={text} onValueChange={setText} placeholder={t("placeholder")} aria-label={t("label")} className="palette-input" />
        {/* A phone has no Esc key: the palette closes with a button there. */}
        <button type="button" className="button button-small palette-close" onClick={onDone}>
          {common("close")}
        </button>
      </div>
      <Command.List className="palette-list">
        {q.length === 0 && <p className="palette-hint">{t("hint")}</p>}
        {search.isFetching && results === undefined && <Command.Loading>{t("searching")}</Command.Loading>}
        {search.error && <p role="alert">{search.error.message}</p>}
        {none && <p className="palette-hint">{t("none", { q })}</p>}
        {results &&
          KINDS.filter((kind) => results[kind].length > 0).map((kind) => (
            <Command.Group key={kind} heading={t(`kinds.${kind}`)}>
              {results[kind].map((hit) => (
                <Command.Item
                  key={hit.id}
                  value={`${kind}:${hit.id}`}
                  onSelect={() => {
                    onDone();
                    router.push(scoped(hit.path));
                  }}
                >
                  <span className="palette-title">{hit.title}</span>
                  {hit.detail && <span className="palette-detail">{hit.detail}</span>}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
      </Command.List>
    </>
  );
}
