"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { AuthCard, AuthError, AuthField, AuthStatus, AuthSubmit, useAuthRequest } from "./auth-form";

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
    if (password.length < 10) return request.setError(t("tooShort"));
    void request.run(async () => {
      const result = await authClient().resetPassword({ newPassword: password, token });
      if (result.error) request.setError(result.error.status === 400 ? t("resetInvalid") : (result.error.message ?? t("unreachable")));
      else setDone(true);
    });
  }

  return (
    <AuthCard title={t("resetTitle")} noValidate onSubmit={submit} link={{ href: "/login", label: t("backToSignIn") }}>
      <AuthError error={request.error} />
      {done ? (
        <AuthStatus>{t("resetDone")}</AuthStatus>
      ) : (
        token && (
          <>
            <AuthField
              id="reset-password"
              label={t("newPassword")}
              type="password"
              autoComplete="new-password"
              hint={t("passwordHint")}
              value={password}
              onChange={setPassword}
            />
            <AuthSubmit pending={request.pending} label={t("resetSave")} pendingLabel={t("resetSaving")} />
          </>
        )
      )}
    </AuthCard>
  );
}
