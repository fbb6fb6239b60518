/**
 * The /v2/ input guard. It runs on the parsed path ids, query and body before anything else reads them
 * (the Idempotency-Key fingerprint, the procedures), so that no input reaches the code that PostgreSQL or
 * the code cannot hold: NUL characters and unpaired surrogates anywhere (values and keys), and nesting
 * beyond MAX_BODY_DEPTH (MAX_METADATA_DEPTH inside `metadata`), checked without recursion. The body's
 * rule (`screenInput`) lives in the domain, since /api/trpc applies it too.
 */
import { DomainError, fieldErrorsFromIssues, notFound } from "@/domain/errors";
import { isStorableText, type JsonIssue } from "@/domain/shared/json-limits";
import { t } from "@/i18n/locale";

/** A path id that cannot be stored cannot name an object: 404, as for any unknown id. */
export function guardPathParams(params: Record<string, string>): void {
  if (Object.values(params).some((v) => !isStorableText(v))) throw notFound();
}

/** Query values: `400 {"<param>": ["…"]}`; a parameter name that cannot be stored: `non_field_errors`. */
export function guardQuery(params: URLSearchParams): void {
  const issues = new Map<string, JsonIssue>();
  for (const [name, value] of params) {
    if (!isStorableText(name)) issues.set("", { path: [], message: t("key_not_storable") });
    else if (!isStorableText(value)) issues.set(name, { path: [name], message: t("text_not_storable") });
  }
  if (issues.size) throw new DomainError("validation", fieldErrorsFromIssues([...issues.values()]));
}
