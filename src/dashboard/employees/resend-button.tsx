"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { ActionButton, useResendOptions } from "../ui/action-button";
import type { NoticeValue } from "../ui/notice";
import { invitationOpen, type Employee } from "./employee-types";

/**
 * Sends the invitation again; the server allows one resend per 24 hours and says when the next is allowed. Not
 * offered once the Employee has claimed the invitation (the server refuses it then too: a page may be stale).
 */
export function ResendButton(props: { employee: Employee; onResult: (notice: NoticeValue) => void; small?: boolean }) {
  return invitationOpen(props.employee) ? <OpenInvitationResend {...props} /> : null;
}

function OpenInvitationResend({ employee, onResult, small }: { employee: Employee; onResult: (notice: NoticeValue) => void; small?: boolean }) {
  const t = useTranslations("employees.resend");
  const utils = trpc.useUtils();
  const resend = trpc.employees.resendInvitation.useMutation(
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
