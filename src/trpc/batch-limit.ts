/**
 * The most calls one /api/trpc batch may carry: the server answers a larger batch 400, and the dashboard's
 * batch link splits its calls into batches of at most this many. Each call counts against the rate limits.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
