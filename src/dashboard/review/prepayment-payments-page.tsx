"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { roleGated } from "../shell/role-gate";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import type { NoticeValue } from "../ui/notice";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell, RowButton } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { UnpaidPayments } from "./unpaid-payments";

type UnpaidInvoice = RouterOutputs["invoices"]["unpaidPrepayments"][number];

/** The review team records prepayment payments (in live, the bank transfer it sees arrive): issued, unpaid prepayment Invoices. */
export const PrepaymentPaymentsPage = roleGated("operator", (t) => t("invoices.operator.otherwise"), PrepaymentPayments);

function PrepaymentPayments() {
  const t = useTranslations("invoices.operator");
  return <UnpaidPayments texts={{ title: t("title"), lead: t("lead"), empty: t("empty") }} query={trpc.invoices.unpaidPrepayments.useQuery()} Table={UnpaidInvoicesTable} MarkPaidDialog={MarkPaidDialog} />;
}

function UnpaidInvoicesTable({ rows, onMarkPaid }: { rows: UnpaidInvoice[]; onMarkPaid: (row: UnpaidInvoice) => void }) {
  const t = useTranslations("invoices.operator");
  const f = useFormat();
  const columns = (["invoice", "integration", "prepayment", "total", "due", "issued"] as const).map((c) => t(`columns.${c}`));
  return (
    <ListTable columns={columns} actions rows={rows}>
      {(row) => {
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
      }}
    </ListTable>
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
