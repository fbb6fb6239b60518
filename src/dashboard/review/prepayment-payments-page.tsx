"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { RoleGate } from "../shell/role-gate";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { EMPTY, NameAndIdCell, RowButton, TableHead } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";

type UnpaidInvoice = RouterOutputs["invoices"]["unpaidPrepayments"][number];

/** The review team records prepayment payments (in live, the bank transfer it sees arrive): issued, unpaid prepayment Invoices. */
export function PrepaymentPaymentsPage() {
  const t = useTranslations("invoices.operator");
  return (
    <RoleGate role="operator" otherwise={t("otherwise")}>
      <PrepaymentPayments />
    </RoleGate>
  );
}

function PrepaymentPayments() {
  const t = useTranslations("invoices.operator");
  const unpaid = trpc.invoices.unpaidPrepayments.useQuery();
  const [paying, setPaying] = useState<UnpaidInvoice | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <QueryCard query={unpaid} isEmpty={(rows) => rows.length === 0} empty={t("empty")} scroll>
        {(rows) => <UnpaidInvoicesTable rows={rows} onMarkPaid={setPaying} />}
      </QueryCard>
      {paying && <MarkPaidDialog row={paying} onClose={() => setPaying(null)} onPaid={setNotice} />}
    </section>
  );
}

function UnpaidInvoicesTable({ rows, onMarkPaid }: { rows: UnpaidInvoice[]; onMarkPaid: (row: UnpaidInvoice) => void }) {
  const t = useTranslations("invoices.operator");
  const f = useFormat();
  const columns = (["invoice", "integration", "prepayment", "total", "due", "issued"] as const).map((c) => t(`columns.${c}`));
  return (
    <table className="table">
      <TableHead columns={columns} actions />
      <tbody>
        {rows.map((row) => {
          const { invoice, integration, account, environment } = row;
          return (
            <tr key={row.pk}>
              <NameAndIdCell name={`OCR ${invoice.invoice_number ?? ""}`} id={invoice.id} />
              <td className="stacked-cell">
                <span title={integration.id}>{integration.name}</span>
                <span className="muted">
                  {account} <EnvironmentBadge environment={environment} />
                </span>
              </td>
              <td className="mono">{invoice.prepayment ?? EMPTY}</td>
              <td className="num nowrap">{f.money(invoice.total, invoice.currency)}</td>
              <td className="nowrap">{invoice.due_date ?? EMPTY}</td>
              <td className="nowrap">{invoice.issued_at ? f.date(invoice.issued_at) : EMPTY}</td>
              <td className="actions">
                <RowButton label={t("markPaid")} subject={t("subject", { ocr: invoice.invoice_number ?? invoice.id })} onClick={() => onMarkPaid(row)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function MarkPaidDialog({ row, onClose, onPaid }: { row: UnpaidInvoice; onClose: () => void; onPaid: (n: NoticeValue) => void }) {
  const t = useTranslations("invoices.operator");
  const f = useFormat();
  const { invoice } = row;
  const names = { ocr: invoice.invoice_number ?? invoice.id, prepayment: invoice.prepayment ?? "", integration: row.integration.name };
  // Another operator may have recorded it first: a refusal also shows the list as it is now.
  const markPaid = trpc.invoices.markPaid.useMutation(
    useDialogMutation({
      refresh: (u) => u.invoices.unpaidPrepayments.invalidate(),
      onDone: () => onPaid({ kind: "success", text: t("paid", names) }),
      onClose,
      refreshOnError: true,
    }),
  );
  return (
    <ConfirmDialog
      title={t("dialogTitle")}
      confirmLabel={t("markPaid")}
      pendingLabel={t("pending")}
      mutation={markPaid}
      onConfirm={() => markPaid.mutate({ invoicePk: row.pk })}
      onClose={onClose}
    >
      <p>
        {t.rich("dialogText", {
          ...names,
          account: row.account,
          environment: row.environment,
          amount: f.money(invoice.amount_due, invoice.currency),
          b: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
    </ConfirmDialog>
  );
}
