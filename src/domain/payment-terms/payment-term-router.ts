import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { z } from "zod";
import { ZPaymentTerm } from "./payment-term-schemas";
import { getPaymentTerm } from "./payment-term-service";

export const paymentTermRouter = router({
  get: integrationProcedure
    .meta({ openapi: { ...integrationScoped("Payment term"), method: "GET", path: "/payment_term/", summary: "The Integration's payment term (one object)" } })
    .input(z.object({}))
    .output(ZPaymentTerm)
    .query(({ ctx }) => getPaymentTerm(ctx)),
});
