"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { PayrunLink } from "../payruns/payrun-link";
import { PrepaymentLink } from "../prepayments/prepayment-link";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DetailsCard } from "../ui/detail-rows";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { EMPTY } from "../ui/table";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { invoicePdfPath, type Invoice } from "./invoice-types";

export const InvoiceDetailPage = integrationScoped((t) => t("invoices.title"), InvoiceDetail);

function InvoiceDetail({ invoiceId }: { invoiceId: string }) {
  const t = useTranslations("invoices");
  const query = trpc.invoices.get.useQuery({ invoice_id: invoiceId }, { retry: retryUnlessNotFound });
  const me = trpc.session.me.useQuery();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [paying, setPaying] = useState(false);
  return (
    <DetailFrame
      back={{ href: "/invoices", label: t("detail.back") }}
      query={query}
      notFound={t("detail.notFound", { id: invoiceId })}
      locate={{ kind: "invoice", id: invoiceId }}
    >
      {(invoice) => (
        <>
          <PageHeader
            title={invoice.invoice_number ? t("numbered", { number: invoice.invoice_number }) : t("detail.proforma")}
            badge={<InvoiceStatusBadge status={invoice.status} />}
            objectId={invoice.id}
          >
            {invoice.pdf_url && (
              <a className="button" href={invoicePdfPath(invoice.id)} download>
                {t("detail.pdf")}
              </a>
            )}
            {me.data?.environment === "demo" && invoice.status !== "paid" && (invoice.payrun || invoice.prepayment) && (
              <button type="button" className="button button-primary" onClick={() => setPaying(true)}>
                {t("detail.simulate")}
              </button>
            )}
          </PageHeader>
          <Notice notice={notice} onDismiss={() => setNotice(null)} />
          <InvoiceDetails invoice={invoice} />
          {paying && (
            <SimulatePaymentDialog
              invoice={invoice}
              onClose={() => setPaying(false)}
              onDone={() => setNotice({ kind: "success", text: t(invoice.prepayment ? "detail.paidPrepayment" : "detail.paidPayrun") })}
            />
          )}
        </>
      )}
    </DetailFrame>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const t = useTranslations("invoices.detail");
  const f = useFormat();
  const money = (v: string) => f.money(v, invoice.currency);
  return (
    <div className="detail-grid">
      <DetailsCard title={t("amounts")}>
        <dt>{t("subtotal")}</dt>
        <dd>{money(invoice.subtotal)}</dd>
        <dt>{t("vat")}</dt>
        <dd>{money(invoice.vat)}</dd>
        <dt>{t("total")}</dt>
        <dd>
          <strong>{money(invoice.total)}</strong>
        </dd>
        <dt>{t("paid")}</dt>
        <dd>{money(invoice.amount_paid)}</dd>
        {invoice.prepaid !== "0.00" && (
          <>
            <dt>{t("prepaid")}</dt>
            <dd>{money(invoice.prepaid)}</dd>
          </>
        )}
        <dt>{t("amountDue")}</dt>
        <dd>{money(invoice.amount_due)}</dd>
        <dt>{t("dueDate")}</dt>
        <dd>{invoice.due_date ? f.day(invoice.due_date) : EMPTY}</dd>
      </DetailsCard>
      <div className="card card-padded">
        <h2 className="card-title">{t(invoice.status === "invoice" ? "howToPay" : "details")}</h2>
        {invoice.status === "invoice" && (
          <p className="next-step">
            {t.rich("payText", {
              amount: money(invoice.amount_due),
              date: invoice.due_date ? f.day(invoice.due_date) : "",
              ocr: invoice.invoice_number ?? "",
              ocrTag: (chunks) => <strong className="mono">{chunks}</strong>,
            })}{" "}
            {t(invoice.prepayment ? "afterPaymentPrepayment" : "afterPaymentPayrun")}
          </p>
        )}
        {invoice.status === "proforma" && <p className="next-step">{t(invoice.prepayment ? "issuedFromPrepayment" : "issuedOnClose")}</p>}
        <dl className="details">
          {invoice.prepayment ? (
            <>
              <dt>{t("prepayment")}</dt>
              <dd>
                <PrepaymentLink id={invoice.prepayment} />
              </dd>
            </>
          ) : (
            <>
              <dt>{t("payrun")}</dt>
              <dd>{invoice.payrun ? <PayrunLink id={invoice.payrun} /> : EMPTY}</dd>
            </>
          )}
          <dt>{t("billTo")}</dt>
          <dd>
            {[invoice.recipient, invoice.address_line_1, invoice.address_line_2, [invoice.zip_code, invoice.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ") || EMPTY}
          </dd>
          <dt>{t("sentTo")}</dt>
          <dd>{invoice.email ?? EMPTY}</dd>
          <dt>{t("issued")}</dt>
          <dd>{invoice.issued_at ? f.dateTime(invoice.issued_at) : EMPTY}</dd>
          <dt>{t("paidAt")}</dt>
          <dd>{invoice.paid_at ? f.dateTime(invoice.paid_at) : EMPTY}</dd>
          <dt>{t("api")}</dt>
          <dd>
            <a href={`/v2/invoices/${encodeURIComponent(invoice.id)}/`}>{t("apiLink")}</a>
          </dd>
        </dl>
      </div>
    </div>
  );
}

/** Demo only: stands in for the bank transfer (the same procedure as POST /v2/invoices/{id}/pay/), for any billing type. */
function SimulatePaymentDialog({ invoice, onClose, onDone }: { invoice: Invoice; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("invoices.simulateDialog");
  const f = useFormat();
  const pay = trpc.invoices.pay.useMutation(
    useDialogMutation({
      refresh: (u) => Promise.all([u.invoices.invalidate(), u.payruns.invalidate(), u.payouts.list.invalidate(), u.prepayments.invalidate()]),
      onDone,
      onClose,
      refreshOnError: true,
    }),
  );
  return (
    <ConfirmDialog
      title={t("title")}
      confirmLabel={t("confirm")}
      pendingLabel={t("pending")}
      mutation={pay}
      onConfirm={() => pay.mutate({ invoice_id: invoice.id })}
      onClose={onClose}
    >
      <p>{t.rich("text", { amount: f.money(invoice.amount_due, invoice.currency), b: (chunks) => <strong>{chunks}</strong> })}</p>
    </ConfirmDialog>
  );
}
