"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import { EmployeeDetailsCard } from "./employee-details-card";
import { EmployeePayouts } from "./employee-payouts";
import { ErrorAlert } from "../ui/alert";

type Home = RouterOutputs["employeeApp"]["home"];
/** The employee app's home view: who pays them, their status, and their Messages, newest first. */
export function EmployeeHomePage() {
  const t = useTranslations("employeeApp");
  const home = trpc.employeeApp.home.useQuery(undefined, { retry: false });
  const [signedOut, setSignedOut] = useState(false);

  if (home.isError && home.error.data?.code === "UNAUTHORIZED") return <SignedOut justSignedOut={signedOut} />;
  if (home.isError) {
    return (
      <div className="employee-card">
        <ErrorAlert>{t("loadFailed", { message: home.error.message })}</ErrorAlert>
        <button type="button" className="button" onClick={() => void home.refetch()}>
          {t("tryAgain")}
        </button>
      </div>
    );
  }
  if (!home.data) return <p className="employee-card muted">{t("loading")}</p>;
  return <SignedIn home={home.data} onSignedOut={() => setSignedOut(true)} />;
}

function SignedIn({ home, onSignedOut }: { home: Home; onSignedOut: () => void }) {
  const t = useTranslations("employeeApp");
  const f = useFormat();
  const utils = trpc.useUtils();
  const signOut = trpc.employeeApp.signOut.useMutation({
    onSuccess: async () => {
      onSignedOut();
      await utils.employeeApp.home.reset();
    },
  });
  const details = trpc.employeeApp.details.useQuery(undefined, { retry: false });
  const { employee, integration, messages } = home;
  // A rejected Employee is still "onboarding" in the API; they are told to correct, not that we are checking.
  const status = details.data?.review === "rejected" ? "rejected" : employee.latest_status;

  return (
    <>
      <div className="employee-card payer">
        {integration.logo ? (
          <img className="payer-logo" src={integration.logo} alt={t("logoAlt", { name: integration.name })} />
        ) : (
          <span className="payer-logo payer-logo-empty" aria-hidden="true">
            {integration.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="payer-label">{t("paidBy")}</p>
          <p className="payer-name" data-testid="integration-name">
            {integration.name}
          </p>
        </div>
        {integration.environment === "demo" && <span className="badge badge-demo">{t("demo")}</span>}
      </div>

      <div className="employee-card">
        <h1>{t("hi", { name: employee.name })}</h1>
        <p className="employee-status">
          <span className={status === "rejected" ? "badge badge-danger" : `badge badge-status-${status}`} data-testid="employee-status">
            {t(`status.${status}`)}
          </span>
          <span>{t(`statusExplanation.${status}`)}</span>
        </p>
      </div>

      {details.data && <EmployeeDetailsCard data={details.data} />}

      <EmployeePayouts />

      <section className="employee-card" aria-labelledby="messages-heading">
        <h2 id="messages-heading">{t("messages")}</h2>
        {messages.length === 0 ? (
          <p className="muted">{t("noMessages", { integration: integration.name })}</p>
        ) : (
          <ol className="employee-messages">
            {messages.map((m) => (
              <li key={m.id}>
                <p className="message-content">{m.content}</p>
                <time className="muted" dateTime={m.created_at}>
                  {f.dateTime(m.created_at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>

      {signOut.error && <ErrorAlert>{signOut.error.message}</ErrorAlert>}
      <button type="button" className="button button-block" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? t("signingOut") : t("signOut")}
      </button>
    </>
  );
}

function SignedOut({ justSignedOut }: { justSignedOut: boolean }) {
  const t = useTranslations("employeeApp");
  return (
    <div className="employee-card">
      <h1>{justSignedOut ? t("signedOutTitle") : t("signInTitle")}</h1>
      <p>{t("signInBody")}</p>
      <p className="employee-fineprint">{t("signInFineprint")}</p>
      <Link className="button button-block" href="/e/login">
        {t("askNewLink")}
      </Link>
    </div>
  );
}
