"use client";

import { retryAt } from "../errors";
import { useFormat } from "../i18n/use-format";
import type { TrpcError } from "../trpc";
import type { NoticeValue } from "./notice";

interface ActionButtonProps {
  label: string;
  pendingLabel: string;
  /** Names the row's object too ("Resend invitation to Ann"), so that each row's button is told apart. */
  accessibleName: string;
  pending: boolean;
  onClick: () => void;
  small?: boolean;
  primary?: boolean;
}

/** A button that runs one request at once, without a dialog (resend, approve a demo Registration). */
export function ActionButton({ label, pendingLabel, accessibleName, pending, onClick, small, primary }: ActionButtonProps) {
  const className = ["button", small && "button-small", primary && "button-primary"].filter(Boolean).join(" ");
  return (
    <button type="button" className={className} aria-label={accessibleName} disabled={pending} onClick={onClick}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface ResendOptions {
  /** The success notice. */
  done: string;
  /** The refusal of a resend within the server's once-a-day rule, with when the next is allowed. */
  tooSoon: (at: string) => string;
  onResult: (notice: NoticeValue) => void;
  /** What the resend changes (e.g. an Employee's "notified" time). */
  refresh?: () => Promise<unknown>;
}

/** A resend mutation's options: the outcome as a notice; a 429 says when the next resend is allowed. */
export function useResendOptions({ done, tooSoon, onResult, refresh }: ResendOptions) {
  const f = useFormat();
  return {
    onSuccess: async () => {
      onResult({ kind: "success", text: done });
      await refresh?.();
    },
    onError: (error: TrpcError) => {
      const at = retryAt(error);
      onResult({ kind: "error", text: at ? tooSoon(f.dateTime(at.toISOString())) : error.message });
    },
  };
}
