"use client";

import Link from "next/link";
import { invoicePath, invoicePdfPath } from "../invoices/invoice-types";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useFormat } from "../i18n/use-format";
import { PayoutList } from "../payouts/payout-list";
import { NO_PAYOUT_FILTERS } from "../payouts/payout-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { DetailsCard, MetadataAndApiRows } from "../ui/detail-rows";
import { Notice, type NoticeValue } from "../ui/notice";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { EMPTY } from "../ui/table";
import { useTranslations } from "use-intl";
import { EDIT_PAYRUN_DRAFT, EditPayrunDialog } from "./explicit-payrun-dialogs";
import { useObjectDraftDialog } from "../ui/draft-scope";
import { ClosePayrunDialog, DeletePayrunDialog } from "./payrun-dialogs";
import { usePayrunLabel } from "./payrun-label";
import { PayrunStatusBadge } from "./payrun-status-badge";
import { PayrunTestHelpers } from "../test-helpers/test-helper-buttons";
import { mayDeletePayrun, type Payrun } from "./payrun-types";
import { usePageParam } from "../url-state";
import { useScopedPath } from "../shell/use-scoped-path";

export const PayrunDetailPage = integrationScoped((t) => t("payruns.title"), PayrunDetail);

function PayrunDetail({ payrunId }: { payrunId: string }) {
  const t = useTranslations("payruns.detail");
  const query = trpc.payruns.get.useQuery({ payrun_id: payrunId }, { retry: retryUnlessNotFound });
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <DetailFrame
      back={{ href: "/payruns", label: t("back") }}
      query={query}
      notFound={t("notFound", { id: payrunId })}
      locate={{ kind: "payrun", id: payrunId }}
    >
      {(payrun) => (
        <>
          <PayrunSummary payrun={payrun} onNotice={setNotice} />
          <Notice notice={notice} onDismiss={() => setNotice(null)} />
          <PayrunDetails payrun={payrun} />
          <PayrunPayouts payrun={payrun} onNotice={setNotice} />
        </>
      )}
    </DetailFrame>
  );
}

function PayrunSummary({ payrun, onNotice }: { payrun: Payrun; onNotice: (n: NoticeValue) => void }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"close" | "delete" | "edit" | null>(null);
  const t = useTranslations("prepayments.payruns");
  const d = useTranslations("payruns");
  const f = useFormat();
  const label = usePayrunLabel()(payrun);
  const close = () => setDialog(null);
  useObjectDraftDialog(EDIT_PAYRUN_DRAFT, payrun.id, () => setDialog("edit"));
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="title-with-badge">
            {label} <PayrunStatusBadge status={payrun.latest_status} />
            {payrun.manually_managed && <span className="badge badge-info">{t("explicit")}</span>}
          </h1>
          <p className="page-lead mono">{payrun.id}</p>
          {payrun.description && <p className="page-lead">{payrun.description}</p>}
          {payrun.expected_close_at && <p className="page-lead">{t("closesBy", { date: f.dateTime(payrun.expected_close_at) })}</p>}
        </div>
        <div className="header-actions">
          <PayrunTestHelpers payrun={payrun} name={label} onResult={onNotice} />
          {payrun.open && (
            <button type="button" className="button" onClick={() => setDialog("edit")}>
              {t("rename")}
            </button>
          )}
          {payrun.open && (
            <button type="button" className="button" onClick={() => setDialog("close")}>
              {d("detail.close")}
            </button>
          )}
          {mayDeletePayrun(payrun) && (
            <button type="button" className="button button-danger-quiet" onClick={() => setDialog("delete")}>
              {d("detail.delete")}
            </button>
          )}
        </div>
      </div>
      {dialog === "close" && <ClosePayrunDialog payrun={payrun} onClose={close} onDone={() => onNotice({ kind: "success", text: d("detail.closed") })} />}
      {dialog === "edit" && <EditPayrunDialog payrun={payrun} onClose={close} onDone={() => undefined} />}
      {dialog === "delete" && <DeletePayrunDialog payrun={payrun} onClose={close} onDone={() => router.push("/payruns")} />}
    </>
  );
}

function PayrunDetails({ payrun }: { payrun: Payrun }) {
  const scoped = useScopedPath();
  const invoiceId = typeof payrun.invoice === "string" ? payrun.invoice : (payrun.invoice?.id ?? null);
  const t = useTranslations("payruns.detail");
  const f = useFormat();
  const when = (iso: string | null) => (iso ? f.dateTime(iso) : EMPTY);
  return (
    <div className="detail-grid">
      <DetailsCard title={t("details")}>
        <dt>{t("price")}</dt>
        <dd>
          {f.money(payrun.price, payrun.currency)} <span className="muted">{t("priceNote")}</span>
        </dd>
        <dt>{t("payouts")}</dt>
        <dd>{f.count(payrun.payout_count)}</dd>
        <dt>{t("created")}</dt>
        <dd>{when(payrun.created_at)}</dd>
        <dt>{t("closedAt")}</dt>
        <dd>{when(payrun.closed_at)}</dd>
        <dt>{t("paid")}</dt>
        <dd>{when(payrun.paid_at)}</dd>
        <dt>{t("invoice")}</dt>
        <dd>
          {invoiceId ? (
            <>
              <Link href={scoped(invoicePath(invoiceId))}>{t("ocr", { ocr: payrun.ocr_number ?? "" })}</Link> ·{" "}
              <a href={invoicePdfPath(invoiceId)} download>
                {t("pdf")}
              </a>
            </>
          ) : (
            <span className="muted">{t("invoiceLater")}</span>
          )}
        </dd>
        <MetadataAndApiRows
          labels={{ metadata: t("metadata"), api: t("api"), link: t("apiLink") }}
          metadata={payrun.metadata}
          apiHref={`/v2/payruns/${encodeURIComponent(payrun.id)}/`}
        />
      </DetailsCard>
      <div className="card card-padded">
        <h2 className="card-title">{t("statusTitle")}</h2>
        <p className="next-step">{t(`next.${payrun.latest_status}`, { currency: payrun.currency })}</p>
      </div>
    </div>
  );
}

function PayrunPayouts({ payrun, onNotice }: { payrun: Payrun; onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("payruns.detail");
  const [page, setPage] = usePageParam();
  return (
    <section className="detail-section" aria-labelledby="payrun-payouts-heading">
      <h2 id="payrun-payouts-heading">{t("payouts")}</h2>
      <PayoutList
        filters={{ ...NO_PAYOUT_FILTERS, payrun: payrun.id }}
        page={page}
        onPage={setPage}
        empty={t("payoutsEmpty")}
        onNotice={onNotice}
        showPayrun={false}
      />
    </section>
  );
}
