"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { formatDateTime } from "../format";
import { RegistrationValue } from "../registrations/registration-fields";
import { REGISTRATION_FIELDS } from "../registrations/registration-types";
import { ReviewStatusBadge } from "../registrations/review-status-badge";
import { RoleGate } from "../shell/role-gate";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { MetadataValue } from "../ui/metadata-value";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { EMPTY, TableHead } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { ApproveRegistrationDialog, RejectRegistrationDialog, type ReviewDetail } from "./review-dialogs";

type FieldCheck = ReviewDetail["checks"][number];
type Decision = ReviewDetail["decisions"][number];

export function RegistrationReviewPage({ pk }: { pk: string }) {
  return (
    <RoleGate role="operator" otherwise="Registration review is for the Payroute review team.">
      <RegistrationReview pk={pk} />
    </RoleGate>
  );
}

function RegistrationReview({ pk }: { pk: string }) {
  const detail = trpc.registrations.review.detail.useQuery({ pk }, { retry: retryUnlessNotFound });
  return (
    <DetailFrame back={{ href: "/review/registrations", label: "Registration review" }} query={detail} notFound="No such Registration.">
      {(item) => <ReviewSummary item={item} />}
    </DetailFrame>
  );
}

type Dialog = "approve" | "reject" | null;

function ReviewSummary({ item }: { item: ReviewDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const r = item.registration;
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={r.friendly_name}
        badge={<ReviewStatusBadge status={item.status} />}
        lead={
          <>
            <span data-testid="review-account">{item.account.name}</span> <EnvironmentBadge environment={item.environment} /> · submitted{" "}
            {formatDateTime(r.created_at)}
          </>
        }
      >
        {item.status !== "approved" && (
          <>
            <button type="button" className="button button-danger-quiet" onClick={() => setDialog("reject")}>
              Reject
            </button>
            <button type="button" className="button button-primary" onClick={() => setDialog("approve")}>
              Approve
            </button>
          </>
        )}
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {item.status === "rejected" && (
        <p className="alert alert-error">
          <strong>Rejected:</strong> {r.rejection_reason} The registrant&apos;s next edit puts it back in the queue.
        </p>
      )}
      {item.status === "approved" && (
        <p className="alert alert-success">
          Approved{item.verified_at && ` ${formatDateTime(item.verified_at)}`}: the Integration <code>{r.integration_id}</code> exists.
        </p>
      )}

      <section className="detail-section" aria-labelledby="review-fields">
        <h2 id="review-fields">Fields and checks</h2>
        {/* Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too. */}
        <div className="card" tabIndex={0} role="group" aria-labelledby="review-fields">
          <FieldChecksTable item={item} />
        </div>
      </section>

      <section className="detail-section" aria-labelledby="review-decisions">
        <h2 id="review-decisions">Audit trail</h2>
        <div className="card">
          {item.decisions.length === 0 ? <p className="card-message">No decisions yet.</p> : <DecisionsTable decisions={item.decisions} />}
        </div>
      </section>

      {dialog === "approve" && <ApproveRegistrationDialog item={item} onClose={close} onApproved={setNotice} />}
      {dialog === "reject" && <RejectRegistrationDialog item={item} onClose={close} onRejected={setNotice} />}
    </>
  );
}

/** Every field, its value and what the current rules say of it (only country, state, numbers, email and phone have rules). */
function FieldChecksTable({ item }: { item: ReviewDetail }) {
  const checks = new Map<string, FieldCheck>(item.checks.map((c) => [c.field, c]));
  return (
    <table className="table">
      <TableHead columns={["Field", "Value", "Check"]} />
      <tbody>
        {REGISTRATION_FIELDS.map(({ field, label, mono }) => (
          <tr key={field}>
            <th scope="row" className="row-label">
              {label}
            </th>
            <td>
              <RegistrationValue registration={item.registration} field={field} mono={mono} />
            </td>
            <td>
              <CheckState check={checks.get(field)} empty={item.registration[field] === null || item.registration[field] === ""} />
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="row-label">
            Metadata
          </th>
          <td>
            <MetadataValue metadata={item.registration.metadata} />
          </td>
          <td>
            <CheckState check={undefined} />
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** An optional field left empty passes its check, but "Valid" would suggest something was verified: "Not given". */
function CheckState({ check, empty = false }: { check: FieldCheck | undefined; empty?: boolean }) {
  if (!check) return <span className="muted">No rule</span>;
  if (empty && check.valid) return <span className="muted">Not given</span>;
  if (!check.valid) {
    return (
      <span className="check check-invalid">
        <span aria-hidden="true">✗</span> Invalid{check.message && `: ${check.message}`}
      </span>
    );
  }
  if (!check.checked) {
    return (
      <span className="check check-unchecked">
        <span aria-hidden="true">?</span> Not checked{check.message && `: ${check.message}`}
      </span>
    );
  }
  return (
    <span className="check check-valid">
      <span aria-hidden="true">✓</span> Valid{check.message && ` (${check.message})`}
    </span>
  );
}

function DecisionsTable({ decisions }: { decisions: Decision[] }) {
  const t = useTranslations("review");
  return (
    <table className="table">
      <TableHead columns={["When", "Reviewer", "Decision", "Reason"]} />
      <tbody>
        {decisions.map((d, n) => (
          <tr key={`${d.created_at}-${n}`}>
            <td className="nowrap">{formatDateTime(d.created_at)}</td>
            <td>{d.reviewer_email}</td>
            <td>{d.decision === "edited" ? <span className="badge badge-info">{t("edited")}</span> : <ReviewStatusBadge status={d.decision} />}</td>
            <td>{d.decision === "edited" && d.reason ? t("editedFields", { fields: d.reason }) : (d.reason ?? EMPTY)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
