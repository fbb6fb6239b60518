"use client";

import { useCallback } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Invoice } from "./invoice-types";

/** An Invoice as people see it: "Invoice 1234" by its number, or the pro-forma of its creation day. */
export function useInvoiceLabel(): (i: Pick<Invoice, "invoice_number" | "created_at">) => string {
  const t = useTranslations("invoices");
  const f = useFormat();
  return useCallback(
    (i: Pick<Invoice, "invoice_number" | "created_at">) =>
      i.invoice_number ? t("numbered", { number: i.invoice_number }) : t("proformaOf", { date: f.date(i.created_at) }),
    [t, f],
  );
}
