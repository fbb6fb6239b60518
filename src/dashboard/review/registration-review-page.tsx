"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
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
  const t = useTranslations("review.registrations");
  return (
    <RoleGate role="operator" otherwise={t("operatorOnly")}>
      <RegistrationReview pk={pk} />
    </RoleGate>
  );
}

function RegistrationReview({ pk }: { pk: string }) {
  const detail = trpc.registrations.review.detail.useQuery({ pk }, { retry: retryUnlessNotFound });
  const t = useTranslations("review.registrations");
  return (
    <DetailFrame back={{ href: "/review/registrations", label: t("title") }} query={detail} notFound={t("notFound")}>
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
  const t = useTranslations("review.registrations");
  const f = useFormat();

  return (
    <>
      <PageHeader
        title={r.friendly_name}
        badge={<ReviewStatusBadge status={item.status} />}
        lead={
          <>
            <span data-testid="review-account">{item.account.name}</span> <EnvironmentBadge environment={item.environment} /> ·{" "}
            {t("submitted", { when: f.dateTime(r.created_at) })}
          </>
        }
      >
        {item.status !== "approved" && (
          <>
            <button type="button" className="button button-danger-quiet" onClick={() => setDialog("reject")}>
              {t("reject")}
            </button>
            <button type="button" className="button button-primary" onClick={() => setDialog("approve")}>
              {t("approve")}
            </button>
          </>
        )}
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {item.status === "rejected" && (
        <p className="alert alert-error">
          <strong>{t("rejected")}</strong> {r.rejection_reason} {t("rejectedHelp")}
        </p>
      )}
      {item.status === "approved" && (
        <p className="alert alert-success">
          {t.rich(item.verified_at ? "approvedAt" : "approvedUndated", {
            when: item.verified_at ? f.dateTime(item.verified_at) : "",
            id: r.integration_id,
            code: (chunks) => <code>{chunks}</code>,
          })}
        </p>
      )}

      <section className="detail-section" aria-labelledby="review-fields">
        <h2 id="review-fields">{t("fieldsAndChecks")}</h2>
        {/* Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too. */}
        <div className="card" tabIndex={0} role="group" aria-labelledby="review-fields">
          <FieldChecksTable item={item} />
        </div>
      </section>

      <section className="detail-section" aria-labelledby="review-decisions">
        <h2 id="review-decisions">{t("auditTrail")}</h2>
        <div className="card">
          {item.decisions.length === 0 ? <p className="card-message">{t("noDecisions")}</p> : <DecisionsTable decisions={item.decisions} />}
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
  const t = useTranslations("review.registrations");
  const fields = useTranslations("registrations.fields");
  return (
    <table className="table">
      <TableHead columns={[t("checkColumns.field"), t("checkColumns.value"), t("checkColumns.check")]} />
      <tbody>
        {REGISTRATION_FIELDS.map(({ field, mono }) => (
          <tr key={field}>
            <th scope="row" className="row-label">
              {fields(field)}
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
            {t("metadata")}
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
  const t = useTranslations("review.registrations");
  if (!check) return <span className="muted">{t("noRule")}</span>;
  if (empty && check.valid) return <span className="muted">{t("notGiven")}</span>;
  if (!check.valid) {
    return (
      <span className="check check-invalid">
        <span aria-hidden="true">✗</span> {t("invalid")}{check.message && `: ${check.message}`}
      </span>
    );
  }
  if (!check.checked) {
    return (
      <span className="check check-unchecked">
        <span aria-hidden="true">?</span> {t("notChecked")}{check.message && `: ${check.message}`}
      </span>
    );
  }
  return (
    <span className="check check-valid">
      <span aria-hidden="true">✓</span> {t("valid")}{check.message && ` (${check.message})`}
    </span>
  );
}

function DecisionsTable({ decisions }: { decisions: Decision[] }) {
  const t = useTranslations("review");
  const f = useFormat();
  return (
    <table className="table">
      <TableHead
        columns={[
          t("registrations.decisionColumns.when"),
          t("registrations.decisionColumns.reviewer"),
          t("registrations.decisionColumns.decision"),
          t("registrations.decisionColumns.reason"),
        ]}
      />
      <tbody>
        {decisions.map((d, n) => (
          <tr key={`${d.created_at}-${n}`}>
            <td className="nowrap">{f.dateTime(d.created_at)}</td>
            <td>{d.reviewer_email}</td>
            <td>{d.decision === "edited" ? <span className="badge badge-info">{t("edited")}</span> : <ReviewStatusBadge status={d.decision} />}</td>
            <td>{d.decision === "edited" && d.reason ? t("editedFields", { fields: d.reason }) : (d.reason ?? EMPTY)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
