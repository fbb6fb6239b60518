"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { ActionButton, useResendOptions } from "../ui/action-button";
import type { NoticeValue } from "../ui/notice";
import { payoutEmployee, type Payout } from "./payout-types";

/** Emails the Employee about the Payout again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendPayoutButton({ payout, subject, onResult }: { payout: Payout; subject: string; onResult: (notice: NoticeValue) => void }) {
  const t = useTranslations("payouts.resend");
  const done = t("done", { employee: payoutEmployee(payout).name, description: payout.description });
  const resend = trpc.payouts.resend.useMutation(useResendOptions({ done, tooSoon: (at) => t("tooSoon", { at }), onResult }));
  return (
    <ActionButton
      label={t("button")}
      pendingLabel={t("sending")}
      accessibleName={t("label", { subject })}
      pending={resend.isPending}
      onClick={() => resend.mutate({ payout_id: payout.id })}
      small
    />
  );
}
