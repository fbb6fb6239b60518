"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { useTryAgainMessage } from "./try-again";

/** "Forgot password": the answer is the same whether the address has a user or not. */
export function ForgotPasswordForm() {
  const t = useTranslations("account");
  const tryAgainMessage = useTryAgainMessage();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      let retryAfter: string | null = null;
      const result = await authClient().requestPasswordReset(
        { email, redirectTo: "/reset-password" },
        { onError: ({ response }) => void (retryAfter = response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After")) },
      );
      if (result.error) setError(result.error.status === 429 ? tryAgainMessage(retryAfter) : (result.error.message ?? t("unreachable")));
      else setSent(email);
    } catch {
      setError(t("unreachable"));
    }
    setPending(false);
  }

  return (
    <form className="login-card" onSubmit={(e) => void submit(e)}>
      <p className="login-brand">Payroute</p>
      <h1>{t("forgotTitle")}</h1>
      {sent ? (
        <p className="alert alert-success" role="status">
          {t("forgotSent", { email: sent })}
        </p>
      ) : (
        <>
          <p>{t("forgotLead")}</p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="field">
            <label htmlFor="forgot-email">{t("email")}</label>
            <input id="forgot-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="button button-primary button-block" disabled={pending}>
            {pending ? t("forgotSending") : t("forgotSend")}
          </button>
        </>
      )}
      <p className="login-links">
        <Link href="/login">{t("backToSignIn")}</Link>
      </p>
    </form>
  );
}
