/**
 * The one domain error type, and the one table from its code to the HTTP status and tRPC code.
 * The /v2/ edge renders it in DRF shapes: `{"field": ["msg"]}` / `non_field_errors` for validation,
 * `{"detail": "msg"}` for everything else.
 */
import type { z } from "zod";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { t } from "@/i18n/locale";

export interface FieldErrors {
  [field: string]: string[] | FieldErrors;
}

export const ERROR_TABLE = {
  validation: { status: 400, trpc: "BAD_REQUEST" },
  unauthenticated: { status: 401, trpc: "UNAUTHORIZED" },
  forbidden: { status: 403, trpc: "FORBIDDEN" },
  not_found: { status: 404, trpc: "NOT_FOUND" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  conflict: { status: 409, trpc: "CONFLICT" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  unsupported_media_type: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  unprocessable: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  throttled: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  /** The service cannot do it as configured (e.g. Invoices without the seller's details): the operator must act. */
  unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type DomainErrorCode = keyof typeof ERROR_TABLE;

export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: DomainErrorCode,
    /** A message (rendered as `detail`), or field errors for `validation`. */
    readonly body: string | FieldErrors,
    readonly headers: Record<string, string> = {},
    /** A bulk request's validation errors, one entry per item in order: rendered as a JSON array. */
    readonly items?: FieldErrors[],
  ) {
    super(typeof body === "string" ? body : JSON.stringify(body));
    this.name = "DomainError";
    this.status = ERROR_TABLE[code].status;
  }

  /** The JSON body clients receive. */
  toJSON(): Record<string, unknown> {
    return typeof this.body === "string" ? { detail: this.body } : this.body;
  }
}

export function fieldError(field: string, message: string): DomainError {
  return new DomainError("validation", { [field]: [message] });
}

/** Validation errors of a bulk request (`{}` for a valid item). tRPC clients get them keyed "0", "1", …. */
export function itemErrors(items: FieldErrors[]): DomainError {
  return new DomainError("validation", Object.fromEntries(items.map((errors, i) => [String(i), errors])), {}, items);
}

export function notFound(): DomainError {
  return new DomainError("not_found", t("not_found"));
}

/** What `lookup` finds, or the API's 404 when it finds nothing. */
export async function orNotFound<T>(lookup: PromiseLike<T | null>): Promise<T> {
  const found = await lookup;
  if (found === null) throw notFound();
  return found;
}

/** zod issues as DRF field errors: nested paths become nested objects, a root issue `non_field_errors`. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  return fieldErrorsFromIssues(error.issues);
}

/**
 * Messages at paths as DRF field errors (see fieldErrorsFromZod). Paths hold client-chosen keys, so the
 * objects have no prototype and only own properties are read: a key such as "__proto__" or "constructor"
 * is a field like any other and can never reach Object.prototype.
 */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out = emptyFieldErrors();
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String) : ["non_field_errors"];
    let node = out;
    for (const segment of path.slice(0, -1)) {
      const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
      let child: FieldErrors;
      if (existing === undefined) child = emptyFieldErrors();
      else if (Array.isArray(existing)) {
        child = emptyFieldErrors();
        child.non_field_errors = existing;
      } else child = existing;
      node[segment] = child;
      node = child;
    }
    const leaf = path[path.length - 1];
    const existing = Object.hasOwn(node, leaf) ? node[leaf] : undefined;
    if (Array.isArray(existing)) existing.push(issue.message);
    else if (existing) existing.non_field_errors = [...(Array.isArray(existing.non_field_errors) ? existing.non_field_errors : []), issue.message];
    else node[leaf] = [issue.message];
  }
  return out;
}

function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}
