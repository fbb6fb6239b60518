"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import { ErrorAlert, SuccessStatus } from "../ui/alert";
import { ClaimForm } from "./claim-form";

/**
 * The Employee's claim details as the review left them: masked while checked or verified, the reviewer's reason
 * and the form again when rejected, and the bank account change (only soon after a sign-in link, as the server requires).
 */

export type EmployeeDetails = RouterOutputs["employeeApp"]["details"];
type Masked = NonNullable<EmployeeDetails["details"]>;

export function EmployeeDetailsCard({ data }: { data: EmployeeDetails }) {
  const t = useTranslations("employeeApp.details");
  if (data.review === "unclaimed") return null;
  // Claimed before the form existed, or rejected: the form (again).
  if (data.review === "rejected" || (data.details === null && data.review === "pending")) return <CorrectDetails data={data} />;
  if (data.details === null) return null;
  return (
    <section className="employee-card" aria-labelledby="details-heading">
      <h2 id="details-heading">{t("title")}</h2>
      <MaskedDetails details={data.details} />
      <BankChange details={data.details} until={data.bank_change_until} />
    </section>
  );
}

function MaskedDetails({ details }: { details: Masked }) {
  const t = useTranslations("employeeApp.details");
  return (
    <dl className="masked-details">
      <dt>{t("name")}</dt>
      <dd>{details.name}</dd>
      <dt>{t("address")}</dt>
      <dd>{`${details.street}, ${details.postal_code} ${details.city}`}</dd>
      <dt>{t("identityNumber")}</dt>
      <dd>{details.identity_number}</dd>
      <dt>{t("bankAccount")}</dt>
      <dd data-testid="current-bank-account">{`${details.bank_name} ${details.bank_account}`}</dd>
    </dl>
  );
}

/** The reviewer's reason, what to do, and the whole form again with the name and address kept. */
function CorrectDetails({ data }: { data: EmployeeDetails }) {
  const t = useTranslations("employeeApp.details");
  const utils = trpc.useUtils();
  const resubmit = trpc.employeeApp.resubmitDetails.useMutation({
    onSuccess: () => Promise.all([utils.employeeApp.details.invalidate(), utils.employeeApp.home.invalidate()]),
  });
  const d = data.details;
  return (
    <section className="employee-card" aria-labelledby="correct-heading">
      <h2 id="correct-heading">{data.review === "rejected" ? t("rejectedTitle") : t("missingTitle")}</h2>
      {data.review === "rejected" && (
        <>
          <p>{t("rejectedLead")}</p>
          <blockquote className="review-reason" data-testid="rejection-reason">
            {data.rejection_reason ?? t("noReason")}
          </blockquote>
        </>
      )}
      <ClaimForm
        initialName={d?.name ?? ""}
        initial={d ? { name: d.name, street: d.street, postal_code: d.postal_code, city: d.city } : undefined}
        intro={d ? t("correctIntro") : undefined}
        submitLabel={t("resubmit")}
        pending={resubmit.isPending}
        error={resubmit.error}
        onSubmit={(values) => resubmit.mutate(values)}
      />
    </section>
  );
}

/** The current account masked; a new one only until `until` (a fresh sign-in link), then an email tells the Employee. */
function BankChange({ details, until }: { details: Masked; until: string }) {
  const t = useTranslations("employeeApp.details");
  const f = useFormat();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ clearing_number: "", account_number: "" });
  const change = trpc.employeeApp.changeBankAccount.useMutation({
    onSuccess: async () => {
      setOpen(false);
      setValues({ clearing_number: "", account_number: "" });
      await utils.employeeApp.details.invalidate();
    },
  });
  const fresh = Date.now() < new Date(until).getTime();
  const errors = fieldMessages(change.error);
  const general = change.error && !change.error.data?.fieldErrors ? change.error.message : null;

  return (
    <div className="bank-change">
      <h3>{t("bankTitle")}</h3>
      {change.isSuccess && <SuccessStatus>{t("bankChanged", { account: `${details.bank_name} ${details.bank_account}` })}</SuccessStatus>}
      {!fresh && !open ? (
        <p>
          {t("bankNeedsLink")} <Link href="/e/login">{t("getLink")}</Link>
        </p>
      ) : !open ? (
        <>
          <p className="employee-fineprint">{t("bankUntil", { time: f.dateTime(until) })}</p>
          <button type="button" className="button button-block" onClick={() => setOpen(true)}>
            {t("bankChange")}
          </button>
        </>
      ) : (
        <form
          className="claim-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate(values);
          }}
        >
          {general && (
            <ErrorAlert>
              {general} <Link href="/e/login">{t("getLink")}</Link>
            </ErrorAlert>
          )}
          {(["clearing_number", "account_number"] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`bank-${field}`}>{t(field === "clearing_number" ? "newClearing" : "newAccount")}</label>
              <input
                id={`bank-${field}`}
                type="text"
                className="input"
                inputMode="numeric"
                autoComplete="off"
                value={values[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `bank-${field}-error` : undefined}
                onChange={(e) => setValues({ ...values, [field]: e.target.value })}
              />
              {errors[field] && (
                <p className="field-error" id={`bank-${field}-error`} role="alert">
                  {errors[field].join(" ")}
                </p>
              )}
            </div>
          ))}
          <p className="employee-fineprint">{t("bankEmail")}</p>
          <button type="submit" className="button button-primary button-block" disabled={change.isPending}>
            {change.isPending ? t("saving") : t("bankSave")}
          </button>
          <button type="button" className="button button-block" onClick={() => setOpen(false)}>
            {t("cancel")}
          </button>
        </form>
      )}
    </div>
  );
}
