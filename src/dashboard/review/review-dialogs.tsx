"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { FormActions, FormErrorAlert } from "../ui/form";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";

export type ReviewDetail = RouterOutputs["registrations"]["review"]["detail"];

interface ReviewDialogProps {
  item: ReviewDetail;
  onClose: () => void;
}

/** After a decision (or a refusal: another reviewer may have decided first) the queue and the page show it. */
const refreshReview = (u: ReturnType<typeof trpc.useUtils>) => Promise.all([u.registrations.review.detail.invalidate(), u.registrations.review.queue.invalidate()]);

export function ApproveRegistrationDialog({ item, onClose, onApproved }: ReviewDialogProps & { onApproved: (n: NoticeValue) => void }) {
  const r = item.registration;
  const t = useTranslations("review.registrations");
  const approve = trpc.registrations.review.approve.useMutation(
    useDialogMutation({
      refresh: refreshReview,
      onDone: () => onApproved({ kind: "success", text: t("approvedNotice", { name: r.friendly_name, id: r.integration_id }) }),
      onClose,
      refreshOnError: true,
    }),
  );
  return (
    <ConfirmDialog
      title={t("approveTitle", { name: r.friendly_name })}
      confirmLabel={t("approve")}
      pendingLabel={t("approving")}
      mutation={approve}
      onConfirm={() => approve.mutate({ pk: item.pk })}
      onClose={onClose}
    >
      <p>
        {t.rich("approveBody", {
          id: r.integration_id,
          account: item.account.name,
          environment: item.environment,
          name: r.friendly_name,
          code: (chunks) => <code>{chunks}</code>,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    </ConfirmDialog>
  );
}

export function RejectRegistrationDialog({ item, onClose, onRejected }: ReviewDialogProps & { onRejected: (n: NoticeValue) => void }) {
  const [reason, setReason] = useState("");
  const r = item.registration;
  const t = useTranslations("review.registrations");
  const reject = trpc.registrations.review.reject.useMutation(
    useDialogMutation({
      refresh: refreshReview,
      onDone: () => onRejected({ kind: "success", text: t("rejectedNotice", { name: r.friendly_name }) }),
      onClose,
      refreshOnError: true,
    }),
  );
  return (
    <Modal title={t("rejectTitle", { name: r.friendly_name })} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reject.mutate({ pk: item.pk, reason });
        }}
      >
        <FormErrorAlert error={reject.error} fields={["reason"]} />
        <Field label={t("reason")} required errors={fieldMessages(reject.error).reason} hint={t("reasonHint")}>
          {(control) => <textarea {...control} rows={4} className="prose-input" value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <FormActions pending={reject.isPending} submitLabel={t("reject")} pendingLabel={t("rejecting")} onCancel={onClose} danger />
      </form>
    </Modal>
  );
}
