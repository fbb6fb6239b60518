import { auditActorOf } from "@/trpc/audit-actor";
import { z } from "zod";
import { integrationProcedure, operatorProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { markPayrunPaid, payDemoPayrun, unpaidPayruns } from "./payrun-payment";
import { toPayrunsApi } from "./payrun-representation";
import {
  ZCreatePayrunRequest,
  ZGetPayrunQuery,
  ZListPayrunsQuery,
  ZPayrun,
  ZPayrunList,
  ZPayrunLookup,
  ZUnpaidPayrun,
  ZUpdatePayrunRequest,
} from "./payrun-schemas";
import { closePayrun } from "./payrun-close";
import { createPayrun } from "./payrun-explicit";
import { deletePayrun, getPayrun, listPayruns, updatePayrun } from "./payrun-service";

const item = "/payruns/{payrun_id}/";
const openapi = integrationScoped("Payruns");

export const payrunRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/payruns/", summary: "List Payruns" }, detailPath: "/v2/payruns/{id}/" })
    .input(ZListPayrunsQuery)
    .output(ZPayrunList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listPayruns(ctx, input), (rows) => toPayrunsApi(ctx.db, rows, ctx.baseUrl, input.expand))),

  create: integrationProcedure
    .meta({
      openapi: { ...openapi, method: "POST", path: "/payruns/", summary: "Create an explicit Payrun (needs the Integration's payrun_management; 403 without)" },
      status: 201,
    })
    .input(ZCreatePayrunRequest)
    .output(ZPayrun)
    .mutation(({ ctx, input }) => createPayrun(ctx, input)),

  get: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "GET",
        path: item,
        summary: "Retrieve a Payrun (payrun_id open: the open automatic Payrun of the Integration's currency)",
      },
    })
    .input(ZGetPayrunQuery)
    .output(ZPayrun)
    .query(({ ctx, input }) => getPayrun(ctx, input.payrun_id, input.expand)),

  update: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "PATCH",
        path: item,
        summary: "Update an open Payrun's id, name, description, invoice_marking or metadata (refused once closed)",
      },
    })
    .input(ZUpdatePayrunRequest)
    .output(ZPayrun)
    .mutation(({ ctx, input: { payrun_id, ...patch } }) => updatePayrun(ctx, payrun_id, patch)),

  delete: integrationProcedure
    .meta({ openapi: { ...openapi, method: "DELETE", path: item, summary: "Delete an unpaid Payrun without Payouts" }, status: 204 })
    .input(ZPayrunLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deletePayrun(ctx, input.payrun_id)),

  close: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: "/payruns/{payrun_id}/close/",
        summary: "Close (finalise) a Payrun and issue its Invoice: new Payouts open the next one",
      },
      status: 204,
    })
    .input(ZPayrunLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => closePayrun(ctx, input.payrun_id)),

  /** Demo only: stands in for the bank transfer that pays a live Payrun. */
  pay: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: "/payruns/{payrun_id}/pay/",
        summary: "Mark a Payrun paid (demo environment only)",
      },
      errors: [409],
      demoOnly: true,
    })
    .input(ZPayrunLookup)
    .output(ZPayrun)
    .mutation(({ ctx, input }) => payDemoPayrun(ctx, input.payrun_id, auditActorOf(ctx))),

  /** The review team's view (dashboard only): unpaid Payruns with Payouts, in every account and environment. */
  unpaid: operatorProcedure.output(z.array(ZUnpaidPayrun)).query(({ ctx }) => unpaidPayruns(ctx)),

  /** The review team records a Payrun's payment (any environment); its Payouts are then notified. */
  markPaid: operatorProcedure
    .input(z.object({ payrunPk: z.uuid() }))
    .output(ZPayrun)
    .mutation(({ ctx, input }) => markPayrunPaid(ctx, { pk: input.payrunPk }, auditActorOf(ctx))),
});
