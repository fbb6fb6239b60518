/**
 * The array-body convention, in one place. A JSON array body is a bulk request (POST /v2/payouts/ and
 * /v2/pricing/ take one object or an array of them). A procedure's input is one value, so the /v2/ edge hands
 * an array on as `{items: [...], expand}` when the query string has `expand` (`wrapArrayBody`), and the input
 * schema reads all three forms back as one batch (`readBatch`): an object, an array, or `{items, expand}`.
 */
/** What `readBatch` gives for a body it recognises (ZCreatePayoutsInput checks it). */
export interface Batch {
  items: unknown[];
  /** false when the body was one object (answered with one object), true for an array (answered with an array). */
  bulk: boolean;
  expand?: unknown;
}

/** What the edge passes on for an array body, with the query's `expand` alongside when there is one. */
export function wrapArrayBody(body: unknown[], expand: string[]): unknown[] | { items: unknown[]; expand: string[] } {
  return expand.length ? { items: body, expand } : body;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The batch a body stands for; anything else is left for the schema to refuse. */
export function readBatch(v: unknown): unknown {
  if (Array.isArray(v)) return { items: v, bulk: true } satisfies Batch;
  if (!isRecord(v)) return v;
  if (Array.isArray(v.items)) return { items: v.items, bulk: true, expand: v.expand } satisfies Batch;
  const { expand, ...item } = v;
  return { items: [item], bulk: false, expand } satisfies Batch;
}
