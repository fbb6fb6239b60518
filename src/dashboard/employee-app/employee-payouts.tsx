"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import { ErrorAlert } from "../ui/alert";

type EmployeePayout = RouterOutputs["employeeApp"]["payouts"][number];

/** The employee app's Payouts: each one the Employee was notified of (its Payrun is paid), newest first, to accept. */
export function EmployeePayouts() {
  const t = useTranslations("employeeApp");
  const payouts = trpc.employeeApp.payouts.useQuery(undefined, { retry: false });
  return (
    <section className="employee-card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">{t("payouts")}</h2>
      {payouts.isError ? (
        <ErrorAlert>{t("payoutsFailed", { message: payouts.error.message })}</ErrorAlert>
      ) : !payouts.data ? (
        <p className="muted">{t("loading")}</p>
      ) : payouts.data.length === 0 ? (
        <p className="muted">{t("noPayouts")}</p>
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

function period(p: EmployeePayout, date: (iso: string) => string): string | null {
  if (!p.start_at && !p.end_at) return null;
  return [p.start_at, p.end_at].map((d) => (d ? date(d) : "…")).join(" – ");
}

function EmployeePayoutItem({ payout: p }: { payout: EmployeePayout }) {
  const t = useTranslations("employeeApp");
  const f = useFormat();
  const utils = trpc.useUtils();
  const accept = trpc.employeeApp.acceptPayout.useMutation({
    // Accepted here or elsewhere (a second tab): the list shows which.
    onSettled: () => utils.employeeApp.payouts.invalidate(),
  });
  const worked = period(p, f.date);
  return (
    <li aria-label={p.description}>
      <p className="payout-line">
        <span className="payout-description">{p.description}</span>
        <span className="payout-amount">{f.money(p.amount, p.currency)}</span>
      </p>
      <p className="muted payout-meta">
        {t("from", { integration: p.integration })}
        {p.notified_at && <> · {f.date(p.notified_at)}</>}
        {worked && <> · {t("worked", { period: worked })}</>}
      </p>
      <p className="muted payout-meta">{t("gross", { tax: f.money(p.tax, p.currency) })}</p>
      {p.accepted_at ? (
        <p className="payout-accepted">
          <span className="badge badge-success">{t("accepted")}</span> {t("acceptedOn", { date: f.date(p.accepted_at) })}
        </p>
      ) : (
        <>
          {accept.error && <ErrorAlert>{accept.error.message}</ErrorAlert>}
          <button
            type="button"
            className="button button-primary button-block"
            aria-label={t("acceptName", { description: p.description })}
            disabled={accept.isPending}
            onClick={() => accept.mutate({ payoutId: p.id })}
          >
            {accept.isPending ? t("accepting") : t("accept")}
          </button>
        </>
      )}
    </li>
  );
}
