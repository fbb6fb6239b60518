/**
 * UUIDv7 ids (time-ordered, increasing within a process, as uuid's own `v7()` makes them) with their random bytes
 * taken from a pool: uuid asks `crypto.getRandomValues` for 16 bytes on every id, which was 3.5 % of a retrieve's
 * CPU in a profile (a request makes two: its request id and its request-log row).
 */
import { v7 } from "uuid";
import { pooledRandomBytes } from "./random-pool";

/** uuid's monotonic state: the last id's millisecond and its 31-bit counter (RFC 9562, method 1). */
const last = { msecs: -Infinity, seq: 0 };

export function uuidv7(): string {
  const random = pooledRandomBytes(16);
  const now = Date.now();
  if (now > last.msecs) {
    // A new millisecond: the counter starts at a random value, as uuid's does.
    last.seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
    last.msecs = now;
  } else {
    last.seq = (last.seq + 1) | 0;
    if (last.seq === 0) last.msecs++;
  }
  return v7({ random, msecs: last.msecs, seq: last.seq });
}
