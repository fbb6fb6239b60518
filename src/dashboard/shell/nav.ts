import type { Messages } from "@/i18n/catalogue/catalogue";
import type { Role } from "../trpc";

/** A section's name is a key of the shell's texts (`shell.nav.*`). */
export type NavLabel = keyof Messages["shell"]["nav"];

export interface NavItem {
  href: string;
  label: NavLabel;
  roles: Role[];
  /** Shown to the account's admins only (the procedures refuse members anyway). */
  adminOnly?: boolean;
}

/** The dashboard's sections, in order; a new section is one line here plus its page. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "home", roles: ["client", "operator"] },
  { href: "/integrations", label: "integrations", roles: ["client"] },
  { href: "/employees", label: "employees", roles: ["client"] },
  { href: "/messages", label: "messages", roles: ["client"] },
  { href: "/payouts", label: "payouts", roles: ["client"] },
  { href: "/payruns", label: "payruns", roles: ["client"] },
  { href: "/invoices", label: "invoices", roles: ["client"] },
  { href: "/prepayments", label: "prepayments", roles: ["client"] },
  { href: "/registrations", label: "registrations", roles: ["client"] },
  { href: "/webhooks", label: "webhooks", roles: ["client"], adminOnly: true },
  { href: "/settings/team", label: "team", roles: ["client"] },
  { href: "/settings/api-keys", label: "apiKeys", roles: ["client"], adminOnly: true },
  { href: "/settings/account", label: "accountSettings", roles: ["client"] },
  { href: "/settings/audit-log", label: "auditLog", roles: ["client"], adminOnly: true },
  { href: "/review/employees", label: "reviewEmployees", roles: ["operator"] },
  { href: "/review/registrations", label: "reviewRegistrations", roles: ["operator"] },
  { href: "/review/payruns", label: "reviewPayruns", roles: ["operator"] },
  { href: "/review/prepayments", label: "reviewPrepayments", roles: ["operator"] },
  { href: "/review/audit-log", label: "reviewAuditLog", roles: ["operator"] },
  // Last: everyone's, like the home above.
  { href: "/settings/security", label: "security", roles: ["client", "operator"] },
];

/** Where a person of whom two-factor sign-in is required, and who has not turned it on, is sent first. */
export const SECURITY_PATH = "/settings/security";

/** Where a role starts: its first section, the home, which shows each role its own figures. */
export function homeFor(role: Role): string {
  return NAV_ITEMS.find((item) => item.roles.includes(role))?.href ?? "/";
}

/** The Developers section's own pages, above its links to the API server's pages. */
export const DEVELOPER_ITEMS: NavItem[] = [
  { href: "/developers/logs", label: "logs", roles: ["client"], adminOnly: true },
  { href: "/developers/events", label: "events", roles: ["client"], adminOnly: true },
];

/** Pages served by the API server itself (not Next), so plain links with a full page load. */
export const API_LINKS: { href: string; label: NavLabel }[] = [
  { href: "/docs", label: "apiReference" },
  { href: "/v2/", label: "browseApi" },
];
