"use client";

import { useTranslations } from "use-intl";
import { retryAt } from "../errors";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import type { Employee } from "./employee-types";

/** Sends the invitation again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendButton({ employee, onResult, small }: { employee: Employee; onResult: (notice: NoticeValue) => void; small?: boolean }) {
  const t = useTranslations("employees.resend");
  const f = useFormat();
  const utils = trpc.useUtils();
  const resend = trpc.employees.resend.useMutation({
    onSuccess: async () => {
      onResult({ kind: "success", text: t("done", { name: employee.name }) });
      await utils.employees.invalidate();
    },
    onError: (error) => {
      const at = retryAt(error);
      onResult({ kind: "error", text: at ? t("tooSoon", { at: f.dateTime(at.toISOString()) }) : error.message });
    },
  });
  return (
    <button
      type="button"
      className={small ? "button button-small" : "button"}
      aria-label={t("label", { name: employee.name })}
      disabled={resend.isPending}
      onClick={() => resend.mutate({ employee_id: employee.id })}
    >
      {resend.isPending ? t("sending") : small ? t("short") : t("button")}
    </button>
  );
}
