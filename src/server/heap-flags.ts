/**
 * V8 heap limits of the processes, in one place: package.json's `start` and `worker` scripts carry them
 * (heap-flags.test.ts checks), as do `npm start`'s worker child and the bench's servers.
 *
 * Without a limit V8 sizes the old generation from the machine's memory (gigabytes here) and lets a busy
 * process's heap grow far past its live data before collecting. The limits are several times the live data
 * (the server's is about 60 MB after start, a worker's a few batches), so they cost no throughput.
 */

/** `npm start`: measured under the bench's reads with a backlog draining in the process, 415 MB peak without it, 244 MB with it. */
export const SERVER_HEAP_FLAGS = ["--max-old-space-size=256"];

/** `npm run worker` and `npm start`'s worker child: measured under the bench, 310 MB peak without these flags and 176 MB with them. */
export const WORKER_HEAP_FLAGS = ["--max-old-space-size=96", "--max-semi-space-size=4"];
