"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { RegistrationValue } from "../registrations/registration-fields";
import { REGISTRATION_FIELDS } from "../registrations/registration-types";
import { ReviewStatusBadge } from "../registrations/review-status-badge";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { MetadataValue } from "../ui/metadata-value";
import { PageHeader } from "../ui/page-header";
import { TableHead } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { ApproveRegistrationDialog, RejectRegistrationDialog, type ReviewDetail } from "./review-dialogs";
import { AuditTrail, DecisionBar, DecisionNotice, FactsSection, useDecisionState } from "./review-detail";

type FieldCheck = ReviewDetail["checks"][number];

export const RegistrationReviewPage = roleGated("operator", (t) => t("review.registrations.operatorOnly"), RegistrationReview);

function RegistrationReview({ pk }: { pk: string }) {
  const detail = trpc.registrations.review.detail.useQuery({ pk }, { retry: retryUnlessNotFound });
  const t = useTranslations("review.registrations");
  return (
    <DetailFrame back={{ href: "/review/registrations", label: t("title") }} query={detail} notFound={t("notFound")}>
      {(item) => <ReviewSummary item={item} />}
    </DetailFrame>
  );
}

function ReviewSummary({ item }: { item: ReviewDetail }) {
  const state = useDecisionState("review.registrations");
  const r = item.registration;
  const t = useTranslations("review.registrations");
  const review = useTranslations("review");
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
        {item.status !== "approved" && <DecisionBar labels={{ approve: t("approve"), reject: t("reject") }} canReject onDecide={state.setDialog} />}
      </PageHeader>

      <DecisionNotice state={state} />

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

      <FactsSection id="review-fields" title={t("fieldsAndChecks")}>
        <FieldChecksTable item={item} />
      </FactsSection>

      <AuditTrail
        id="review-decisions"
        title={t("auditTrail")}
        empty={t("noDecisions")}
        columns={[t("decisionColumns.when"), t("decisionColumns.reviewer"), t("decisionColumns.decision"), t("decisionColumns.reason")]}
        decisions={item.decisions}
        decision={(d) => (d.decision === "edited" ? <span className="badge badge-info">{review("edited")}</span> : <ReviewStatusBadge status={d.decision} />)}
        reason={(d) => (d.decision === "edited" && d.reason ? review("editedFields", { fields: d.reason }) : d.reason)}
      />

      {state.dialog === "approve" && <ApproveRegistrationDialog item={item} onClose={state.close} onDone={state.setNotice} />}
      {state.dialog === "reject" && <RejectRegistrationDialog item={item} onClose={state.close} onDone={state.setNotice} />}
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
        <span aria-hidden="true">✗</span> {t("invalid")}
        {check.message && `: ${check.message}`}
      </span>
    );
  }
  if (!check.checked) {
    return (
      <span className="check check-unchecked">
        <span aria-hidden="true">?</span> {t("notChecked")}
        {check.message && `: ${check.message}`}
      </span>
    );
  }
  return (
    <span className="check check-valid">
      <span aria-hidden="true">✓</span> {t("valid")}
      {check.message && ` (${check.message})`}
    </span>
  );
}
