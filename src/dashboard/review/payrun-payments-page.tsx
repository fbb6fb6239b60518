"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { PayrunStatusBadge } from "../payruns/payrun-status-badge";
import type { UnpaidPayrun } from "../payruns/payrun-types";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import type { NoticeValue } from "../ui/notice";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell, RowButton } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";
import { UnpaidPayments } from "./unpaid-payments";

/** The review team records Payrun payments: unpaid Payruns with Payouts, in every account and environment. */
export const PayrunPaymentsPage = roleGated("operator", (t) => t("payruns.operator.otherwise"), PayrunPayments);

function PayrunPayments() {
  const t = useTranslations("payruns.operator");
  return <UnpaidPayments texts={{ title: t("title"), lead: t("lead"), empty: t("empty") }} query={trpc.payruns.unpaid.useQuery()} Table={UnpaidPayrunsTable} MarkPaidDialog={MarkPaidDialog} />;
}

const COLUMNS = ["payrun", "integration", "status", "ocr", "total", "payouts", "created"] as const;

/** The issued Invoice's total (VAT included), or the Payouts' cost while the Payrun is still open. */
function amountToReceive(p: UnpaidPayrun["payrun"]): string {
  return typeof p.invoice === "object" && p.invoice ? p.invoice.total : p.price;
}

function UnpaidPayrunsTable({ rows, onMarkPaid }: { rows: UnpaidPayrun[]; onMarkPaid: (row: UnpaidPayrun) => void }) {
  const t = useTranslations("payruns.operator");
  const f = useFormat();
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={rows}>
      {(row) => (
        <tr key={row.pk}>
          <NameAndIdCell name={t("name", { currency: row.payrun.currency })} id={row.payrun.id} />
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
          <td className="num nowrap">
            {f.money(amountToReceive(row.payrun), row.payrun.currency)}
          </td>
          <td className="num">{row.payrun.payout_count}</td>
          <td className="nowrap">{f.dateTime(row.payrun.created_at)}</td>
          <td className="actions">
            <RowButton label={t("markPaid")} subject={t("subject", { id: row.payrun.id })} onClick={() => onMarkPaid(row)} />
          </td>
        </tr>
      )}
    </ListTable>
  );
}

function MarkPaidDialog({ row, onClose, onPaid }: { row: UnpaidPayrun; onClose: () => void; onPaid: (n: NoticeValue) => void }) {
  const t = useTranslations("payruns.operator");
  const env = useTranslations("shell.environment");
  const f = useFormat();
  const { payrun } = row;
  const names = { id: payrun.id, count: payrun.payout_count };
  // Another operator may have recorded it first: a refusal also shows the list as it is now.
  const markPaid = trpc.payruns.markPaid.useMutation(
    useDialogMutation({
      refresh: (u) => u.payruns.unpaid.invalidate(),
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
      onConfirm={() => markPaid.mutate({ payrunPk: row.pk })}
      onClose={onClose}
    >
      <p>
        {t.rich("dialogText", {
          ...names,
          account: row.account,
          integration: row.integration.name,
          environment: env(row.environment),
          amount: f.money(amountToReceive(payrun), payrun.currency),
          b: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
    </ConfirmDialog>
  );
}
