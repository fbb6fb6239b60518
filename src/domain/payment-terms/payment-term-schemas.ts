import { z } from "zod";

export const ZPaymentTerm = z
  .object({
    batching_duration: z.number().int().meta({
      description: "Seconds a Payrun keeps taking Payouts by itself before it is invoiced; 0: no time batching (a Payrun is invoiced when it is closed)",
    }),
    due_days: z.number().int().meta({ description: "Days from an Invoice's issue to its due date (the Integration's payment_term_days)" }),
    batching_interval: z.enum(["weekly", "monthly", "quarterly"]).nullable().meta({ description: "Calendar batching of Payruns; null: none" }),
    credit_terms: z
      .array(
        z.object({
          currency: z.string(),
          credit_limit: z.string().meta({ description: "How much may be paid out before the Invoice is paid; decimal with two places" }),
          credit_used: z.string().meta({ description: "Notified, uncancelled Payouts' cost whose Payrun is not paid yet; decimal with two places" }),
        }),
      )
      .meta({ description: "One entry per currency the Integration is billed in (its currency, and its Payruns')" }),
  })
  .meta({ id: "PaymentTerm" });
export type TPaymentTerm = z.infer<typeof ZPaymentTerm>;
