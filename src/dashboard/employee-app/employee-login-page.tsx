"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { AuthCard, AuthField, AuthSubmit } from "../login/auth-form";
import { ErrorAlert, SuccessStatus } from "../ui/alert";
import { trpc } from "../trpc";

/** /e/login: an Employee asks for a fresh sign-in link by email; the answer does not say whether the address is known. */
export function EmployeeLoginPage() {
  const t = useTranslations("employeeApp.login");
  const [email, setEmail] = useState("");
  const request = trpc.employeeApp.requestLink.useMutation();

  return (
    <AuthCard variant="employee" title={t("title")} onSubmit={() => request.mutate({ email })}>
      {request.isSuccess ? (
        <SuccessStatus>{t("sent", { email: request.variables.email })}</SuccessStatus>
      ) : (
        <>
          <p>{t("lead")}</p>
          <ErrorAlert>{request.error?.message}</ErrorAlert>
          <AuthField id="employee-login-email" label={t("email")} type="email" autoComplete="email" value={email} onChange={setEmail} />
          <AuthSubmit large pending={request.isPending} label={t("send")} pendingLabel={t("sending")} />
        </>
      )}
    </AuthCard>
  );
}
