"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "../trpc";
import { API_LINKS, NAV_ITEMS } from "./nav";

export function SideNav({ role }: { role: Role }) {
  const pathname = usePathname();
  const items = NAV_ITEMS.filter((item) => item.roles.includes(role));
  return (
    <nav className="side-nav" aria-label="Main">
      <ul>
        {items.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={active ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="side-nav-heading">Developers</p>
      <ul>
        {API_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
