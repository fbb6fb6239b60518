"use client";

import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "../format";
import { formatMoney } from "../money";
import { payrunPath } from "../payruns/payrun-types";
import { prepaymentPath } from "../prepayments/prepayment-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { EMPTY } from "../ui/table";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { invoicePdfPath, type Invoice } from "./invoice-types";

export function InvoiceDetailPage({ invoiceId }: { invoiceId: string }) {
  return <IntegrationScoped what="Invoices">{() => <InvoiceDetail invoiceId={invoiceId} />}</IntegrationScoped>;
}

function InvoiceDetail({ invoiceId }: { invoiceId: string }) {
  const query = trpc.invoices.get.useQuery({ invoice_id: invoiceId }, { retry: retryUnlessNotFound });
  const me = trpc.session.me.useQuery();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [paying, setPaying] = useState(false);
  return (
    <DetailFrame back={{ href: "/invoices", label: "Invoices" }} query={query} notFound={`No Invoice "${invoiceId}" in this Integration.`}>
      {(invoice) => (
        <>
          <PageHeader
            title={invoice.invoice_number ? `Invoice ${invoice.invoice_number}` : "Pro-forma Invoice"}
            badge={<InvoiceStatusBadge status={invoice.status} />}
            objectId={invoice.id}
          >
            {invoice.pdf_url && (
              <a className="button" href={invoicePdfPath(invoice.id)} download>
                Download PDF
              </a>
            )}
            {me.data?.environment === "demo" && invoice.status !== "paid" && (invoice.payrun || invoice.prepayment) && (
              <button type="button" className="button button-primary" onClick={() => setPaying(true)}>
                Simulate payment
              </button>
            )}
          </PageHeader>
          <Notice notice={notice} onDismiss={() => setNotice(null)} />
          <InvoiceDetails invoice={invoice} />
          {paying && (
            <SimulatePaymentDialog
              invoice={invoice}
              onClose={() => setPaying(false)}
              onDone={() => setNotice({ kind: "success", text: invoice.prepayment ? "Payment recorded: the amount is available to your Payruns." : "Payment recorded: the Employees are being notified." })}
            />
          )}
        </>
      )}
    </DetailFrame>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const money = (v: string) => `${formatMoney(v)} ${invoice.currency}`;
  return (
    <div className="detail-grid">
      <div className="card card-padded">
        <h2 className="card-title">Amounts</h2>
        <dl className="details">
          <dt>Subtotal</dt>
          <dd>{money(invoice.subtotal)}</dd>
          <dt>VAT</dt>
          <dd>{money(invoice.vat)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{money(invoice.total)}</strong>
          </dd>
          <dt>Paid</dt>
          <dd>{money(invoice.amount_paid)}</dd>
          {invoice.prepaid !== "0.00" && (
            <>
              <dt>Paid from prepayments</dt>
              <dd>{money(invoice.prepaid)}</dd>
            </>
          )}
          <dt>Amount due</dt>
          <dd>{money(invoice.amount_due)}</dd>
          <dt>Due date</dt>
          <dd>{invoice.due_date ?? EMPTY}</dd>
        </dl>
      </div>
      <div className="card card-padded">
        <h2 className="card-title">{invoice.status === "invoice" ? "How to pay" : "Details"}</h2>
        {invoice.status === "invoice" && (
          <p className="next-step">
            Pay {money(invoice.amount_due)} by {invoice.due_date} by bank transfer, quoting the OCR reference <strong className="mono">{invoice.invoice_number}</strong>.{" "}
            {invoice.prepayment ? "The amount becomes available to your Payruns once the payment has arrived." : "The Employees are notified of their Payouts once the payment has arrived."}
          </p>
        )}
        {invoice.status === "proforma" && <p className="next-step">{invoice.prepayment ? "Issued from its prepayment's page." : "Issued when its Payrun is closed."}</p>}
        <dl className="details">
          {invoice.prepayment ? (
            <>
              <dt>Prepayment</dt>
              <dd>
                <Link href={prepaymentPath(invoice.prepayment)}>{invoice.prepayment}</Link>
              </dd>
            </>
          ) : (
            <>
              <dt>Payrun</dt>
              <dd>{invoice.payrun ? <Link href={payrunPath(invoice.payrun)}>{invoice.payrun}</Link> : EMPTY}</dd>
            </>
          )}
          <dt>Bill to</dt>
          <dd>{[invoice.recipient, invoice.address_line_1, invoice.address_line_2, [invoice.zip_code, invoice.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || EMPTY}</dd>
          <dt>Sent to</dt>
          <dd>{invoice.email ?? EMPTY}</dd>
          <dt>Issued</dt>
          <dd>{invoice.issued_at ? formatDateTime(invoice.issued_at) : EMPTY}</dd>
          <dt>Paid at</dt>
          <dd>{invoice.paid_at ? formatDateTime(invoice.paid_at) : EMPTY}</dd>
          <dt>API</dt>
          <dd>
            <a href={`/v2/invoices/${encodeURIComponent(invoice.id)}/`}>View in the API browser</a>
          </dd>
        </dl>
      </div>
    </div>
  );
}

/** Demo only: stands in for the bank transfer (the same procedure as POST /v2/invoices/{id}/pay/), for any billing type. */
function SimulatePaymentDialog({ invoice, onClose, onDone }: { invoice: Invoice; onClose: () => void; onDone: () => void }) {
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
      title="Simulate payment"
      confirmLabel="Record payment"
      pendingLabel="Recording…"
      mutation={pay}
      onConfirm={() => pay.mutate({ invoice_id: invoice.id })}
      onClose={onClose}
    >
      <p>
        Record a payment of{" "}
        <strong>
          {formatMoney(invoice.amount_due)} {invoice.currency}
        </strong>{" "}
        for this Invoice, as if the bank transfer had arrived? No money moves in the demo environment; its Employees are notified of their Payouts.
      </p>
    </ConfirmDialog>
  );
}
