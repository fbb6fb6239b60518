"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { AuthCard, AuthSubmit, NewPasswordField, tooShortPassword, useAuthRequest } from "./auth-form";
import { ErrorAlert, SuccessStatus } from "../ui/alert";

/** The page the emailed link leads to (better-auth checks the token and sends `?token=` or `?error=`). */
export function ResetPasswordForm() {
  const t = useTranslations("account");
  const params = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const request = useAuthRequest(token && !params.get("error") ? null : t("resetInvalid"));

  function submit() {
    if (!token) return;
    if (tooShortPassword(password)) return request.setError(t("tooShort"));
    void request.run(async () => {
      const result = await authClient().resetPassword({ newPassword: password, token });
      if (result.error) request.setError(result.error.status === 400 ? t("resetInvalid") : (result.error.message ?? t("unreachable")));
      else setDone(true);
    });
  }

  return (
    <AuthCard title={t("resetTitle")} noValidate onSubmit={submit} link={{ href: "/login", label: t("backToSignIn") }}>
      <ErrorAlert>{request.error}</ErrorAlert>
      {done ? (
        <SuccessStatus>{t("resetDone")}</SuccessStatus>
      ) : (
        token && (
          <>
            <NewPasswordField id="reset-password" label={t("newPassword")} value={password} onChange={setPassword} />
            <AuthSubmit pending={request.pending} label={t("resetSave")} pendingLabel={t("resetSaving")} />
          </>
        )
      )}
    </AuthCard>
  );
}
