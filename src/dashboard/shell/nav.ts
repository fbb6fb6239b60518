import type { Role } from "../trpc";

export interface NavItem {
  href: string;
  label: string;
  roles: Role[];
}

/** The dashboard's sections, in order; a new section is one line here plus its page. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/integrations", label: "Integrations", roles: ["client"] },
  { href: "/employees", label: "Employees", roles: ["client"] },
  { href: "/messages", label: "Messages", roles: ["client"] },
  { href: "/payouts", label: "Payouts", roles: ["client"] },
  { href: "/payruns", label: "Payruns", roles: ["client"] },
  { href: "/registrations", label: "Registrations", roles: ["client"] },
  { href: "/webhooks", label: "Webhooks", roles: ["client"] },
  { href: "/review/employees", label: "Employee verification", roles: ["operator"] },
  { href: "/review/registrations", label: "Registration review", roles: ["operator"] },
  { href: "/review/payruns", label: "Payrun payments", roles: ["operator"] },
];

/** Where a role starts: its first section (sign-in sends everyone to HOME_PATH, which is a client's page). */
export function homeFor(role: Role): string {
  return NAV_ITEMS.find((item) => item.roles.includes(role))?.href ?? "/";
}

/** Pages served by the API server itself (not Next), so plain links with a full page load. */
export const API_LINKS = [
  { href: "/docs", label: "API reference" },
  { href: "/v2/", label: "Browse API" },
];
