"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { ErrorAlert } from "../ui/alert";
import { AuthCard, AuthField, AuthSubmit, useAuthRequest, useThrottleNote } from "./auth-form";

/** better-auth's two-factor error codes that mean the sign-in itself is over (expired, or too many wrong codes). */
const SIGN_IN_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "ACCOUNT_TEMPORARILY_LOCKED"]);

/**
 * The second step of signing in, after a right password of a person with two-factor sign-in: the code of
 * their authenticator app, or one of their backup codes. The server counts wrong codes with wrong passwords.
 */
export function TwoFactorStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: () => void }) {
  const t = useTranslations("account");
  const noteThrottle = useThrottleNote();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [over, setOver] = useState(false);
  const request = useAuthRequest();

  const submit = () =>
    request.run(async () => {
      const throttle = noteThrottle();
      const typed = code.trim();
      const result = backup
        ? await authClient().twoFactor.verifyBackupCode({ code: typed }, throttle.fetchOptions)
        : await authClient().twoFactor.verifyTotp({ code: typed.replace(/\s/g, "") }, throttle.fetchOptions);
      if (result.error) {
        if (result.error.code && SIGN_IN_OVER.has(result.error.code)) {
          setOver(true);
          return request.setError(t("twoFactor.expired"));
        }
        return request.setError(result.error.status === 429 ? throttle.message(result.error, "") : t("twoFactor.wrongCode"));
      }
      onSignedIn();
      return "leaving";
    });

  return (
    <AuthCard title={t("twoFactor.title")} onSubmit={() => void (over ? onStartOver() : submit())} noValidate>
      <p className="login-lead">{backup ? t("twoFactor.backupLead") : t("twoFactor.codeLead")}</p>
      <ErrorAlert>{request.error}</ErrorAlert>
      {over ? (
        <button type="submit" className="button button-primary button-block">
          {t("twoFactor.startOver")}
        </button>
      ) : (
        <>
          {backup ? (
            <AuthField id="login-backup-code" label={t("twoFactor.backupCode")} autoComplete="off" value={code} onChange={setCode} />
          ) : (
            <AuthField id="login-code" label={t("twoFactor.code")} autoComplete="one-time-code" value={code} onChange={setCode} inputMode="numeric" />
          )}
          <AuthSubmit pending={request.pending} label={t("twoFactor.verify")} pendingLabel={t("twoFactor.verifying")} />
          <p className="login-links">
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setBackup(!backup);
                setCode("");
                request.setError(null);
              }}
            >
              {backup ? t("twoFactor.useApp") : t("twoFactor.useBackup")}
            </button>
          </p>
        </>
      )}
    </AuthCard>
  );
}
