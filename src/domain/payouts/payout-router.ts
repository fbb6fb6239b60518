import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import { integrationProcedure, router, type Meta } from "@/trpc/init";
import { integrationScoped, restMeta } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { ZCsvExport } from "@/domain/shared/csv-export";
import { currentLocale } from "@/i18n/locale";
import { createPayouts, validatePayouts } from "./payout-create";
import { exportPayouts } from "./payout-export";
import { toPayoutsApiExpanded } from "./payout-expand";
import { ZCreatePayoutsBody, ZCreatePayoutsInput, ZGetPayoutQuery, ZListPayoutsQuery, ZPayout, ZPayoutList, ZPayoutLookup } from "./payout-schemas";
import { deletePayout, getPayout, listPayouts, resendPayoutNotification } from "./payout-service";
import { payoutTotals, ZPayoutTotals, ZPayoutTotalsQuery } from "./payout-totals";

const meta = restMeta(integrationScoped("Payouts"), "/payouts/", "/payouts/{payout_id}/");
const resend = "/payouts/{payout_id}/resend/";

/** One resend under two methods: PATCH, and PUT for older clients. */
const resendProcedure = (resendMeta: Meta) =>
  integrationProcedure
    .meta({ ...resendMeta, status: 204 })
    .input(ZPayoutLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => resendPayoutNotification(ctx, input.payout_id));

export const payoutRouter = router({
  list: integrationProcedure
    .meta(meta.list("List Payouts"))
    .input(ZListPayoutsQuery)
    .output(ZPayoutList)
    .query(async ({ ctx, input }) =>
      pageEnvelope(ctx, input, await listPayouts(ctx, input), (rows) => toPayoutsApiExpanded(ctx.db, rows, input.expand, ctx.baseUrl)),
    ),

  /** The dashboard's totals per currency over every Payout the list's filters match (no REST path). */
  totals: integrationProcedure
    .input(ZPayoutTotalsQuery)
    .output(ZPayoutTotals)
    .query(({ ctx, input }) => payoutTotals(ctx, input)),

  /** The dashboard's CSV export: every Payout the list's filters match, in the person's CSV style (no REST path). */
  export: integrationProcedure
    .input(ZPayoutTotalsQuery)
    .output(ZCsvExport)
    .query(({ ctx, input }) => exportPayouts(ctx, input, currentLocale())),

  get: integrationProcedure
    .meta(meta.get("Retrieve a Payout"))
    .input(ZGetPayoutQuery)
    .output(ZPayout)
    .query(async ({ ctx, input }) => (await toPayoutsApiExpanded(ctx.db, [await getPayout(ctx, input.payout_id)], input.expand, ctx.baseUrl))[0]),

  create: integrationProcedure
    .meta({ ...meta.create("Create a Payout, or (JSON array) many at once, all or nothing"), requestSchema: ZCreatePayoutsBody })
    .input(ZCreatePayoutsInput)
    .output(z.union([ZPayout, z.array(ZPayout)]))
    .mutation(async ({ ctx, input }) => {
      const payouts = await toPayoutsApiExpanded(ctx.db, await createPayouts(ctx, input, auditActorOf(ctx)), input.expand, ctx.baseUrl);
      return input.bulk ? payouts : payouts[0];
    }),

  validate: integrationProcedure
    .meta({
      ...meta.at("POST", "/payouts/validate/", "Check a Payout, or (JSON array) many, as POST /payouts/ would, without creating anything"),
      requestSchema: ZCreatePayoutsBody,
    })
    .input(ZCreatePayoutsInput)
    .output(z.array(z.record(z.string(), z.unknown())).meta({ description: "One entry per item, in order: {} when valid, else its field errors" }))
    .mutation(({ ctx, input }) => validatePayouts(ctx, input)),

  delete: integrationProcedure
    .meta({
      ...meta.delete("Delete a Payout while its Payrun is open; cancel it (canceled_at, stays readable) once invoiced; 409 once paid or cancelled"),
      errors: [409],
    })
    .input(ZPayoutLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deletePayout(ctx, input.payout_id)),

  resend: resendProcedure(meta.at("PATCH", resend, "Notify the Employee again (at most once per 24 hours)")),
  /** Older clients send PUT. */
  resendLegacy: resendProcedure(meta.at("PUT", resend, "Notify the Employee again (PUT, for older clients)", { deprecated: true })),
});
