/**
 * Random bytes for ids and codes made on every request, taken from a pool refilled 4 KiB at a time: asking the
 * system for a few bytes per call (`crypto.randomBytes`, `getRandomValues`) was 2–4 % of a request's CPU in profiles
 * (docs/performance.md). The bytes are a view into the pool: read them before the next call.
 */
import crypto from "node:crypto";

const pool = new Uint8Array(4096);
let used = pool.length;

export function pooledRandomBytes(n: number): Uint8Array {
  if (n > pool.length) return crypto.randomBytes(n);
  if (used + n > pool.length) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}
