"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";

/** /e/login: an Employee asks for a fresh sign-in link by email; the answer does not say whether the address is known. */
export function EmployeeLoginPage() {
  const t = useTranslations("employeeApp.login");
  const [email, setEmail] = useState("");
  const request = trpc.employeeApp.requestLink.useMutation();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email });
  }

  return (
    <form className="employee-card" onSubmit={submit}>
      <h1>{t("title")}</h1>
      {request.isSuccess ? (
        <p className="alert alert-success" role="status">
          {t("sent", { email: request.variables.email })}
        </p>
      ) : (
        <>
          <p>{t("lead")}</p>
          {request.error && (
            <div className="alert alert-error" role="alert">
              {request.error.message}
            </div>
          )}
          <div className="field">
            <label htmlFor="employee-login-email">{t("email")}</label>
            <input id="employee-login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="button button-primary button-block button-large" disabled={request.isPending}>
            {request.isPending ? t("sending") : t("send")}
          </button>
        </>
      )}
    </form>
  );
}
