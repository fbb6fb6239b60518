"use client";

import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import type { Employee } from "./employee-types";

/** Sends the invitation again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendButton({ employee, onResult, small }: { employee: Employee; onResult: (notice: NoticeValue) => void; small?: boolean }) {
  const utils = trpc.useUtils();
  const resend = trpc.employees.resend.useMutation({
    onSuccess: async () => {
      onResult({ kind: "success", text: `The invitation to ${employee.name} will be sent again in a moment.` });
      await utils.employees.invalidate();
    },
    onError: (error) => onResult({ kind: "error", text: error.message }),
  });
  return (
    <button
      type="button"
      className={small ? "button button-small" : "button"}
      aria-label={`Resend invitation to ${employee.name}`}
      disabled={resend.isPending}
      onClick={() => resend.mutate({ employee_id: employee.id })}
    >
      {resend.isPending ? "Sending…" : small ? "Resend" : "Resend invitation"}
    </button>
  );
}
