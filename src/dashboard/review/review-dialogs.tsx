"use client";

import { useState } from "react";
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
  const approve = trpc.registrations.review.approve.useMutation(
    useDialogMutation({ refresh: refreshReview, onDone: () => onApproved({ kind: "success", text: `${r.friendly_name} is approved; the Integration ${r.integration_id} was created.` }), onClose, refreshOnError: true }),
  );
  return (
    <ConfirmDialog
      title={`Approve ${r.friendly_name}`}
      confirmLabel="Approve"
      pendingLabel="Approving…"
      mutation={approve}
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
  const [reason, setReason] = useState("");
  const r = item.registration;
  const reject = trpc.registrations.review.reject.useMutation(
    useDialogMutation({ refresh: refreshReview, onDone: () => onRejected({ kind: "success", text: `${r.friendly_name} is rejected; the registrant sees your reason.` }), onClose, refreshOnError: true }),
  );
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
