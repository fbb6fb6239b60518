"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { trpc, type Role } from "../trpc";
import { API_LINKS, DEVELOPER_ITEMS, NAV_ITEMS, type NavItem } from "./nav";

/** The sections a role may use; `onNavigate` lets the phone drawer close once a link is followed. */
export function SideNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  const t = useTranslations("shell.nav");
  const member = trpc.session.me.useQuery().data?.teamRole === "member";
  const shown = (item: NavItem) => item.roles.includes(role) && !(item.adminOnly && member);
  const link = (item: NavItem) => {
    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
    return (
      <li key={item.href}>
        <Link href={item.href} aria-current={active ? "page" : undefined} onClick={onNavigate}>
          {t(item.label)}
        </Link>
      </li>
    );
  };
  return (
    <nav className="side-nav" aria-label={t("main")}>
      <ul>{NAV_ITEMS.filter(shown).map(link)}</ul>
      <p className="side-nav-heading">{t("developers")}</p>
      <ul>
        {DEVELOPER_ITEMS.filter(shown).map(link)}
        {API_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{t(link.label)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
