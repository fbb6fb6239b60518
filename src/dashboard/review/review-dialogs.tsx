"use client";

import { useState } from "react";
import { fieldMessages } from "../errors";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
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
function useRefreshReview() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.registrations.review.detail.invalidate(), utils.registrations.review.queue.invalidate()]);
}

export function ApproveRegistrationDialog({ item, onClose, onApproved }: ReviewDialogProps & { onApproved: (n: NoticeValue) => void }) {
  const refresh = useRefreshReview();
  const r = item.registration;
  const approve = trpc.registrations.review.approve.useMutation({
    onSuccess: async () => {
      onApproved({ kind: "success", text: `${r.friendly_name} is approved; the Integration ${r.integration_id} was created.` });
      await refresh();
      onClose();
    },
    onError: () => refresh(),
  });
  return (
    <ConfirmDialog
      title={`Approve ${r.friendly_name}`}
      confirmLabel="Approve"
      pendingLabel="Approving…"
      pending={approve.isPending}
      error={approve.error}
      onConfirm={() => approve.mutate({ pk: item.pk })}
      onClose={onClose}
    >
      <p>
        This creates the Integration <code>{r.integration_id}</code> for <strong>{item.account.name}</strong> in {item.environment}, named{" "}
        {r.friendly_name}.
      </p>
    </ConfirmDialog>
  );
}

export function RejectRegistrationDialog({ item, onClose, onRejected }: ReviewDialogProps & { onRejected: (n: NoticeValue) => void }) {
  const refresh = useRefreshReview();
  const [reason, setReason] = useState("");
  const r = item.registration;
  const reject = trpc.registrations.review.reject.useMutation({
    onSuccess: async () => {
      onRejected({ kind: "success", text: `${r.friendly_name} is rejected; the registrant sees your reason.` });
      await refresh();
      onClose();
    },
    onError: () => refresh(),
  });
  return (
    <Modal title={`Reject ${r.friendly_name}`} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reject.mutate({ pk: item.pk, reason });
        }}
      >
        <FormErrorAlert error={reject.error} fields={["reason"]} />
        <Field label="Reason" required errors={fieldMessages(reject.error).reason} hint="The registrant reads this; say what to correct.">
          {(control) => <textarea {...control} rows={4} className="prose-input" value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <FormActions pending={reject.isPending} submitLabel="Reject" pendingLabel="Rejecting…" onCancel={onClose} danger />
      </form>
    </Modal>
  );
}
