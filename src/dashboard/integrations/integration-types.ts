import type { RouterOutputs } from "../trpc";

export type Integration = RouterOutputs["integrations"]["list"]["results"][number];

export const INTEGRATION_TYPE_LABELS: Record<number, string> = {
  1: "Web app",
  2: "Invoice",
  3: "API",
};

export function typeLabel(type: number): string {
  return INTEGRATION_TYPE_LABELS[type] ?? `Type ${type}`;
}

/** The server's rules, mirrored so that the table does not offer what would be refused. */
export const canEdit = (i: Integration) => i.type !== 2;
export const canDelete = (i: Integration) => i.type !== 1 && i.type !== 2;

export function apiViewPath(i: Integration): string {
  return `/v2/integrations/${encodeURIComponent(i.id)}/`;
}
