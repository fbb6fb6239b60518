/**
 * V8 heap limits of the processes, and npm start's C heap setting, in one place: package.json's `start` and `worker`
 * scripts carry them (heap-flags.test.ts checks), as do `npm start`'s worker child and the bench's servers.
 *
 * Without a limit V8 sizes the old generation from the machine's memory (gigabytes here) and lets a busy
 * process's heap grow far past its live data before collecting. The limits are several times the live data
 * (the server's is about 60 MB after start, a worker's a few batches), so they cost no throughput.
 */

/**
 * `npm start`: measured under the bench's reads with a backlog draining in the process, 415 MB peak without the
 * old-space limit, 244 MB with it. Two 4 MB semi-spaces (a quarter of V8's default) and 192 MB of old space (the
 * live data is 60-80 MB) with SERVER_MALLOC_ENV: the bench's background runs peaked at 318 MiB embedded and 215 on
 * PostgreSQL against 358 and 246 with 8 MB semi-spaces and 256 MB, and the side-by-side run's reads and creates on
 * PostgreSQL were the same or faster (docs/performance.md, 29 November evening).
 */
export const SERVER_HEAP_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=4"];

/**
 * `npm start`'s C heap: blocks of 128 KiB and more come from `mmap` and go back to the system when freed (glibc's
 * default raises that threshold to the largest block freed, up to 32 MiB, so the compiler's blocks stayed resident).
 * Read by glibc when the process starts, so it is an environment variable of the start script, not a flag.
 */
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" };

/** `npm run worker` and `npm start`'s worker child: measured under the bench, 310 MB peak without these flags and 176 MB with them. */
export const WORKER_HEAP_FLAGS = ["--max-old-space-size=96", "--max-semi-space-size=4"];
