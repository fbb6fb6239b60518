import { z } from "zod";

/** The most one advance moves a demo clock: 90 days. */
export const MAX_ADVANCE_SECONDS = 90 * 86_400;
/** The most a demo clock may run ahead in all (its column is a 32-bit integer; ten years is far past any rule's time). */
export const MAX_OFFSET_SECONDS = 10 * 365 * 86_400;

export const ZDemoClock = z
  .object({
    now: z.string().meta({ description: "The demo environment's time (ISO 8601): the real time plus offset_seconds" }),
    offset_seconds: z.number().int().meta({ description: "How far the account's demo clock runs ahead of the real time" }),
  })
  .meta({ id: "DemoClock" });
export type TDemoClock = z.infer<typeof ZDemoClock>;

export const ZAdvanceDemoClock = z.object({
  seconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ADVANCE_SECONDS)
    .meta({ description: `Seconds to move the demo clock forward: 1 to ${MAX_ADVANCE_SECONDS} (90 days) a call` }),
});
export type TAdvanceDemoClock = z.infer<typeof ZAdvanceDemoClock>;
