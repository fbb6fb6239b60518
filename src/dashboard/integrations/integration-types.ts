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
