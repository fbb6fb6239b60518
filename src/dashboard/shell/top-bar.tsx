"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import type { Me } from "../trpc";
import { CommandPalette } from "./command-palette";
import { MenuDrawer } from "./menu-drawer";
import { SessionControls } from "./session-controls";

export function TopBar({ me }: { me: Me }) {
  const t = useTranslations("shell");
  return (
    <header className="top-bar">
      <MenuDrawer me={me} />
      <Link href="/" className="brand">
        Payroute
      </Link>
      <span className="account" data-testid="account-name">
        {me.account ?? t("operations")}
      </span>
      {/* Clients' objects only: the search is over the current Integration and environment. Outside the end group,
          which phones fold into the menu: the search stays one tap away there. */}
      {me.role === "client" && <CommandPalette />}
      <div className="top-bar-end">
        <SessionControls me={me} />
      </div>
    </header>
  );
}
