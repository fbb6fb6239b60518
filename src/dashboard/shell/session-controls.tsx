"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { signOut } from "../auth-client";
import type { Me } from "../trpc";
import { EnvironmentSwitch } from "./environment-switch";
import { IntegrationPicker } from "./integration-picker";
import { LanguageSwitch } from "./language-switch";

/** Integration, environment, language, who is signed in and Sign out: in the top bar, or in the menu drawer on a phone. */
export function SessionControls({ me }: { me: Me }) {
  const [signingOut, setSigningOut] = useState(false);
  const t = useTranslations("shell");
  // Before a required second factor is on, the account's procedures refuse: no Integrations to pick from.
  const enrolFirst = me.twoFactor.required && !me.twoFactor.enabled;
  return (
    <>
      {me.role === "client" && !enrolFirst && <IntegrationPicker />}
      {me.role === "client" && <EnvironmentSwitch current={me.environment} />}
      <LanguageSwitch />
      <span className="person" title={me.email} data-testid="signed-in-person">
        {me.name}
      </span>
      <button
        type="button"
        className="button button-quiet-dark"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut().catch(() => setSigningOut(false));
        }}
      >
        {t("signOut")}
      </button>
    </>
  );
}
