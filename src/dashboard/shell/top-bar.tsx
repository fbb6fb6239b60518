"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import type { Me } from "../trpc";
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
      <div className="top-bar-end">
        <SessionControls me={me} />
      </div>
    </header>
  );
}
