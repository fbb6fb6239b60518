"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { useFormat } from "../i18n/use-format";
import { RoleGate } from "../shell/role-gate";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { useDialogMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { FormActions, FormErrorAlert } from "../ui/form";
import { MetadataValue } from "../ui/metadata-value";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { EMPTY, TableHead } from "../ui/table";

type Review = RouterOutputs["employeeVerification"]["detail"];

const STATUS_BADGE: Record<Review["status"], string> = {
  unclaimed: "badge",
  pending: "badge badge-warning",
  rejected: "badge badge-danger",
  verified: "badge badge-success",
};

/** One Employee under review: what was collected at claim, approve (after a confirmation) or reject with a reason, the audit trail. */
export function EmployeeReviewPage({ pk }: { pk: string }) {
  const t = useTranslations("employeeReview");
  return (
    <RoleGate role="operator" otherwise={t("operatorsOnly")}>
      <EmployeeReview pk={pk} />
    </RoleGate>
  );
}

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
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const e = item.employee;
  const close = () => setDialog(null);
  const decidable = item.status === "pending" || item.status === "rejected";
  const rows: [string, ReactNode][] = [
    [t("employee"), `${e.name} (${e.id})`],
    [t("email"), e.email ?? EMPTY],
    [t("phone"), e.cellphone_number ?? EMPTY],
    [t("country"), f.country(e.country)],
    [t("integration"), `${item.integration.name} (${item.integration.id}) · ${item.account}`],
    [t("invited"), f.dateTime(e.created_at)],
    [t("notified"), item.notified_at ? f.dateTime(item.notified_at) : EMPTY],
    [t("claimed"), item.claimed_at ? f.dateTime(item.claimed_at) : EMPTY],
    [t("metadata"), <MetadataValue key="metadata" metadata={item.metadata} />],
  ];
  return (
    <>
      <PageHeader title={e.name} objectId={e.id} badge={<span className={STATUS_BADGE[item.status]}>{t(`status.${item.status}`)}</span>}>
        {decidable && (
          <>
            {item.status === "pending" && (
              <button type="button" className="button button-danger-quiet" onClick={() => setDialog("reject")}>
                {t("reject")}
              </button>
            )}
            <button type="button" className="button button-primary" onClick={() => setDialog("approve")}>
              {t("approve")}
            </button>
          </>
        )}
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {item.status === "rejected" && item.rejected_at && <p className="alert alert-error">{t("rejectedAlert", { when: f.dateTime(item.rejected_at) })}</p>}

      <section className="detail-section" aria-labelledby="review-collected">
        <h2 id="review-collected">{t("collected")}</h2>
        <div className="card" tabIndex={0} role="group" aria-labelledby="review-collected">
          <table className="table">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="row-label">
                    {label}
                  </th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="detail-section" aria-labelledby="review-trail">
        <h2 id="review-trail">{t("trail")}</h2>
        <div className="card">
          {item.decisions.length === 0 ? (
            <p className="card-message">{t("noDecisions")}</p>
          ) : (
            <table className="table">
              <TableHead columns={[t("when"), t("reviewer"), t("decision"), t("reason")]} />
              <tbody>
                {item.decisions.map((d, n) => (
                  <tr key={`${d.created_at}-${n}`}>
                    <td className="nowrap">{f.dateTime(d.created_at)}</td>
                    <td>{d.reviewer_email}</td>
                    <td>
                      <span className={d.decision === "approved" ? "badge badge-success" : "badge badge-danger"}>{t(`decisions.${d.decision}`)}</span>
                    </td>
                    <td>{d.reason ?? EMPTY}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>

      {dialog === "approve" && <ApproveDialog item={item} onClose={close} onDone={setNotice} />}
      {dialog === "reject" && <RejectDialog item={item} onClose={close} onDone={setNotice} />}
    </>
  );
}

/** After a decision (or a refusal: another reviewer may have decided first) the page and the queue show it. */
const refreshReview = (u: ReturnType<typeof trpc.useUtils>) => Promise.all([u.employeeVerification.detail.invalidate(), u.employeeVerification.pending.invalidate()]);

interface DialogProps {
  item: Review;
  onClose: () => void;
  onDone: (n: NoticeValue) => void;
}

function ApproveDialog({ item, onClose, onDone }: DialogProps) {
  const t = useTranslations("employeeReview");
  const name = item.employee.name;
  const approve = trpc.employeeVerification.verify.useMutation(
    useDialogMutation({ refresh: refreshReview, onDone: () => onDone({ kind: "success", text: t("approvedNotice", { name }) }), onClose, refreshOnError: true }),
  );
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

function RejectDialog({ item, onClose, onDone }: DialogProps) {
  const t = useTranslations("employeeReview");
  const [reason, setReason] = useState("");
  const name = item.employee.name;
  const reject = trpc.employeeVerification.reject.useMutation(
    useDialogMutation({ refresh: refreshReview, onDone: () => onDone({ kind: "success", text: t("rejectedNotice", { name }) }), onClose, refreshOnError: true }),
  );
  return (
    <Modal title={t("rejectTitle", { name })} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reject.mutate({ employeePk: item.pk, reason });
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
