"use client";

import { formatDate } from "../format";
import { formatMoney } from "../money";
import { trpc, type RouterOutputs } from "../trpc";

type EmployeePayout = RouterOutputs["employeeApp"]["payouts"][number];

/** The employee app's Payouts: each one the Employee was notified of (its Payrun is paid), newest first, to accept. */
export function EmployeePayouts() {
  const payouts = trpc.employeeApp.payouts.useQuery(undefined, { retry: false });
  return (
    <section className="employee-card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">Payouts</h2>
      {payouts.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load your Payouts: {payouts.error.message}
        </div>
      ) : !payouts.data ? (
        <p className="muted">Loading…</p>
      ) : payouts.data.length === 0 ? (
        <p className="muted">No Payouts yet. You get an email when one is ready to accept.</p>
      ) : (
        <ol className="employee-messages employee-payouts">
          {payouts.data.map((p) => (
            <EmployeePayoutItem key={p.id} payout={p} />
          ))}
        </ol>
      )}
    </section>
  );
}

function period(p: EmployeePayout): string | null {
  if (!p.start_at && !p.end_at) return null;
  return [p.start_at, p.end_at].map((d) => (d ? formatDate(d) : "…")).join(" – ");
}

function EmployeePayoutItem({ payout: p }: { payout: EmployeePayout }) {
  const utils = trpc.useUtils();
  const accept = trpc.employeeApp.acceptPayout.useMutation({
    // Accepted here or elsewhere (a second tab): the list shows which.
    onSettled: () => utils.employeeApp.payouts.invalidate(),
  });
  const worked = period(p);
  return (
    <li aria-label={p.description}>
      <p className="payout-line">
        <span className="payout-description">{p.description}</span>
        <span className="payout-amount">
          {formatMoney(p.amount)} {p.currency}
        </span>
      </p>
      <p className="muted payout-meta">
        From {p.integration}
        {p.notified_at && <> · {formatDate(p.notified_at)}</>}
        {worked && <> · worked {worked}</>}
      </p>
      <p className="muted payout-meta">
        Gross; {formatMoney(p.tax)} {p.currency} preliminary tax is withheld.
      </p>
      {p.accepted_at ? (
        <p className="payout-accepted">
          <span className="badge badge-success">Accepted</span> Accepted on {formatDate(p.accepted_at)}
        </p>
      ) : (
        <>
          {accept.error && (
            <div className="alert alert-error" role="alert">
              {accept.error.message}
            </div>
          )}
          <button
            type="button"
            className="button button-primary button-block"
            aria-label={`Accept ${p.description}`}
            disabled={accept.isPending}
            onClick={() => accept.mutate({ payoutId: p.id })}
          >
            {accept.isPending ? "Accepting…" : "Accept"}
          </button>
        </>
      )}
    </li>
  );
}
