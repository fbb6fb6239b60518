"use client";

import { useState } from "react";
import { formatDateTime } from "../format";
import { trpc, type RouterOutputs } from "../trpc";
import { EmployeePayouts } from "./employee-payouts";

type Home = RouterOutputs["employeeApp"]["home"];
type Status = Home["employee"]["latest_status"];

const STATUS_TEXT: Record<Status, { label: string; explanation: string }> = {
  created: { label: "Invited", explanation: "Your invitation is on its way." },
  invited: { label: "Invited", explanation: "Your invitation is on its way." },
  onboarding: { label: "Being verified", explanation: "We are checking your details. You will be paid once you are verified." },
  active: { label: "Verified", explanation: "You are all set to be paid." },
};

/** The employee app's home view: who pays them, their status, and their Messages, newest first. */
export function EmployeeHomePage() {
  const home = trpc.employeeApp.home.useQuery(undefined, { retry: false });
  const [signedOut, setSignedOut] = useState(false);

  if (home.isError && home.error.data?.code === "UNAUTHORIZED") return <SignedOut justSignedOut={signedOut} />;
  if (home.isError) {
    return (
      <div className="employee-card">
        <div className="alert alert-error" role="alert">
          Could not load your page: {home.error.message}
        </div>
        <button type="button" className="button" onClick={() => void home.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!home.data) return <p className="employee-card muted">Loading…</p>;
  return <SignedIn home={home.data} onSignedOut={() => setSignedOut(true)} />;
}

function SignedIn({ home, onSignedOut }: { home: Home; onSignedOut: () => void }) {
  const utils = trpc.useUtils();
  const signOut = trpc.employeeApp.signOut.useMutation({
    onSuccess: async () => {
      onSignedOut();
      await utils.employeeApp.home.reset();
    },
  });
  const { employee, integration, messages } = home;
  const status = STATUS_TEXT[employee.latest_status];

  return (
    <>
      <div className="employee-card payer">
        {integration.logo ? (
          <img className="payer-logo" src={integration.logo} alt={`${integration.name} logo`} />
        ) : (
          <span className="payer-logo payer-logo-empty" aria-hidden="true">
            {integration.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="payer-label">Paid by</p>
          <p className="payer-name" data-testid="integration-name">
            {integration.name}
          </p>
        </div>
        {integration.environment === "demo" && <span className="badge badge-demo">Demo</span>}
      </div>

      <div className="employee-card">
        <h1>Hi {employee.name}</h1>
        <p className="employee-status">
          <span className={`badge badge-status-${employee.latest_status}`} data-testid="employee-status">
            {status.label}
          </span>
          <span>{status.explanation}</span>
        </p>
      </div>

      <EmployeePayouts />

      <section className="employee-card" aria-labelledby="messages-heading">
        <h2 id="messages-heading">Messages</h2>
        {messages.length === 0 ? (
          <p className="muted">No messages from {integration.name} yet.</p>
        ) : (
          <ol className="employee-messages">
            {messages.map((m) => (
              <li key={m.id}>
                <p className="message-content">{m.content}</p>
                <time className="muted" dateTime={m.created_at}>
                  {formatDateTime(m.created_at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>

      {signOut.error && (
        <div className="alert alert-error" role="alert">
          {signOut.error.message}
        </div>
      )}
      <button type="button" className="button button-block" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? "Signing out…" : "Sign out"}
      </button>
    </>
  );
}

function SignedOut({ justSignedOut }: { justSignedOut: boolean }) {
  return (
    <div className="employee-card">
      <h1>{justSignedOut ? "You are signed out" : "Sign in with your invitation"}</h1>
      <p>To see your payments and messages, open the link in your invitation email.</p>
      <p className="employee-fineprint">
        Each link works once. If yours was already used or has expired, ask the company that pays you to send a new invitation.
      </p>
    </div>
  );
}
