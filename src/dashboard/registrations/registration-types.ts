import type { RouterOutputs } from "../trpc";

export type Registration = RouterOutputs["registrations"]["get"];
export type ReviewItem = RouterOutputs["registrations"]["review"]["queue"]["results"][number];
export type ReviewStatus = ReviewItem["status"];

/** Where a Registration stands: approved once it no longer needs review; rejected while a reason is set. */
export function reviewStatus(r: Pick<Registration, "needs_review" | "rejection_reason">): ReviewStatus {
  if (!r.needs_review) return "approved";
  return r.rejection_reason === null ? "pending" : "rejected";
}

/** Editing and deleting are refused (409) once a Registration is approved. */
export const canChange = (r: Pick<Registration, "needs_review">) => r.needs_review;

export function registrationPath(id: string): string {
  return `/registrations/${encodeURIComponent(id)}`;
}

export function reviewPath(pk: string): string {
  return `/review/registrations/${encodeURIComponent(pk)}`;
}

export function registrationApiPath(id: string): string {
  return `/v2/registrations/${encodeURIComponent(id)}/`;
}

/** The API's HTML view of the Integration an approval created. */
export function integrationApiPath(integrationId: string): string {
  return `/v2/integrations/${encodeURIComponent(integrationId)}/`;
}

export type ShownField = Exclude<keyof Registration, "needs_review" | "rejection_reason" | "metadata">;

/** Every field of a Registration as its detail pages list them, in the order of the form (named by `registrations.fields`). */
export const REGISTRATION_FIELDS: { field: ShownField; mono?: boolean }[] = [
  { field: "friendly_name" },
  { field: "registered_name" },
  { field: "id", mono: true },
  { field: "integration_id", mono: true },
  { field: "email" },
  { field: "phone_number" },
  { field: "country" },
  { field: "state" },
  { field: "tin_number", mono: true },
  { field: "vat_number", mono: true },
  { field: "address_line_1" },
  { field: "address_line_2" },
  { field: "zip_code" },
  { field: "city" },
  { field: "created_at" },
];
