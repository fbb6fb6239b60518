"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { employeePath } from "../employees/employee-types";
import { useFormat } from "../i18n/use-format";
import { usePayrunLabel } from "../payruns/payrun-label";
import { payrunPath } from "../payruns/payrun-types";
import { ListTable } from "../ui/list-table";
import type { NoticeValue } from "../ui/notice";
import { IdLine, RowButton } from "../ui/table";
import { PayoutStatusBadge } from "./payout-status-badge";
import { mayDelete, mayResend, payoutEmployee, payoutPath, payrunId, type Payout } from "./payout-types";
import { ResendPayoutButton } from "./resend-payout-button";
import { useScopedPath } from "../shell/use-scoped-path";

interface PayoutsTableProps {
  payouts: Payout[];
  /** Off on a Payrun's own page, where every row is in that Payrun. */
  showPayrun?: boolean;
  /** Off on an Employee's own page, where every row is theirs. */
  showEmployee?: boolean;
  onDelete: (p: Payout) => void;
  onNotice: (notice: NoticeValue) => void;
}

export function PayoutsTable({ payouts, showPayrun = true, showEmployee = true, onDelete, onNotice }: PayoutsTableProps) {
  const t = useTranslations("payouts");
  const scoped = useScopedPath();
  const f = useFormat();
  const payrunLabel = usePayrunLabel();
  const columns = [
    ...(showEmployee ? [t("columns.employee")] : []),
    t("columns.description"),
    t("columns.amount"),
    t("columns.cost"),
    t("columns.status"),
    ...(showPayrun ? [t("columns.payrun")] : []),
    t("columns.created"),
  ];
  return (
    <ListTable className="table-compact" columns={columns} actions rows={payouts}>
      {(p) => {
        const employee = payoutEmployee(p);
        const subject = t("subject", { description: p.description, employee: employee.name });
        return (
          <tr key={p.id}>
            {showEmployee && (
              <td>
                <Link className="strong" href={scoped(employeePath(employee.id))}>
                  {employee.name}
                </Link>
              </td>
            )}
            <td className="stacked-cell">
              <Link href={scoped(payoutPath(p.id))}>{p.description}</Link>
              <IdLine id={p.id} />
            </td>
            <td className="num">{f.money(p.amount, p.currency)}</td>
            <td className="num">{f.money(p.cost, p.currency)}</td>
            <td>
              <PayoutStatusBadge status={p.latest_status} />
            </td>
            {showPayrun && (
              <td>
                <Link href={scoped(payrunPath(payrunId(p)))} title={payrunId(p)}>
                  {typeof p.payrun === "string" ? p.payrun : payrunLabel(p.payrun)}
                </Link>
              </td>
            )}
            <td className="nowrap" title={p.created_at}>
              {f.date(p.created_at)}
            </td>
            <td className="actions">
              {mayResend(p) && <ResendPayoutButton payout={p} subject={subject} onResult={onNotice} />}
              {mayDelete(p) && <RowButton label={t("deleteRow")} subject={subject} danger onClick={() => onDelete(p)} />}
            </td>
          </tr>
        );
      }}
    </ListTable>
  );
}
