"use client";

import { createContext, useContext, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";

/** The warning before the session ends, while it shows: when it ends (this browser's time) and how to stay. */
export interface SessionWarningValue {
  endsAt: number;
  stay: () => void;
  staying: boolean;
  /** Why the last "Stay signed in" failed, if it did. */
  failed: string | null;
}

export const SessionWarningContext = createContext<SessionWarningValue | null>(null);

/** Ticks every `ms` while mounted: the countdown's minutes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The notice that the session ends soon, with "Stay signed in": in the page (`placement="page"`, fixed at the
 * bottom) and inside an open dialog (`"dialog"`), since a modal dialog hides the page from assistive technology
 * and the keyboard. Non-blocking: it takes no focus, and the text is a polite live region.
 */
export function SessionWarning({ placement }: { placement: "page" | "dialog" }) {
  const warning = useContext(SessionWarningContext);
  return warning ? <SessionWarningNotice warning={warning} placement={placement} /> : null;
}

function SessionWarningNotice({ warning, placement }: { warning: SessionWarningValue; placement: "page" | "dialog" }) {
  const t = useTranslations("shell.sessionWarning");
  const f = useFormat();
  const now = useNow(5_000);
  const minutes = Math.floor((warning.endsAt - now) / 60_000);
  const time = f.dateTime(new Date(warning.endsAt).toISOString());
  // Where focus was before the button took it: it goes back there once the notice is gone.
  const [before, setBefore] = useState<HTMLElement | null>(null);
  useEffect(() => () => before?.focus(), [before]);
  return (
    <section className={`session-warning session-warning-${placement}`} aria-label={t("label")}>
      <p role="status" className="session-warning-text">
        {minutes >= 1 ? t("endsIn", { time, minutes }) : t("endsSoon", { time })}
      </p>
      {warning.failed && (
        <p role="alert" className="session-warning-failed">
          {t("failed", { message: warning.failed })}
        </p>
      )}
      <button
        type="button"
        className="button button-primary button-small"
        disabled={warning.staying}
        onClick={warning.stay}
        onFocus={(e) => setBefore(e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null)}
      >
        {warning.staying ? t("staying") : t("stay")}
      </button>
    </section>
  );
}
