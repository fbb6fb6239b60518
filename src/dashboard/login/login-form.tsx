"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { safeNextPath, signInReason } from "../safe-next";
import { trpc } from "../trpc";
import { AuthCard, AuthField, AuthSubmit, useAuthRequest, useThrottleNote } from "./auth-form";
import { ErrorAlert } from "../ui/alert";
import { TwoFactorStep } from "./two-factor-step";

export function LoginForm() {
  const t = useTranslations("account");
  const noteThrottle = useThrottleNote();
  const params = useSearchParams();
  const next = safeNextPath(params.get("next"));
  // Why a dashboard page sent the person here (their session ended), until they try to sign in.
  const reason = signInReason(params.get("reason"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const request = useAuthRequest();
  // A right password of a person with two-factor sign-in: the code comes next, on this page.
  const [secondStep, setSecondStep] = useState(false);
  // Someone already signed in has nothing to do here: on to where they were going.
  const me = trpc.session.me.useQuery(undefined, { retry: false });
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) window.location.replace(next);
  }, [signedIn, next]);

  const submit = () =>
    request.run(async () => {
      const throttle = noteThrottle();
      const result = await authClient().signIn.email({ email, password }, throttle.fetchOptions);
      if (result.error) return request.setError(throttle.message(result.error, t("signInFailed")));
      if ("twoFactorRedirect" in result.data && result.data.twoFactorRedirect) return setSecondStep(true);
      // A full page load: `next` may be a page of the API server (e.g. /v2/…), not of this app.
      window.location.assign(next);
      return "leaving";
    });

  if (secondStep)
    return (
      <TwoFactorStep
        onSignedIn={() => window.location.assign(next)}
        onStartOver={() => {
          setSecondStep(false);
          setPassword("");
        }}
      />
    );
  return (
    <AuthCard title={t("signInTitle")} onSubmit={() => void submit()} link={{ href: "/forgot-password", label: t("forgotLink") }}>
      {reason && !request.error && (
        <p className="alert alert-info" role="status">
          {t(`reason.${reason}`)}
        </p>
      )}
      <ErrorAlert>{request.error}</ErrorAlert>
      <AuthField id="login-email" label={t("email")} type="email" autoComplete="username" value={email} onChange={setEmail} />
      <AuthField id="login-password" label={t("password")} type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <AuthSubmit pending={request.pending} label={t("signIn")} pendingLabel={t("signingIn")} />
    </AuthCard>
  );
}
