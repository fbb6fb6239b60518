/**
 * What PostgreSQL and the code can hold of a JSON value: no NUL character (text and jsonb refuse U+0000),
 * no unpaired UTF-16 surrogate (not encodable as UTF-8), and a bounded nesting depth. Checked without
 * recursion, so that a value nested 20,000 levels gets a clear error instead of overflowing the stack.
 */
import { DomainError, fieldErrorsFromIssues, itemErrors, type FieldErrors } from "@/domain/errors";
import { t } from "@/i18n/locale";

/** Levels of objects and arrays any request body may have (a bulk Payout with an inline Employee's metadata needs 35). */
export const MAX_BODY_DEPTH = 64;

/** Levels of objects and arrays `metadata` may have, itself included (`{"a": {"b": 1}}` is 2). */
export const MAX_METADATA_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the string as text. */
export function isStorableText(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

export type JsonPath = (string | number)[];

export interface JsonIssue {
  path: JsonPath;
  message: string;
}

export interface JsonLimits {
  /** Levels of objects and arrays allowed, the root included. */
  maxDepth: number;
  /** A tighter limit below keys of this name (anywhere), counted from the key's value. */
  nested?: { key: string; maxDepth: number };
  /** Where a too-deep error is reported, given the path of the container that is one level too deep. */
  reportDepthAt?: (path: JsonPath) => JsonPath;
  /** Stop after this many issues. */
  maxIssues?: number;
}

interface Frame {
  value: unknown;
  path: JsonPath;
  depth: number;
  /** Inside a `nested` key: the depth of its value and the path to report at. */
  nested: { base: number; path: JsonPath } | null;
}

/** Text and depth issues of a JSON-like value (files and other non-plain objects are skipped), in document order. */
export function jsonIssues(root: unknown, limits: JsonLimits): JsonIssue[] {
  const issues: JsonIssue[] = [];
  const reported = new Set<string>();
  const maxIssues = limits.maxIssues ?? 50;
  const add = (path: JsonPath, message: string) => {
    const id = JSON.stringify(path);
    if (reported.has(id)) return;
    reported.add(id);
    issues.push({ path, message });
  };
  const stack: Frame[] = [{ value: root, path: [], depth: 0, nested: null }];
  while (stack.length && issues.length < maxIssues) {
    const frame = stack.pop();
    if (!frame) break;
    const { value, path, nested } = frame;
    if (typeof value === "string") {
      if (!isStorableText(value)) add(path, t("text_not_storable"));
      continue;
    }
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value)) continue;
    const depth = frame.depth + 1;
    if (nested && limits.nested && depth - nested.base > limits.nested.maxDepth) {
      add(nested.path, t("nested_too_deeply", { max: limits.nested.maxDepth }));
      continue;
    }
    if (depth > limits.maxDepth) {
      add(limits.reportDepthAt ? limits.reportDepthAt(path) : path, t("nested_too_deeply", { max: limits.maxDepth }));
      continue;
    }
    const children: Frame[] = [];
    if (isArray) {
      value.forEach((item, i) => children.push({ value: item, path: [...path, i], depth, nested }));
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) {
          add(path, t("key_not_storable"));
          continue;
        }
        const childPath = [...path, key];
        const entersNested = !nested && limits.nested?.key === key;
        children.push({ value: item, path: childPath, depth, nested: entersNested ? { base: depth, path: childPath } : nested });
      }
    }
    // Reversed onto the stack, so that issues come out in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return issues;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A request's input, refused when it holds what cannot be stored or nests too deeply: DRF field errors at each
 * value's path; for a JSON array (bulk), one error object per item.
 */
export function screenInput(body: unknown): void {
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
