"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { trpc } from "../trpc";

/** The token is in the link's fragment (never sent to a server by the browser); read once on the client. */
function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setToken(new URLSearchParams(window.location.hash.slice(1)).get("token"));
  }, []);
  return token;
}

/** A team invitation: the invitee chooses their name and password, joins the account and is signed in. */
export function InvitationForm() {
  const t = useTranslations("account");
  const token = useFragmentToken();
  const preview = trpc.team.preview.useQuery({ token: token ?? "" }, { enabled: Boolean(token), retry: false });
  const accept = trpc.team.accept.useMutation();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!token) return;
    if (password.length < 10) return setError(t("tooShort"));
    setError(null);
    try {
      const { email } = await accept.mutateAsync({ token, name, password });
      const signedIn = await authClient().signIn.email({ email, password });
      if (signedIn.error) return setError(signedIn.error.message ?? t("signInFailed"));
      window.location.assign("/");
    } catch (e) {
      setError(e instanceof Error ? e.message : t("unreachable"));
    }
  }

  const invalid = token === null || preview.isError;
  return (
    <form className="login-card" noValidate onSubmit={(e) => void submit(e)}>
      <p className="login-brand">Payroute</p>
      <h1>{preview.data ? t("invitationTitle", { account: preview.data.account }) : "Payroute"}</h1>
      {invalid && (
        <div className="alert alert-error" role="alert">
          {t("invitationInvalid")}
        </div>
      )}
      {preview.data && (
        <>
          <p>{t("invitationLead", { email: preview.data.email })}</p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="field">
            <label htmlFor="invitation-name">{t("yourName")}</label>
            <input id="invitation-name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="invitation-password">{t("password")}</label>
            <input
              id="invitation-password"
              type="password"
              autoComplete="new-password"
              aria-describedby="invitation-password-hint"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="field-hint" id="invitation-password-hint">
              {t("passwordHint")}
            </p>
          </div>
          <button type="submit" className="button button-primary button-block" disabled={accept.isPending}>
            {accept.isPending ? t("invitationAccepting") : t("invitationAccept")}
          </button>
        </>
      )}
    </form>
  );
}
