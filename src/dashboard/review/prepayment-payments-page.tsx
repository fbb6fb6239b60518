"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { roleGated } from "../shell/role-gate";
import { trpc, type RouterInputs, type RouterOutputs } from "../trpc";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell, RowButton } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { PAYMENT_TAGS, UnpaidPayments, type MarkPaid } from "./unpaid-payments";

type UnpaidInvoice = RouterOutputs["invoices"]["unpaidPrepayments"][number];

/** The review team records prepayment payments (in live, the bank transfer it sees arrive): issued, unpaid prepayment Invoices. */
export const PrepaymentPaymentsPage = roleGated("operator", (t) => t("invoices.operator.otherwise"), PrepaymentPayments);

function PrepaymentPayments() {
  const t = useTranslations("invoices.operator");
  const f = useFormat();
  const markPaid: MarkPaid<UnpaidInvoice, RouterInputs["invoices"]["markPaid"]> = {
    procedure: trpc.invoices.markPaid,
    input: (row) => ({ invoicePk: row.pk }),
    refresh: (u) => u.invoices.unpaidPrepayments.invalidate(),
    describe: ({ invoice, integration, account, environment }) => {
      const names = { ocr: invoice.invoice_number ?? invoice.id, prepayment: invoice.prepayment ?? "", integration: integration.name };
      const amount = f.money(invoice.amount_due, invoice.currency);
      return { paid: t("paid", names), text: t.rich("dialogText", { ...names, account, environment, amount, ...PAYMENT_TAGS }) };
    },
  };
  const texts = { title: t("title"), lead: t("lead"), empty: t("empty"), dialogTitle: t("dialogTitle"), markPaid: t("markPaid"), pending: t("pending") };
  return <UnpaidPayments texts={texts} query={trpc.invoices.unpaidPrepayments.useQuery()} Table={UnpaidInvoicesTable} markPaid={markPaid} />;
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
            <td className="nowrap">{invoice.due_date ? f.day(invoice.due_date) : EMPTY}</td>
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
