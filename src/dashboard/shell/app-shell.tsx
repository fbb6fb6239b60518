"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useForgetOtherPeoplesDrafts } from "../ui/draft-scope";
import { SECURITY_PATH } from "./nav";
import { SideNav } from "./side-nav";
import { SessionExpiryWatch } from "./session-expiry";
import { SessionWarning } from "../ui/session-warning";
import { TopBar } from "./top-bar";

/** The frame of every signed-in page; people who are not signed in are sent to /login and brought back. */
export function AppShell({ children }: { children: ReactNode }) {
  const me = trpc.session.me.useQuery();
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  // No session, or credentials the server refused (401): sign in again.
  const signedOut = (me.isSuccess && me.data === null) || me.error?.data?.code === "UNAUTHORIZED";
  useForgetOtherPeoplesDrafts(me.data);

  useEffect(() => {
    if (signedOut) router.replace(`/login?next=${encodeURIComponent(pathname + window.location.search)}`);
  }, [signedOut, router, pathname]);

  const enrolFirst = Boolean(me.data?.twoFactor.required && !me.data.twoFactor.enabled);

  // Two-factor sign-in required and not on: the security page first (the staff procedures refuse until then).
  useEffect(() => {
    if (enrolFirst && pathname !== SECURITY_PATH) router.replace(SECURITY_PATH);
  }, [enrolFirst, pathname, router]);

  if (me.isError && !signedOut)
    return (
      <p className="page-message" role="alert">
        {t("shell.sessionFailed", { message: me.error.message })}
      </p>
    );
  if (!me.data) return <p className="page-message">{t("common.loading")}</p>;

  const { environment, role } = me.data;
  return (
    <SessionExpiryWatch>
      <div className="app">
        {/* The first stop of the keyboard: past the top bar and the navigation to the page itself. */}
        <a className="skip-link" href="#content">
          {t("shell.skipToContent")}
        </a>
        <TopBar me={me.data} />
        {role === "client" && environment === "demo" && <div className="demo-banner">{t("shell.demoBanner")}</div>}
        <div className="app-body">
          <SideNav role={role} />
          {/* Keyed by environment so that page state (current page, open forms) starts over after a switch. */}
          <main className="content" id="content" tabIndex={-1} key={environment}>
            {enrolFirst && pathname !== SECURITY_PATH ? <p className="page-message">{t("common.loading")}</p> : children}
          </main>
        </div>
        <SessionWarning placement="page" />
      </div>
    </SessionExpiryWatch>
  );
}
