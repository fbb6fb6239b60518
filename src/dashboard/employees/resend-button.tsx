"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { ActionButton, useResendOptions } from "../ui/action-button";
import type { NoticeValue } from "../ui/notice";
import type { Employee } from "./employee-types";

/** Sends the invitation again; the server allows one resend per 24 hours and says when the next is allowed. */
export function ResendButton({ employee, onResult, small }: { employee: Employee; onResult: (notice: NoticeValue) => void; small?: boolean }) {
  const t = useTranslations("employees.resend");
  const utils = trpc.useUtils();
  const resend = trpc.employees.resend.useMutation(
    useResendOptions({
      done: t("done", { name: employee.name }),
      tooSoon: (at) => t("tooSoon", { at }),
      onResult,
      refresh: () => utils.employees.invalidate(),
    }),
  );
  return (
    <ActionButton
      label={small ? t("short") : t("button")}
      pendingLabel={t("sending")}
      accessibleName={t("label", { name: employee.name })}
      pending={resend.isPending}
      onClick={() => resend.mutate({ employee_id: employee.id })}
      small={small}
    />
  );
}
