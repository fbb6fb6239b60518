"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { usePayrunLabel } from "../payruns/payrun-label";
import { PayrunStatusBadge } from "../payruns/payrun-status-badge";
import type { UnpaidPayrun } from "../payruns/payrun-types";
import { roleGated } from "../shell/role-gate";
import { trpc, type RouterInputs } from "../trpc";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell, RowButton } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { PAYMENT_TAGS, UnpaidPayments, type MarkPaid } from "./unpaid-payments";

/** The review team records Payrun payments: unpaid Payruns with Payouts, in every account and environment. */
export const PayrunPaymentsPage = roleGated("operator", (t) => t("payruns.operator.otherwise"), PayrunPayments);

function PayrunPayments() {
  const t = useTranslations("payruns.operator");
  const env = useTranslations("shell.environment");
  const f = useFormat();
  const markPaid: MarkPaid<UnpaidPayrun, RouterInputs["payruns"]["markPaid"]> = {
    procedure: trpc.payruns.markPaid,
    input: (row) => ({ payrunPk: row.pk }),
    refresh: (u) => u.payruns.unpaid.invalidate(),
    describe: (row) => {
      const names = { id: row.payrun.id, count: row.payrun.payout_count };
      const amount = f.money(amountToReceive(row.payrun), row.payrun.currency);
      const where = { account: row.account, integration: row.integration.name, environment: env(row.environment) };
      return { paid: t("paid", names), text: t.rich("dialogText", { ...names, ...where, amount, ...PAYMENT_TAGS }) };
    },
  };
  const texts = { title: t("title"), lead: t("lead"), empty: t("empty"), dialogTitle: t("dialogTitle"), markPaid: t("markPaid"), pending: t("pending") };
  return <UnpaidPayments texts={texts} query={trpc.payruns.unpaid.useQuery()} Table={UnpaidPayrunsTable} markPaid={markPaid} />;
}

// No "created" column: the Payrun's label carries its date, and the table must fit 1280 px in Swedish.
const COLUMNS = ["payrun", "integration", "status", "ocr", "total", "payouts"] as const;

/** The issued Invoice's total (VAT included), or the Payouts' cost while the Payrun is still open. */
function amountToReceive(p: UnpaidPayrun["payrun"]): string {
  return typeof p.invoice === "object" && p.invoice ? p.invoice.total : p.price;
}

function UnpaidPayrunsTable({ rows, onMarkPaid }: { rows: UnpaidPayrun[]; onMarkPaid: (row: UnpaidPayrun) => void }) {
  const t = useTranslations("payruns.operator");
  const f = useFormat();
  const payrunLabel = usePayrunLabel();
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={rows}>
      {(row) => (
        <tr key={row.pk}>
          <NameAndIdCell name={payrunLabel(row.payrun)} id={row.payrun.id} />
          <td className="stacked-cell">
            <span title={row.integration.id}>{row.integration.name}</span>
            <span className="muted">
              {row.account} <EnvironmentBadge environment={row.environment} />
            </span>
          </td>
          <td>
            <PayrunStatusBadge status={row.payrun.latest_status} />
          </td>
          <td className="mono">{row.payrun.ocr_number ?? t("notInvoiced")}</td>
          <td className="num nowrap">{f.money(amountToReceive(row.payrun), row.payrun.currency)}</td>
          <td className="num">{f.count(row.payrun.payout_count)}</td>
          <td className="actions">
            <RowButton label={t("markPaid")} subject={t("subject", { id: row.payrun.id })} onClick={() => onMarkPaid(row)} />
          </td>
        </tr>
      )}
    </ListTable>
  );
}
