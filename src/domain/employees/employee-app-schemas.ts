/** Outputs of the employee app's and the review team's Employee procedures (dashboard only, no REST). */
import { z } from "zod";
import { ENVIRONMENTS } from "@/domain/environments";
import { ZEmployee } from "./employee-schemas";

export const ZOk = z.object({ ok: z.literal(true) });

export const ZEmployeeHome = z.object({
  employee: ZEmployee,
  integration: z.object({ name: z.string(), logo: z.string().nullable(), environment: z.enum(ENVIRONMENTS) }),
  messages: z.array(z.object({ id: z.string(), content: z.string(), created_at: z.string() })),
});

export const ZPendingVerification = z.object({
  pk: z.string(),
  employee: ZEmployee,
  integration: z.object({ id: z.string(), name: z.string() }),
  account: z.string(),
});
