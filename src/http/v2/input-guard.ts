/**
 * The /v2/ input guard. It runs on the parsed path ids, query and body before anything else reads them
 * (the Idempotency-Key fingerprint, the procedures), so that no input reaches the code that PostgreSQL or
 * the code cannot hold: NUL characters and unpaired surrogates anywhere (values and keys), and nesting
 * beyond MAX_BODY_DEPTH (MAX_METADATA_DEPTH inside `metadata`), checked without recursion.
 */
import { DomainError, fieldErrorsFromIssues, itemErrors, notFound, type FieldErrors } from "@/domain/errors";
import { isStorableText, jsonIssues, MAX_METADATA_DEPTH, type JsonIssue } from "@/domain/shared/json-limits";
import { t } from "@/i18n/locale";

/** Levels of objects and arrays any body may have (a bulk Payout with an inline Employee's metadata needs 35). */
export const MAX_BODY_DEPTH = 64;

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

/** A body: DRF field errors at each value's path; for a JSON array (bulk), one error object per item. */
export function guardBody(body: unknown): void {
  const bulk = Array.isArray(body);
  const issues = jsonIssues(body, {
    maxDepth: MAX_BODY_DEPTH,
    nested: { key: "metadata", maxDepth: MAX_METADATA_DEPTH },
    // Reported at the field (of the item, in bulk) holding the nesting, not 64 levels down.
    reportDepthAt: (path) => path.slice(0, bulk ? 2 : 1),
  });
  if (!issues.length) return;
  if (!bulk) throw new DomainError("validation", fieldErrorsFromIssues(issues));
  const byItem = new Map<number, JsonIssue[]>();
  for (const issue of issues) {
    const [index, ...rest] = issue.path;
    const list = byItem.get(Number(index)) ?? [];
    list.push({ path: rest, message: issue.message });
    byItem.set(Number(index), list);
  }
  const items: FieldErrors[] = body.map((_, i) => {
    const list = byItem.get(i);
    return list ? fieldErrorsFromIssues(list) : {};
  });
  throw itemErrors(items);
}
