"use client";

import { useTranslations } from "use-intl";
import { retryAt } from "../errors";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import { payoutEmployee, type Payout } from "./payout-types";

/** Emails the Employee about the Payout again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendPayoutButton({ payout, subject, onResult }: { payout: Payout; subject: string; onResult: (notice: NoticeValue) => void }) {
  const t = useTranslations("payouts.resend");
  const f = useFormat();
  const resend = trpc.payouts.resend.useMutation({
    onSuccess: () => onResult({ kind: "success", text: t("done", { employee: payoutEmployee(payout).name, description: payout.description }) }),
    onError: (error) => {
      const at = retryAt(error);
      onResult({ kind: "error", text: at ? t("tooSoon", { at: f.dateTime(at.toISOString()) }) : error.message });
    },
  });
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={t("label", { subject })}
      disabled={resend.isPending}
      onClick={() => resend.mutate({ payout_id: payout.id })}
    >
      {resend.isPending ? t("sending") : t("button")}
    </button>
  );
}
