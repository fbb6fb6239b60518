"use client";

import { useState } from "react";
import { formatDateTime } from "../format";
import { formatMoney } from "../money";
import { PayrunStatusBadge } from "../payruns/payrun-status-badge";
import type { UnpaidPayrun } from "../payruns/payrun-types";
import { RoleGate } from "../shell/role-gate";
import { trpc } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { NameAndIdCell, RowButton, TableHead } from "../ui/table";
import { EnvironmentBadge } from "./environment-badge";

/** The review team records Payrun payments: unpaid Payruns with Payouts, in every account and environment. */
export function PayrunPaymentsPage() {
  return (
    <RoleGate role="operator" otherwise="Payrun payments are recorded by the Payroute review team.">
      <PayrunPayments />
    </RoleGate>
  );
}

function PayrunPayments() {
  const unpaid = trpc.payruns.unpaid.useQuery();
  const [paying, setPaying] = useState<UnpaidPayrun | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  return (
    <section>
      <PageHeader
        title="Payrun payments"
        lead="Unpaid Payruns that hold Payouts, oldest first, with their Invoices' OCR references. When an Invoice's payment has arrived, mark it paid: the Invoice records the amount, and the Payrun's Employees are notified."
      />

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <QueryCard query={unpaid} isEmpty={(rows) => rows.length === 0} empty="No unpaid Payruns." scroll>
        {(rows) => <UnpaidPayrunsTable rows={rows} onMarkPaid={setPaying} />}
      </QueryCard>

      {paying && <MarkPaidDialog row={paying} onClose={() => setPaying(null)} onPaid={setNotice} />}
    </section>
  );
}

const COLUMNS = ["Payrun", "Integration and account", "Status", "OCR reference", "Invoice total", "Payouts", "Created"];

/** The issued Invoice's total (VAT included), or the Payouts' cost while the Payrun is still open. */
function amountToReceive(p: UnpaidPayrun["payrun"]): string {
  return typeof p.invoice === "object" && p.invoice ? p.invoice.total : p.price;
}

function UnpaidPayrunsTable({ rows, onMarkPaid }: { rows: UnpaidPayrun[]; onMarkPaid: (row: UnpaidPayrun) => void }) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} actions />
      <tbody>
        {rows.map((row) => (
          <tr key={row.pk}>
            <NameAndIdCell name={`${row.payrun.currency} Payrun`} id={row.payrun.id} />
            <td className="stacked-cell">
              <span title={row.integration.id}>{row.integration.name}</span>
              <span className="muted">
                {row.account} <EnvironmentBadge environment={row.environment} />
              </span>
            </td>
            <td>
              <PayrunStatusBadge status={row.payrun.latest_status} />
            </td>
            <td className="mono">{row.payrun.ocr_number ?? "Not invoiced yet"}</td>
            <td className="num nowrap">
              {formatMoney(amountToReceive(row.payrun))} {row.payrun.currency}
            </td>
            <td className="num">{row.payrun.payout_count}</td>
            <td className="nowrap">{formatDateTime(row.payrun.created_at)}</td>
            <td className="actions">
              <RowButton label="Mark paid" subject={`Payrun ${row.payrun.id}`} onClick={() => onMarkPaid(row)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MarkPaidDialog({ row, onClose, onPaid }: { row: UnpaidPayrun; onClose: () => void; onPaid: (n: NoticeValue) => void }) {
  const { payrun } = row;
  const price = `${formatMoney(amountToReceive(payrun))} ${payrun.currency}`;
  // Another operator may have recorded it first: a refusal also shows the list as it is now.
  const markPaid = trpc.payruns.markPaid.useMutation(
    useDialogMutation({
      refresh: (u) => u.payruns.unpaid.invalidate(),
      onDone: () => onPaid({ kind: "success", text: `Payrun ${payrun.id} is paid; its ${payrun.payout_count} Payouts are being notified.` }),
      onClose,
      refreshOnError: true,
    }),
  );
  return (
    <ConfirmDialog
      title="Mark Payrun paid"
      confirmLabel="Mark paid"
      pendingLabel="Marking paid…"
      mutation={markPaid}
      onConfirm={() => markPaid.mutate({ payrunPk: row.pk })}
      onClose={onClose}
    >
      <p>
        Record that <strong>{row.account}</strong> ({row.integration.name}, {row.environment}) paid <strong>{price}</strong> for Payrun{" "}
        <code>{payrun.id}</code>?{" "}
        {payrun.payout_count === 1 ? "The Employee of its Payout is" : `The Employees of its ${payrun.payout_count} Payouts are`} then notified. This
        cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
