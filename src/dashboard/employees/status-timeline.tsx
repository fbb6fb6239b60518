"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Employee } from "./employee-types";

const STEPS = ["created_at", "notified_at", "claimed_at", "verified_at"] as const;

/** The four steps of an Employee's onboarding, each with when it happened. */
export function StatusTimeline({ employee }: { employee: Employee }) {
  const t = useTranslations("employees.timeline");
  const f = useFormat();
  return (
    <ol className="timeline">
      {STEPS.map((step) => {
        const at = employee[step];
        return (
          <li key={step} className={at ? "timeline-step done" : "timeline-step"}>
            <span className="timeline-label">{t(step)}</span>
            {at ? (
              <time dateTime={at} className="timeline-time">
                {f.dateTime(at)}
              </time>
            ) : (
              <span className="timeline-time muted">{step === "created_at" ? "" : t(`${step}Pending`)}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
