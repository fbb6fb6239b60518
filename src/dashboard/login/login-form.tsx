"use client";

import { useSearchParams } from "next/navigation";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { safeNextPath } from "../safe-next";
import { trpc } from "../trpc";
import { useTryAgainMessage } from "./try-again";

export function LoginForm() {
  const t = useTranslations("account");
  const tryAgainMessage = useTryAgainMessage();
  const next = safeNextPath(useSearchParams().get("next"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Someone already signed in has nothing to do here: on to where they were going.
  const me = trpc.session.me.useQuery(undefined, { retry: false });
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) window.location.replace(next);
  }, [signedIn, next]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      let retryAfter: string | null = null;
      const result = await authClient().signIn.email(
        { email, password },
        // Throttled answers (429) say when to try again; better-auth's own limiter only as X-Retry-After.
        { onError: ({ response }) => void (retryAfter = response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After")) },
      );
      if (result.error) {
        setError(result.error.status === 429 ? tryAgainMessage(retryAfter) : (result.error.message ?? t("signInFailed")));
        setPending(false);
        return;
      }
      // A full page load: `next` may be a page of the API server (e.g. /v2/…), not of this app.
      window.location.assign(next);
    } catch {
      setError(t("unreachable"));
      setPending(false);
    }
  }

  return (
    <form className="login-card" onSubmit={(e) => void submit(e)}>
      <p className="login-brand">Payroute</p>
      <h1>{t("signInTitle")}</h1>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="login-email">{t("email")}</label>
        <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t("password")}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? t("signingIn") : t("signIn")}
      </button>
      <p className="login-links">
        <Link href="/forgot-password">{t("forgotLink")}</Link>
      </p>
    </form>
  );
}
