"use client";

import { useTranslations } from "use-intl";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmAction } from "../ui/confirm-dialog";
import type { Refresh } from "../ui/dialog-mutation";
import type { NoticeValue } from "../ui/notice";
import { RejectDialog, useDecisionMutation } from "./review-detail";

export type ReviewDetail = RouterOutputs["registrations"]["review"]["detail"];

interface ReviewDialogProps {
  item: ReviewDetail;
  onClose: () => void;
  onDone: (n: NoticeValue) => void;
}

/** After a decision (or a refusal: another reviewer may have decided first) the queue and the page show it. */
const refreshReview: Refresh = (u) => Promise.all([u.registrations.review.detail.invalidate(), u.registrations.review.queue.invalidate()]);

export function ApproveRegistrationDialog({ item, onClose, onDone }: ReviewDialogProps) {
  const r = item.registration;
  const t = useTranslations("review.registrations");
  const notice = t("approvedNotice", { name: r.friendly_name, id: r.integration_id });
  const approve = trpc.registrations.review.approve.useMutation(useDecisionMutation(refreshReview, notice, onDone, onClose));
  const texts = { title: t("approveTitle", { name: r.friendly_name }), confirm: t("approve"), pending: t("approving") };
  return (
    <ConfirmAction texts={texts} mutation={approve} input={{ pk: item.pk }} onClose={onClose}>
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
    </ConfirmAction>
  );
}

export function RejectRegistrationDialog({ item, onClose, onDone }: ReviewDialogProps) {
  const r = item.registration;
  const t = useTranslations("review.registrations");
  const reject = trpc.registrations.review.reject.useMutation(
    useDecisionMutation(refreshReview, t("rejectedNotice", { name: r.friendly_name }), onDone, onClose),
  );
  return (
    <RejectDialog
      title={t("rejectTitle", { name: r.friendly_name })}
      namespace="review.registrations"
      mutation={reject}
      onReject={(reason) => reject.mutate({ pk: item.pk, reason })}
      onClose={onClose}
    />
  );
}
