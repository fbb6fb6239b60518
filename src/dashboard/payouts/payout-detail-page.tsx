"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Fragment, useState } from "react";
import { useTranslations } from "use-intl";
import { employeePath } from "../employees/employee-types";
import { useFormat } from "../i18n/use-format";
import { usePayrunLabel } from "../payruns/payrun-label";
import { payrunPath } from "../payruns/payrun-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { DetailsCard, MetadataAndApiRows } from "../ui/detail-rows";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { DeletePayoutDialog } from "./delete-payout-dialog";
import { PayoutStatusBadge } from "./payout-status-badge";
import { mayDelete, mayResend, payoutEmployee, payrunId, type Payout } from "./payout-types";
import { ResendPayoutButton } from "./resend-payout-button";
import { PayoutTestHelpers } from "../test-helpers/test-helper-buttons";
import { useScopedPath } from "../shell/use-scoped-path";

export const PayoutDetailPage = integrationScoped((t) => t("payouts.title"), PayoutDetail);

function PayoutDetail({ payoutId }: { payoutId: string }) {
  const t = useTranslations("payouts");
  const query = trpc.payouts.get.useQuery({ payout_id: payoutId, expand: ["employee", "payrun"] }, { retry: retryUnlessNotFound });
  return (
    <DetailFrame
      back={{ href: "/payouts", label: t("detail.back") }}
      query={query}
      notFound={t("detail.notFound", { id: payoutId })}
      locate={{ kind: "payout", id: payoutId }}
    >
      {(payout) => <PayoutSummary payout={payout} />}
    </DetailFrame>
  );
}

function PayoutSummary({ payout }: { payout: Payout }) {
  const t = useTranslations("payouts");
  const f = useFormat();
  const router = useRouter();
  const scoped = useScopedPath();
  const payrunLabel = usePayrunLabel();
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const employee = payoutEmployee(payout);
  const subject = t("subject", { description: payout.description, employee: employee.name });
  const day = (iso: string | null) => (iso ? f.date(iso) : null);
  const start = day(payout.start_at);
  const end = day(payout.end_at);
  const history: [string, string | null][] = [
    [t("detail.createdAt"), payout.created_at],
    [t("detail.notifiedAt"), payout.notified_at],
    [t("detail.acceptedAt"), payout.accepted_at],
    [t("detail.canceledAt"), payout.canceled_at],
  ];
  return (
    <>
      <PageHeader title={payout.description} badge={<PayoutStatusBadge status={payout.latest_status} />} objectId={payout.id}>
        {mayResend(payout) && <ResendPayoutButton payout={payout} subject={subject} onResult={setNotice} />}
        <PayoutTestHelpers payout={payout} onResult={setNotice} />
        {mayDelete(payout) && (
          <button type="button" className="button button-danger-quiet" onClick={() => setDeleting(true)}>
            {t("detail.delete")}
          </button>
        )}
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="detail-grid">
        <DetailsCard title={t("detail.details")}>
          <dt>{t("fields.employee")}</dt>
          <dd>
            <Link href={scoped(employeePath(employee.id))}>{employee.name}</Link>
          </dd>
          <dt>{t("fields.amount")}</dt>
          <dd>{f.money(payout.amount, payout.currency)}</dd>
          <dt>{t("fields.invoiced_amount")}</dt>
          <dd>{f.money(payout.invoiced_amount, payout.currency)}</dd>
          <dt>{t("fields.cost")}</dt>
          <dd>{f.money(payout.cost, payout.currency)}</dd>
          <dt>{t("detail.period")}</dt>
          <dd>{start || end ? t("detail.periodRange", { start: start ?? "…", end: end ?? "…" }) : <span className="muted">{t("detail.notGiven")}</span>}</dd>
          <dt>{t("detail.payrun")}</dt>
          <dd>
            <Link href={scoped(payrunPath(payrunId(payout)))} title={payrunId(payout)}>
              {typeof payout.payrun === "string" ? payout.payrun : payrunLabel(payout.payrun)}
            </Link>
          </dd>
          <MetadataAndApiRows
            labels={{ metadata: t("detail.metadata"), api: t("detail.api"), link: t("detail.viewInApi") }}
            metadata={payout.metadata}
            apiHref={`/v2/payouts/${encodeURIComponent(payout.id)}/`}
          />
        </DetailsCard>
        <DetailsCard title={t("detail.timeline")}>
          {history.map(([label, at]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{at ? f.dateTime(at) : <span className="muted">—</span>}</dd>
            </Fragment>
          ))}
        </DetailsCard>
      </div>

      {deleting && <DeletePayoutDialog payout={payout} onClose={() => setDeleting(false)} onDeleted={() => router.push("/payouts")} />}
    </>
  );
}
