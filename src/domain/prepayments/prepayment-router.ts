import { z } from "zod";
import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { toPrepaymentsApi } from "./prepayment-representation";
import {
  ZCreatePrepaymentRequest,
  ZGetPrepaymentQuery,
  ZListPrepaymentsQuery,
  ZPrepayment,
  ZPrepaymentList,
  ZPrepaymentLookup,
  ZPrepaymentUses,
  ZUpdatePrepaymentRequest,
} from "./prepayment-schemas";
import { createPrepayment, deletePrepayment, getPrepayment, listPrepayments, prepaymentUses, updatePrepayment } from "./prepayment-service";

const path = "/prepayments/";
const item = "/prepayments/{prepayment_id}/";
const openapi = integrationScoped("Prepayments");

export const prepaymentRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path, summary: "List Prepayments" }, detailPath: "/v2/prepayments/{id}/" })
    .input(ZListPrepaymentsQuery)
    .output(ZPrepaymentList)
    .query(async ({ ctx, input }) =>
      pageEnvelope(ctx, input, await listPrepayments(ctx, input), (rows) => toPrepaymentsApi(ctx.db, rows, ctx.baseUrl, input.expand)),
    ),

  create: integrationProcedure
    .meta({ openapi: { ...openapi, method: "POST", path, summary: "Create a Prepayment (a DRAFT, with its pro-forma Invoice)" }, status: 201 })
    .input(ZCreatePrepaymentRequest)
    .output(ZPrepayment)
    .mutation(({ ctx, input }) => createPrepayment(ctx, input)),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve a Prepayment" } })
    .input(ZGetPrepaymentQuery)
    .output(ZPrepayment)
    .query(({ ctx, input }) => getPrepayment(ctx, input.prepayment_id, input.expand)),

  update: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PATCH", path: item, summary: "Update a DRAFT Prepayment" } })
    .input(ZUpdatePrepaymentRequest)
    .output(ZPrepayment)
    .mutation(({ ctx, input: { prepayment_id, ...patch } }) => updatePrepayment(ctx, prepayment_id, patch)),

  delete: integrationProcedure
    .meta({ openapi: { ...openapi, method: "DELETE", path: item, summary: "Delete a DRAFT Prepayment" }, status: 204 })
    .input(ZPrepaymentLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deletePrepayment(ctx, input.prepayment_id)),

  /** Dashboard only: which closed Payruns used the balance, and how much. */
  uses: integrationProcedure
    .input(ZPrepaymentLookup)
    .output(ZPrepaymentUses)
    .query(({ ctx, input }) => prepaymentUses(ctx, input.prepayment_id)),
});
