"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { trpc } from "../trpc";
import { AuthCard, AuthField, AuthSubmit, NewPasswordField, tooShortPassword, useAuthRequest } from "./auth-form";
import { ErrorAlert } from "../ui/alert";

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
  const request = useAuthRequest();

  function submit() {
    if (!token) return;
    if (tooShortPassword(password)) return request.setError(t("tooShort"));
    void request.run(async () => {
      // The server's refusal (e.g. an expired invitation) is said as it is, not as "unreachable".
      const accepted = await accept
        .mutateAsync({ token, name, password })
        .catch((e: unknown) => request.setError(e instanceof Error ? e.message : t("unreachable")));
      if (!accepted) return;
      const signedIn = await authClient().signIn.email({ email: accepted.email, password });
      if (signedIn.error) return request.setError(signedIn.error.message ?? t("signInFailed"));
      window.location.assign("/");
      return "leaving";
    });
  }

  const invalid = token === null || preview.isError;
  return (
    <AuthCard title={preview.data ? t("invitationTitle", { account: preview.data.account }) : "Payroute"} noValidate onSubmit={submit}>
      {invalid && <ErrorAlert>{t("invitationInvalid")}</ErrorAlert>}
      {preview.data && (
        <>
          <p>{t("invitationLead", { email: preview.data.email })}</p>
          <ErrorAlert>{request.error}</ErrorAlert>
          <AuthField id="invitation-name" label={t("yourName")} autoComplete="name" value={name} onChange={setName} />
          <NewPasswordField id="invitation-password" label={t("password")} value={password} onChange={setPassword} />
          <AuthSubmit pending={request.pending} label={t("invitationAccept")} pendingLabel={t("invitationAccepting")} />
        </>
      )}
    </AuthCard>
  );
}
