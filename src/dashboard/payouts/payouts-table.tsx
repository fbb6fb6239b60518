"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { employeePath } from "../employees/employee-types";
import { useFormat } from "../i18n/use-format";
import { payrunPath } from "../payruns/payrun-types";
import type { NoticeValue } from "../ui/notice";
import { RowButton, TableHead } from "../ui/table";
import { PayoutStatusBadge } from "./payout-status-badge";
import { mayDelete, mayResend, payoutEmployee, payoutPath, payrunId, type Payout } from "./payout-types";
import { ResendPayoutButton } from "./resend-payout-button";

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
  const f = useFormat();
  const columns = [
    ...(showEmployee ? [t("columns.employee")] : []),
    t("columns.description"),
    t("columns.amount"),
    t("columns.cost"),
    t("columns.currency"),
    t("columns.status"),
    ...(showPayrun ? [t("columns.payrun")] : []),
    t("columns.created"),
  ];
  return (
    <table className="table table-compact">
      <TableHead columns={columns} actions />
      <tbody>
        {payouts.map((p) => {
          const employee = payoutEmployee(p);
          const subject = t("subject", { description: p.description, employee: employee.name });
          return (
            <tr key={p.id}>
              {showEmployee && (
                <td>
                  <Link className="strong" href={employeePath(employee.id)}>
                    {employee.name}
                  </Link>
                </td>
              )}
              <td className="stacked-cell">
                <Link href={payoutPath(p.id)}>{p.description}</Link>
                <span className="mono muted truncate" title={p.id}>
                  {p.id}
                </span>
              </td>
              <td className="num">{f.money(p.amount)}</td>
              <td className="num">{f.money(p.cost)}</td>
              <td>{p.currency}</td>
              <td>
                <PayoutStatusBadge status={p.latest_status} />
              </td>
              {showPayrun && (
                <td>
                  <Link className="mono truncate-link" href={payrunPath(payrunId(p))} aria-label={t("payrunLink", { id: payrunId(p) })} title={payrunId(p)}>
                    {payrunId(p)}
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
        })}
      </tbody>
    </table>
  );
}
