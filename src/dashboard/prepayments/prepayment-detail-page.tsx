"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { InvoiceLink } from "../invoices/invoice-link";
import { PayrunLink } from "../payruns/payrun-link";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { ListTable } from "../ui/list-table";
import { EMPTY } from "../ui/table";
import { DeletePrepaymentDialog, IssueDialog, PayDialog } from "./prepayment-dialogs";
import { PrepaymentStatusBadge } from "./prepayment-status-badge";
import { invoiceIdOf, type Prepayment } from "./prepayment-types";

type Dialog = "issue" | "pay" | "delete" | null;

export const PrepaymentDetailPage = integrationScoped((t) => t("prepayments.title"), PrepaymentDetail);

function PrepaymentDetail({ prepaymentId }: { prepaymentId: string }) {
  const t = useTranslations("prepayments.detail");
  const router = useRouter();
  const query = trpc.prepayments.get.useQuery({ prepayment_id: prepaymentId }, { retry: retryUnlessNotFound });
  const me = trpc.session.me.useQuery();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <DetailFrame
      back={{ href: "/prepayments", label: t("back") }}
      query={query}
      notFound={t("notFound", { id: prepaymentId })}
      locate={{ kind: "prepayment", id: prepaymentId }}
    >
      {(prepayment) => (
        <>
          <PageHeader title={prepayment.description} badge={<PrepaymentStatusBadge status={prepayment.status} />} objectId={prepayment.id}>
            {prepayment.status === "DRAFT" && (
              <>
                <button type="button" className="button" onClick={() => setDialog("delete")}>
                  {t("delete")}
                </button>
                <button type="button" className="button button-primary" onClick={() => setDialog("issue")}>
                  {t("issue")}
                </button>
              </>
            )}
            {me.data?.environment === "demo" && prepayment.status === "INVOICED" && (
              <button type="button" className="button button-primary" onClick={() => setDialog("pay")}>
                {t("simulate")}
              </button>
            )}
          </PageHeader>
          <Notice notice={notice} onDismiss={() => setNotice(null)} />
          <PrepaymentDetails prepayment={prepayment} />
          {dialog === "issue" && <IssueDialog prepayment={prepayment} onClose={close} onDone={() => setNotice({ kind: "success", text: t("issued") })} />}
          {dialog === "pay" && <PayDialog prepayment={prepayment} onClose={close} onDone={() => setNotice({ kind: "success", text: t("paidNotice") })} />}
          {dialog === "delete" && <DeletePrepaymentDialog prepayment={prepayment} onClose={close} onDeleted={() => router.push("/prepayments")} />}
        </>
      )}
    </DetailFrame>
  );
}

function PrepaymentDetails({ prepayment }: { prepayment: Prepayment }) {
  const t = useTranslations("prepayments.detail");
  const f = useFormat();
  const uses = trpc.prepayments.uses.useQuery({ prepayment_id: prepayment.id });
  const money = (v: string) => f.money(v, prepayment.currency);
  return (
    <div className="detail-grid">
      <div className="card card-padded">
        <h2 className="card-title">{t("amounts")}</h2>
        <p className="next-step">{t(`next.${prepayment.status}`)}</p>
        <dl className="details">
          <dt>{t("net")}</dt>
          <dd>{money(prepayment.net_amount)}</dd>
          <dt>{t("available")}</dt>
          <dd>
            <strong>{money(prepayment.available_balance)}</strong>
          </dd>
          <dt>{t("invoice")}</dt>
          <dd>
            <InvoiceLink id={invoiceIdOf(prepayment)} />
          </dd>
          <dt>{t("marking")}</dt>
          <dd>{prepayment.invoice_marking ?? EMPTY}</dd>
          <dt>{t("invoiced")}</dt>
          <dd>{prepayment.invoiced_at ? f.dateTime(prepayment.invoiced_at) : EMPTY}</dd>
          <dt>{t("paid")}</dt>
          <dd>{prepayment.paid_at ? f.dateTime(prepayment.paid_at) : EMPTY}</dd>
        </dl>
      </div>
      <div className="card card-padded">
        <h2 className="card-title">{t("uses")}</h2>
        {uses.data && uses.data.length === 0 && <p className="muted">{t("usesEmpty")}</p>}
        {uses.data && uses.data.length > 0 && (
          <div className="table-scroll">
            <ListTable columns={[t("usePayrun"), t("useAmount"), t("useWhen")]} rows={uses.data}>
              {(u) => (
                <tr key={`${u.payrun}-${u.created_at}`}>
                  <td>
                    <PayrunLink id={u.payrun} />
                  </td>
                  <td className="num">{money(u.amount)}</td>
                  <td className="nowrap">{f.dateTime(u.created_at)}</td>
                </tr>
              )}
            </ListTable>
          </div>
        )}
      </div>
    </div>
  );
}
