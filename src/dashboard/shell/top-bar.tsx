"use client";

import Link from "next/link";
import { useState } from "react";
import { signOut } from "../auth-client";
import type { Me } from "../trpc";
import { EnvironmentSwitch } from "./environment-switch";
import { IntegrationPicker } from "./integration-picker";

export function TopBar({ me }: { me: Me }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <header className="top-bar">
      <Link href="/" className="brand">
        Payroute
      </Link>
      <span className="account" data-testid="account-name">
        {me.account ?? "Payroute operations"}
      </span>
      <div className="top-bar-end">
        {me.role === "client" && <IntegrationPicker />}
        {me.role === "client" && <EnvironmentSwitch current={me.environment} />}
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
          Sign out
        </button>
      </div>
    </header>
  );
}
