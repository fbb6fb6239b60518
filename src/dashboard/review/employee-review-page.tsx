"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { roleGated } from "../shell/role-gate";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { MetadataValue } from "../ui/metadata-value";
import type { NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { EMPTY, IdLine } from "../ui/table";
import { ChecksSection, ComparisonSection, SensitiveSection, trailEntries } from "./employee-claim-sections";
import { AuditTrail, DecisionBar, DecisionNotice, FactsSection, FactsTable, RejectDialog, useDecisionMutation, useDecisionState } from "./review-detail";

type Review = RouterOutputs["employeeVerification"]["detail"];

const STATUS_BADGE: Record<Review["status"], string> = {
  unclaimed: "badge",
  pending: "badge badge-warning",
  rejected: "badge badge-danger",
  verified: "badge badge-success",
};

/** One Employee under review: the claim's details beside the employer's, masked numbers to reveal, the automatic checks, approve (after a confirmation) or reject with a reason, the audit trail. */
export const EmployeeReviewPage = roleGated("operator", (t) => t("employeeReview.operatorsOnly"), EmployeeReview);

function EmployeeReview({ pk }: { pk: string }) {
  const t = useTranslations("employeeReview");
  const detail = trpc.employeeVerification.detail.useQuery({ employeePk: pk }, { retry: retryUnlessNotFound });
  return (
    <DetailFrame back={{ href: "/review/employees", label: t("title") }} query={detail} notFound={t("notFound")}>
      {(item) => <ReviewSummary item={item} />}
    </DetailFrame>
  );
}

function ReviewSummary({ item }: { item: Review }) {
  const t = useTranslations("employeeReview");
  const f = useFormat();
  const state = useDecisionState("employeeReview");
  const e = item.employee;
  const decidable = item.status === "pending" || item.status === "rejected";
  const rows: [string, ReactNode][] = [
    [t("country"), f.country(e.country)],
    [
      t("integration"),
      // The name for the reviewer; the id beneath, for a developer to copy.
      <div key="integration" className="stacked-cell">
        <span>
          {item.integration.name} · {item.account}
        </span>
        <IdLine id={item.integration.id} />
      </div>,
    ],
    [t("invited"), f.dateTime(e.created_at)],
    [t("notified"), item.notified_at ? f.dateTime(item.notified_at) : EMPTY],
    [t("claimed"), item.claimed_at ? f.dateTime(item.claimed_at) : EMPTY],
    [t("metadata"), <MetadataValue key="metadata" metadata={item.metadata} />],
  ];
  return (
    <>
      <PageHeader title={e.name} objectId={e.id} badge={<span className={STATUS_BADGE[item.status]}>{t(`status.${item.status}`)}</span>}>
        {decidable && <DecisionBar labels={{ approve: t("approve"), reject: t("reject") }} canReject={item.status === "pending"} onDecide={state.setDialog} />}
      </PageHeader>
      <DecisionNotice state={state} />
      {item.status === "rejected" && item.rejected_at && <p className="alert alert-error">{t("rejectedAlert", { when: f.dateTime(item.rejected_at) })}</p>}

      {item.checks && <ChecksSection checks={item.checks} />}
      <ComparisonSection item={item} details={item.details} />
      {item.details && <SensitiveSection item={item} details={item.details} />}

      <FactsSection id="review-collected" title={t("collected")}>
        <FactsTable rows={rows} />
      </FactsSection>

      <AuditTrail
        id="review-trail"
        title={t("trail")}
        empty={t("noDecisions")}
        columns={[t("when"), t("reviewer"), t("decision"), t("reason")]}
        decisions={trailEntries(item)}
        decision={(d) =>
          d.kind === "reveal" ? (
            <span className="badge">{t("revealedField", { field: t(`sensitive.${d.field}`) })}</span>
          ) : (
            <span className={d.decision === "approved" ? "badge badge-success" : "badge badge-danger"}>{t(`decisions.${d.decision}`)}</span>
          )
        }
        reason={(d) => (d.kind === "decision" ? d.reason : null)}
      />

      {state.dialog === "approve" && <ApproveDialog item={item} onClose={state.close} onDone={state.setNotice} />}
      {state.dialog === "reject" && <EmployeeRejectDialog item={item} onClose={state.close} onDone={state.setNotice} />}
    </>
  );
}

/** After a decision (or a refusal: another reviewer may have decided first) the page and the queue show it. */
const refreshReview = (u: ReturnType<typeof trpc.useUtils>) =>
  Promise.all([u.employeeVerification.detail.invalidate(), u.employeeVerification.pending.invalidate()]);

interface DialogProps {
  item: Review;
  onClose: () => void;
  onDone: (n: NoticeValue) => void;
}

function ApproveDialog({ item, onClose, onDone }: DialogProps) {
  const t = useTranslations("employeeReview");
  const name = item.employee.name;
  const approve = trpc.employeeVerification.verify.useMutation(useDecisionMutation(refreshReview, t("approvedNotice", { name }), onDone, onClose));
  return (
    <ConfirmDialog
      title={t("approveTitle", { name })}
      confirmLabel={t("approve")}
      pendingLabel={t("approving")}
      mutation={approve}
      onConfirm={() => approve.mutate({ employeePk: item.pk })}
      onClose={onClose}
    >
      <p>{t("approveBody", { name, integration: item.integration.name, account: item.account })}</p>
    </ConfirmDialog>
  );
}

function EmployeeRejectDialog({ item, onClose, onDone }: DialogProps) {
  const t = useTranslations("employeeReview");
  const name = item.employee.name;
  const reject = trpc.employeeVerification.reject.useMutation(useDecisionMutation(refreshReview, t("rejectedNotice", { name }), onDone, onClose));
  return (
    <RejectDialog
      title={t("rejectTitle", { name })}
      namespace="employeeReview"
      mutation={reject}
      onReject={(reason) => reject.mutate({ employeePk: item.pk, reason })}
      onClose={onClose}
    />
  );
}
