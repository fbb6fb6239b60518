"use client";

import Link from "next/link";
import { employeePath } from "../employees/employee-types";
import { formatDate } from "../format";
import { formatMoney } from "../money";
import { payrunPath } from "../payruns/payrun-types";
import type { NoticeValue } from "../ui/notice";
import { RowButton, TableHead } from "../ui/table";
import { PayoutStatusBadge } from "./payout-status-badge";
import { mayDelete, mayResend, payoutEmployee, payrunId, type Payout } from "./payout-types";
import { ResendPayoutButton } from "./resend-payout-button";

interface PayoutsTableProps {
  payouts: Payout[];
  /** Off on a Payrun's own page, where every row is in that Payrun. */
  showPayrun?: boolean;
  onDelete: (p: Payout) => void;
  onNotice: (notice: NoticeValue) => void;
}

export function PayoutsTable({ payouts, showPayrun = true, onDelete, onNotice }: PayoutsTableProps) {
  const columns = ["Employee", "Description", "Amount", "Cost", "Currency", "Status", ...(showPayrun ? ["Payrun"] : []), "Created"];
  return (
    <table className="table table-compact">
      <TableHead columns={columns} actions />
      <tbody>
        {payouts.map((p) => {
          const employee = payoutEmployee(p);
          const subject = `${p.description} to ${employee.name}`;
          return (
            <tr key={p.id}>
              <td>
                <Link className="strong" href={employeePath(employee.id)}>
                  {employee.name}
                </Link>
              </td>
              <td className="stacked-cell">
                <span>{p.description}</span>
                <span className="mono muted truncate" title={p.id}>
                  {p.id}
                </span>
              </td>
              <td className="num">{formatMoney(p.amount)}</td>
              <td className="num">{formatMoney(p.cost)}</td>
              <td>{p.currency}</td>
              <td>
                <PayoutStatusBadge status={p.latest_status} />
              </td>
              {showPayrun && (
                <td>
                  <Link className="mono truncate-link" href={payrunPath(payrunId(p))} aria-label={`Payrun ${payrunId(p)}`} title={payrunId(p)}>
                    {payrunId(p)}
                  </Link>
                </td>
              )}
              <td className="nowrap" title={p.created_at}>
                {formatDate(p.created_at)}
              </td>
              <td className="actions">
                {mayResend(p) && <ResendPayoutButton payout={p} subject={subject} onResult={onNotice} />}
                {mayDelete(p) && <RowButton label="Delete" subject={subject} danger onClick={() => onDelete(p)} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
