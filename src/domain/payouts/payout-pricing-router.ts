import { z } from "zod";
import { toPayoutPricingApi } from "./payout-representation";
import { ZCreatePayoutsBody, ZPayoutLookup } from "./payout-schemas";
import { getPayout, listPayouts } from "./payout-service";
import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { ZCalculatePricingInput, ZListPricingQuery, ZPayoutPricing, ZPricing, ZPricingList } from "./payout-pricing-schemas";
import { calculatePricing } from "./payout-pricing-service";

const path = "/pricing/";
const openapi = integrationScoped("Pricing");

export const pricingRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path, summary: "Pricing breakdowns of the Integration's Payouts" } })
    .input(ZListPricingQuery)
    .output(ZPricingList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listPayouts(ctx, input), (rows) => rows.map(toPayoutPricingApi))),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/pricing/{payout_id}/", summary: "Pricing breakdown of a Payout" } })
    .input(ZPayoutLookup)
    .output(ZPayoutPricing)
    .query(async ({ ctx, input }) => toPayoutPricingApi(await getPayout(ctx, input.payout_id))),

  calculate: integrationProcedure
    .meta({
      openapi: { ...openapi, method: "POST", path, summary: "Price a Payout body (or a JSON array of them) without creating anything" },
      requestSchema: ZCreatePayoutsBody,
    })
    .input(ZCalculatePricingInput)
    .output(z.union([ZPricing, z.array(ZPricing)]))
    .mutation(async ({ ctx, input }) => {
      const quotes = await calculatePricing(ctx, input);
      return input.bulk ? quotes : quotes[0];
    }),
});
