"use client";

import { useState } from "react";
import { countryLabel } from "../employees/countries";
import { formatDateTime } from "../format";
import { trpc, type RouterOutputs } from "../trpc";
import { Notice, type NoticeValue } from "../ui/notice";

type PendingVerification = RouterOutputs["employeeVerification"]["pending"][number];

/** The review team's queue: live Employees who opened their invitation and wait for identity checks. */
export function VerificationQueuePage() {
  const me = trpc.session.me.useQuery();
  const isOperator = me.data?.role === "operator";
  const pending = trpc.employeeVerification.pending.useQuery(undefined, { enabled: isOperator });
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  if (me.data && !isOperator) return <p className="page-message">Employee verification is for the Payroute review team.</p>;

  return (
    <section>
      <div className="page-header">
        <div>
          <h1>Employee verification</h1>
          <p className="page-lead">
            Live Employees who claimed their invitation, oldest first. Check their identity and working permits, then verify them.
          </p>
        </div>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="card">
        {pending.isError ? (
          <div className="alert alert-error" role="alert">
            {pending.error.message}
          </div>
        ) : !pending.data ? (
          <p className="card-message">Loading…</p>
        ) : pending.data.length === 0 ? (
          <p className="card-message">Nobody is waiting for verification.</p>
        ) : (
          <div className="table-scroll">
            <VerificationTable rows={pending.data} onNotice={setNotice} />
          </div>
        )}
      </div>
    </section>
  );
}

function VerificationTable({ rows, onNotice }: { rows: PendingVerification[]; onNotice: (n: NoticeValue) => void }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Employee</th>
          <th scope="col">Email</th>
          <th scope="col">Country</th>
          <th scope="col">Integration and account</th>
          <th scope="col">Claimed</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.pk}>
            <td className="stacked-cell">
              <span className="strong">{row.employee.name}</span>
              <span className="mono muted truncate" title={row.employee.id}>
                {row.employee.id}
              </span>
            </td>
            <td>{row.employee.email ?? <span className="muted">—</span>}</td>
            <td title={countryLabel(row.employee.country)}>{row.employee.country}</td>
            <td className="stacked-cell">
              <span title={row.integration.id}>{row.integration.name}</span>
              <span className="muted">{row.account}</span>
            </td>
            <td className="nowrap">{row.employee.claimed_at ? formatDateTime(row.employee.claimed_at) : "—"}</td>
            <td className="actions">
              <VerifyButton row={row} onNotice={onNotice} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function VerifyButton({ row, onNotice }: { row: PendingVerification; onNotice: (n: NoticeValue) => void }) {
  const utils = trpc.useUtils();
  const verify = trpc.employeeVerification.verify.useMutation({
    onSuccess: async () => {
      onNotice({ kind: "success", text: `${row.employee.name} is verified.` });
      await utils.employeeVerification.pending.invalidate();
    },
    onError: async (error) => {
      onNotice({ kind: "error", text: error.message });
      // Another operator may have verified them first: show the queue as it is now.
      await utils.employeeVerification.pending.invalidate();
    },
  });
  return (
    <button
      type="button"
      className="button button-small button-primary"
      aria-label={`Verify ${row.employee.name}`}
      disabled={verify.isPending}
      onClick={() => verify.mutate({ employeePk: row.pk })}
    >
      {verify.isPending ? "Verifying…" : "Verify"}
    </button>
  );
}
