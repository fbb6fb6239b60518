"use client";

import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import { payoutEmployee, type Payout } from "./payout-types";

/** Emails the Employee about the Payout again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendPayoutButton({ payout, subject, onResult }: { payout: Payout; subject: string; onResult: (notice: NoticeValue) => void }) {
  const resend = trpc.payouts.resend.useMutation({
    onSuccess: () => onResult({ kind: "success", text: `${payoutEmployee(payout).name} will be emailed about "${payout.description}" again in a moment.` }),
    onError: (error) => onResult({ kind: "error", text: error.message }),
  });
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={`Resend ${subject}`}
      disabled={resend.isPending}
      onClick={() => resend.mutate({ payout_id: payout.id })}
    >
      {resend.isPending ? "Sending…" : "Resend"}
    </button>
  );
}
