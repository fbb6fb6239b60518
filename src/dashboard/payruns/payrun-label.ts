"use client";

import { useCallback } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Payrun } from "./payrun-types";

export type LabelledPayrun = Pick<Payrun, "name" | "currency" | "created_at" | "label_number">;

/**
 * A Payrun as people see it everywhere: its name, or "SEK Payrun of 27 Nov 2026" (the UTC day, as the domain
 * compares them) when it has none, with "#2" when the domain says another Payrun of the Integration looks the same.
 */
export function usePayrunLabel(): (p: LabelledPayrun) => string {
  const t = useTranslations("payruns");
  const f = useFormat();
  return useCallback(
    (p: LabelledPayrun) => {
      const label = p.name?.trim() || t("nameOfDate", { currency: p.currency, date: f.day(p.created_at.slice(0, 10)) });
      return p.label_number === null ? label : t("labelNumbered", { label, number: p.label_number });
    },
    [t, f],
  );
}
