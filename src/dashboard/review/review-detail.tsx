"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { useFormat } from "../i18n/use-format";
import type { MutationState } from "../trpc";
import { useNoticeMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { FormActions, FormErrorAlert } from "../ui/form";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { ListTable } from "../ui/list-table";
import { EMPTY } from "../ui/table";
import { useDraftDialog, useDraftState } from "../ui/draft-scope";
import { restoreParsed } from "../ui/form-draft";
import { z } from "../zod";

const restoreReason = restoreParsed(z.string());

/**
 * The layout an operator's review pages share (an Employee's identity, an Integration's registration):
 * the decision bar, the collected facts, the audit trail and the reject-with-a-reason dialog.
 */

/** The reject dialog's draft on each review page (one page per object, so the page names the object). */
const REJECT_DRAFT = { employeeReview: "employeeReview.reject", "review.registrations": "registrationReview.reject" } as const;

/**
 * Which decision dialog is open and the notice the last decision left; the reject dialog opens again when its
 * draft (a reason typed when the session ended) waits on this page.
 */
export function useDecisionState(namespace: RejectDialogProps["namespace"]) {
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  useDraftDialog(REJECT_DRAFT[namespace], () => setDialog("reject"));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return { dialog, setDialog, close: () => setDialog(null), notice, setNotice };
}

/**
 * A decision's mutation options: the notice on success, then the refresh; a refusal (another reviewer
 * may have decided first) refreshes too, so that the page shows the object as it is now.
 */
export const useDecisionMutation = useNoticeMutation;

interface DecisionBarProps {
  labels: { approve: string; reject: string };
  /** Whether Reject is offered (an object already rejected may still be approved). */
  canReject: boolean;
  onDecide: (dialog: "approve" | "reject") => void;
}

/** Reject (quiet, first) and Approve, for the page header. */
export function DecisionBar({ labels, canReject, onDecide }: DecisionBarProps) {
  return (
    <>
      {canReject && (
        <button type="button" className="button button-danger-quiet" onClick={() => onDecide("reject")}>
          {labels.reject}
        </button>
      )}
      <button type="button" className="button button-primary" onClick={() => onDecide("approve")}>
        {labels.approve}
      </button>
    </>
  );
}

/** The notice of the last decision, dismissable. */
export function DecisionNotice({ state }: { state: ReturnType<typeof useDecisionState> }) {
  return <Notice notice={state.notice} onDismiss={() => state.setNotice(null)} />;
}

/** A titled section whose card holds a table; focusable, since on a phone the table scrolls sideways inside it. */
export function FactsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="card" tabIndex={0} role="group" aria-labelledby={id}>
        {children}
      </div>
    </section>
  );
}

/** Label and value rows, the labels as row headers. */
export function FactsTable({ rows }: { rows: [string, ReactNode][] }) {
  return (
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
  );
}

interface TrailDecision {
  created_at: string;
  reviewer_email: string;
}

interface AuditTrailProps<D extends TrailDecision> {
  id: string;
  title: string;
  empty: string;
  /** When, reviewer, decision, reason. */
  columns: [string, string, string, string];
  decisions: readonly D[];
  decision: (d: D) => ReactNode;
  reason: (d: D) => ReactNode;
}

/** Every decision taken on the object, oldest first: when, by whom, what and why. */
export function AuditTrail<D extends TrailDecision>({ id, title, empty, columns, decisions, decision, reason }: AuditTrailProps<D>) {
  const f = useFormat();
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="card">
        {decisions.length === 0 ? (
          <p className="card-message">{empty}</p>
        ) : (
          <ListTable columns={columns} rows={decisions.map((d, n) => ({ d, key: `${d.created_at}-${n}` }))}>
            {({ d, key }) => (
              <tr key={key}>
                <td className="nowrap">{f.dateTime(d.created_at)}</td>
                <td>{d.reviewer_email}</td>
                <td>{decision(d)}</td>
                <td>{reason(d) ?? EMPTY}</td>
              </tr>
            )}
          </ListTable>
        )}
      </div>
    </section>
  );
}

interface RejectDialogProps {
  title: string;
  /** The catalogue namespace's own words: reason, reasonHint, reject, rejecting. */
  namespace: "employeeReview" | "review.registrations";
  mutation: MutationState;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Reject with a reason, which the server requires and the submitter is told. */
export function RejectDialog({ title, namespace, mutation, onReject, onClose }: RejectDialogProps) {
  return (
    <Modal draft={REJECT_DRAFT[namespace]} title={title} onClose={onClose}>
      <RejectForm namespace={namespace} mutation={mutation} onReject={onReject} onClose={onClose} />
    </Modal>
  );
}

/** The reason's form inside the dialog, so that the reason is the draft's (it lives within `<Modal draft>`). */
function RejectForm({ namespace, mutation, onReject, onClose }: Omit<RejectDialogProps, "title">) {
  const t = useTranslations(namespace);
  const [reason, setReason] = useDraftState("reason", "", restoreReason);
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onReject(reason);
      }}
    >
      <FormErrorAlert error={mutation.error} fields={["reason"]} />
      <Field label={t("reason")} required errors={fieldMessages(mutation.error).reason} hint={t("reasonHint")}>
        {(control) => <textarea {...control} rows={4} className="prose-input" value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <FormActions pending={mutation.isPending} submitLabel={t("reject")} pendingLabel={t("rejecting")} onCancel={onClose} danger />
    </form>
  );
}
