"use client";

import { useState } from "react";
import { countryLabel } from "../employees/countries";
import { formatDateTime } from "../format";
import { trpc, type RouterOutputs } from "../trpc";
import { RoleGate } from "../shell/role-gate";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { EMPTY, NameAndIdCell, TableHead } from "../ui/table";

type PendingVerification = RouterOutputs["employeeVerification"]["pending"][number];

/** The review team's queue: live Employees who opened their invitation and wait for identity checks. */
export function VerificationQueuePage() {
  return (
    <RoleGate role="operator" otherwise="Employee verification is for the Payroute review team.">
      <VerificationQueue />
    </RoleGate>
  );
}

function VerificationQueue() {
  const pending = trpc.employeeVerification.pending.useQuery();
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  return (
    <section>
      <PageHeader
        title="Employee verification"
        lead="Live Employees who claimed their invitation, oldest first. Check their identity and working permits, then verify them."
      />

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <QueryCard query={pending} isEmpty={(rows) => rows.length === 0} empty="Nobody is waiting for verification.">
        {(rows) => (
          <div className="table-scroll">
            <VerificationTable rows={rows} onNotice={setNotice} />
          </div>
        )}
      </QueryCard>
    </section>
  );
}

const COLUMNS = ["Employee", "Email", "Country", "Integration and account", "Claimed"];

function VerificationTable({ rows, onNotice }: { rows: PendingVerification[]; onNotice: (n: NoticeValue) => void }) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} actions />
      <tbody>
        {rows.map((row) => (
          <tr key={row.pk}>
            <NameAndIdCell name={row.employee.name} id={row.employee.id} />
            <td>{row.employee.email ?? EMPTY}</td>
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
