"use client";

import Link from "next/link";
import { invoicePath, invoicePdfPath } from "../invoices/invoice-types";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { formatMoney } from "../money";
import { PayoutList } from "../payouts/payout-list";
import { NO_PAYOUT_FILTERS } from "../payouts/payout-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { MetadataValue } from "../ui/metadata-value";
import { Notice, type NoticeValue } from "../ui/notice";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { EMPTY } from "../ui/table";
import { useTranslations } from "use-intl";
import { EditPayrunDialog } from "./explicit-payrun-dialogs";
import { ClosePayrunDialog, DeletePayrunDialog } from "./payrun-dialogs";
import { PayrunStatusBadge } from "./payrun-status-badge";
import { mayDeletePayrun, type Payrun, type PayrunStatus } from "./payrun-types";
import { usePageParam } from "../url-state";

export function PayrunDetailPage({ payrunId }: { payrunId: string }) {
  return <IntegrationScoped what="Payruns">{() => <PayrunDetail payrunId={payrunId} />}</IntegrationScoped>;
}

function PayrunDetail({ payrunId }: { payrunId: string }) {
  const query = trpc.payruns.get.useQuery({ payrun_id: payrunId }, { retry: retryUnlessNotFound });
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <DetailFrame back={{ href: "/payruns", label: "Payruns" }} query={query} notFound={`No Payrun "${payrunId}" in this Integration.`}>
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

const NEXT_STEP: Record<PayrunStatus, (p: Payrun) => string> = {
  open: (p) => `New ${p.currency} Payouts join this Payrun. Close it to finalise it; the next Payout then opens a new one.`,
  invoiced: () => "Finalised and invoiced, awaiting payment. Once it is paid, its Employees are notified and can accept their Payouts.",
  paid: () => "Paid. Its Employees were notified and accept their Payouts in the employee app.",
};

function PayrunSummary({ payrun, onNotice }: { payrun: Payrun; onNotice: (n: NoticeValue) => void }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"close" | "delete" | "edit" | null>(null);
  const t = useTranslations("prepayments.payruns");
  const close = () => setDialog(null);
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="title-with-badge">
            {payrun.name ?? `${payrun.currency} Payrun`} <PayrunStatusBadge status={payrun.latest_status} />
            {payrun.manually_managed && <span className="badge badge-info">{t("explicit")}</span>}
          </h1>
          <p className="page-lead mono">{payrun.id}</p>
          {payrun.description && <p className="page-lead">{payrun.description}</p>}
          {payrun.expected_close_at && <p className="page-lead">{t("closesBy", { date: formatDateTime(payrun.expected_close_at) })}</p>}
        </div>
        <div className="header-actions">
          {payrun.open && (
            <button type="button" className="button" onClick={() => setDialog("edit")}>
              {t("rename")}
            </button>
          )}
          {payrun.open && (
            <button type="button" className="button" onClick={() => setDialog("close")}>
              Close
            </button>
          )}
          {mayDeletePayrun(payrun) && (
            <button type="button" className="button button-danger-quiet" onClick={() => setDialog("delete")}>
              Delete
            </button>
          )}
        </div>
      </div>
      {dialog === "close" && <ClosePayrunDialog payrun={payrun} onClose={close} onDone={() => onNotice({ kind: "success", text: "The Payrun is closed." })} />}
      {dialog === "edit" && <EditPayrunDialog payrun={payrun} onClose={close} onDone={() => undefined} />}
      {dialog === "delete" && <DeletePayrunDialog payrun={payrun} onClose={close} onDone={() => router.push("/payruns")} />}
    </>
  );
}

function PayrunDetails({ payrun }: { payrun: Payrun }) {
  const invoiceId = typeof payrun.invoice === "string" ? payrun.invoice : (payrun.invoice?.id ?? null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : EMPTY);
  return (
    <div className="detail-grid">
      <div className="card card-padded">
        <h2 className="card-title">Details</h2>
        <dl className="details">
          <dt>Price</dt>
          <dd>
            {formatMoney(payrun.price)} {payrun.currency} <span className="muted">(the Payouts&apos; cost, VAT excluded)</span>
          </dd>
          <dt>Payouts</dt>
          <dd>{payrun.payout_count}</dd>
          <dt>Created</dt>
          <dd>{when(payrun.created_at)}</dd>
          <dt>Closed</dt>
          <dd>{when(payrun.closed_at)}</dd>
          <dt>Paid</dt>
          <dd>{when(payrun.paid_at)}</dd>
          <dt>Invoice</dt>
          <dd>
            {invoiceId ? (
              <>
                <Link href={invoicePath(invoiceId)}>OCR {payrun.ocr_number}</Link> · <a href={invoicePdfPath(invoiceId)} download>PDF</a>
              </>
            ) : (
              <span className="muted">Issued when the Payrun is closed</span>
            )}
          </dd>
          <dt>Metadata</dt>
          <dd>
            <MetadataValue metadata={payrun.metadata} />
          </dd>
          <dt>API</dt>
          <dd>
            <a href={`/v2/payruns/${encodeURIComponent(payrun.id)}/`}>View in the API browser</a>
          </dd>
        </dl>
      </div>
      <div className="card card-padded">
        <h2 className="card-title">Status</h2>
        <p className="next-step">{NEXT_STEP[payrun.latest_status](payrun)}</p>
      </div>
    </div>
  );
}

function PayrunPayouts({ payrun, onNotice }: { payrun: Payrun; onNotice: (n: NoticeValue) => void }) {
  const [page, setPage] = usePageParam();
  return (
    <section className="detail-section" aria-labelledby="payrun-payouts-heading">
      <h2 id="payrun-payouts-heading">Payouts</h2>
      <PayoutList
        filters={{ ...NO_PAYOUT_FILTERS, payrun: payrun.id }}
        page={page}
        onPage={setPage}
        empty="This Payrun has no Payouts."
        onNotice={onNotice}
        showPayrun={false}
      />
    </section>
  );
}
