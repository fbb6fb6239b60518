"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";

/** The page the emailed link leads to (better-auth checks the token and sends `?token=` or `?error=`). */
export function ResetPasswordForm() {
  const t = useTranslations("account");
  const params = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token && !params.get("error") ? null : t("resetInvalid"));
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!token) return;
    if (password.length < 10) return setError(t("tooShort"));
    setPending(true);
    setError(null);
    try {
      const result = await authClient().resetPassword({ newPassword: password, token });
      if (result.error) setError(result.error.status === 400 ? t("resetInvalid") : (result.error.message ?? t("unreachable")));
      else setDone(true);
    } catch {
      setError(t("unreachable"));
    }
    setPending(false);
  }

  return (
    <form className="login-card" noValidate onSubmit={(e) => void submit(e)}>
      <p className="login-brand">Payroute</p>
      <h1>{t("resetTitle")}</h1>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {done ? (
        <p className="alert alert-success" role="status">
          {t("resetDone")}
        </p>
      ) : (
        token && (
          <>
            <div className="field">
              <label htmlFor="reset-password">{t("newPassword")}</label>
              <input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                aria-describedby="reset-password-hint"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p className="field-hint" id="reset-password-hint">
                {t("passwordHint")}
              </p>
            </div>
            <button type="submit" className="button button-primary button-block" disabled={pending}>
              {pending ? t("resetSaving") : t("resetSave")}
            </button>
          </>
        )
      )}
      <p className="login-links">
        <Link href="/login">{t("backToSignIn")}</Link>
      </p>
    </form>
  );
}
