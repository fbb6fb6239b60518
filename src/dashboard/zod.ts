/**
 * zod for the dashboard's own schemas: import `z` from here, not from "zod". The dashboard's CSP allows no eval, and
 * zod probes `new Function` for its fast path when it builds an object schema: the probe alone is reported as a
 * violation. Set here, before any schema of the importing module is built (a module's imports run first). In the
 * browser only: on the server zod may be the API's own, whose parsing keeps its fast path.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
