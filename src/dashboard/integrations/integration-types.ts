import type { RouterOutputs } from "../trpc";

export type Integration = RouterOutputs["integrations"]["list"]["results"][number];

/** The API's type numbers, by their name in the `integrations.types` texts. */
export const INTEGRATION_TYPES = { 1: "webApp", 2: "invoice", 3: "api" } as const;

export function integrationTypeKey(type: number): (typeof INTEGRATION_TYPES)[keyof typeof INTEGRATION_TYPES] | undefined {
  return type === 1 || type === 2 || type === 3 ? INTEGRATION_TYPES[type] : undefined;
}

/** The server's rules, mirrored so that the table does not offer what would be refused. */
export const canEdit = (i: Integration) => i.type !== 2;
export const canDelete = (i: Integration) => i.type !== 1 && i.type !== 2;

export function apiViewPath(i: Integration): string {
  return `/v2/integrations/${encodeURIComponent(i.id)}/`;
}

export function integrationPath(id: string): string {
  return `/integrations/${encodeURIComponent(id)}`;
}

/** The Integration's views on the other pages: `?integration=` makes the top bar pick it, `?env=` its environment (src/dashboard/url-state.ts). */
export const SCOPED_VIEWS = ["employees", "payouts", "payruns", "invoices", "webhooks"] as const;
export type ScopedView = (typeof SCOPED_VIEWS)[number];

export function scopedViewPath(view: ScopedView, integrationId: string, environment: string): string {
  return `/${view}?${new URLSearchParams({ integration: integrationId, env: environment }).toString()}`;
}
