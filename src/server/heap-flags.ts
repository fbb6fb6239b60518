/**
 * V8 heap limits of the processes, in one place: package.json's `start` and `worker` scripts carry them
 * (heap-flags.test.ts checks), as do `npm start`'s worker child and the bench's servers.
 *
 * Without a limit V8 sizes the old generation from the machine's memory (gigabytes here) and lets a busy
 * process's heap grow far past its live data before collecting. The limits are several times the live data
 * (the server's is about 60 MB after start, a worker's a few batches), so they cost no throughput.
 */

/**
 * `npm start`: measured under the bench's reads with a backlog draining in the process, 415 MB peak without the
 * old-space limit, 244 MB with it. The young generation at half V8's default (two 8 MB semi-spaces, not 16 MB): on the
 * embedded database under the compare's requests the peak fell from 318–326 to 304–312 MiB, and the create's Node CPU
 * was the same in three alternating runs (317–345 against 327–358 µs a create).
 */
export const SERVER_HEAP_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=8"];

/** `npm run worker` and `npm start`'s worker child: measured under the bench, 310 MB peak without these flags and 176 MB with them. */
export const WORKER_HEAP_FLAGS = ["--max-old-space-size=96", "--max-semi-space-size=4"];
