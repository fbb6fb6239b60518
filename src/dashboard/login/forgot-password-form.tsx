"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { AuthCard, AuthField, AuthSubmit, useAuthRequest, useThrottleNote } from "./auth-form";
import { ErrorAlert, SuccessStatus } from "../ui/alert";

/** "Forgot password": the answer is the same whether the address has a user or not. */
export function ForgotPasswordForm() {
  const t = useTranslations("account");
  const noteThrottle = useThrottleNote();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const request = useAuthRequest();

  const submit = () =>
    request.run(async () => {
      const throttle = noteThrottle();
      const result = await authClient().requestPasswordReset({ email, redirectTo: "/reset-password" }, throttle.fetchOptions);
      if (result.error) request.setError(throttle.message(result.error, t("unreachable")));
      else setSent(email);
    });

  return (
    <AuthCard title={t("forgotTitle")} onSubmit={() => void submit()} link={{ href: "/login", label: t("backToSignIn") }}>
      {sent ? (
        <SuccessStatus>{t("forgotSent", { email: sent })}</SuccessStatus>
      ) : (
        <>
          <p>{t("forgotLead")}</p>
          <ErrorAlert>{request.error}</ErrorAlert>
          <AuthField id="forgot-email" label={t("email")} type="email" autoComplete="username" value={email} onChange={setEmail} />
          <AuthSubmit pending={request.pending} label={t("forgotSend")} pendingLabel={t("forgotSending")} />
        </>
      )}
    </AuthCard>
  );
}
