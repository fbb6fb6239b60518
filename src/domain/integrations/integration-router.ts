import { z } from "zod";
import { accountProcedure, router } from "@/trpc/init";
import { pageEnvelope } from "@/trpc/pagination";
import {
  ZCreateIntegrationRequest,
  ZIntegration,
  ZIntegrationList,
  ZIntegrationLookup,
  ZListIntegrationsQuery,
  ZReplaceIntegrationRequest,
  ZUpdateIntegrationRequest,
} from "./integration-schemas";
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  listIntegrations,
  toIntegrationApi,
  updateIntegration,
} from "./integration-service";
import { integrationCounts, ZIntegrationCounts } from "./integration-counts";

const tags = ["Integrations"];
const path = "/integrations/";
const item = "/integrations/{integration_id}/";
const detailPath = "/v2/integrations/{id}/";

export const integrationRouter = router({
  list: accountProcedure
    .meta({ openapi: { method: "GET", path, tags, summary: "List Integrations", protect: true }, detailPath })
    .input(ZListIntegrationsQuery)
    .output(ZIntegrationList)
    .query(async ({ ctx, input }) =>
      pageEnvelope(ctx, input, await listIntegrations(ctx.db, ctx.scope, input), (rows) => rows.map((r) => toIntegrationApi(r, ctx.baseUrl))),
    ),

  get: accountProcedure
    .meta({ openapi: { method: "GET", path: item, tags, summary: "Retrieve an Integration", protect: true } })
    .input(ZIntegrationLookup)
    .output(ZIntegration)
    .query(async ({ ctx, input }) => toIntegrationApi(await getIntegration(ctx.db, ctx.scope, input.integration_id), ctx.baseUrl)),

  /** The dashboard's Integration page: how many Employees, Payouts, Payruns, Invoices and webhooks it has (no REST path). */
  counts: accountProcedure
    .input(ZIntegrationLookup)
    .output(ZIntegrationCounts)
    .query(({ ctx, input }) => integrationCounts(ctx.db, ctx.scope, input.integration_id)),

  create: accountProcedure
    .meta({
      openapi: { method: "POST", path, tags, summary: "Create an Integration (type 3)", protect: true, contentTypes: ["application/json", "multipart/form-data"] },
      status: 201,
    })
    .input(ZCreateIntegrationRequest)
    .output(ZIntegration)
    .mutation(async ({ ctx, input }) => toIntegrationApi(await createIntegration(ctx.db, ctx.scope, input), ctx.baseUrl)),

  update: accountProcedure
    .meta({
      openapi: { method: "PATCH", path: item, tags, summary: "Update an Integration (omitted fields keep their value)", protect: true, contentTypes: ["application/json", "multipart/form-data"] },
    })
    .input(ZUpdateIntegrationRequest)
    .output(ZIntegration)
    .mutation(async ({ ctx, input: { integration_id, ...patch } }) =>
      toIntegrationApi(await updateIntegration(ctx.db, ctx.scope, integration_id, patch, "partial"), ctx.baseUrl),
    ),

  replace: accountProcedure
    .meta({
      openapi: { method: "PUT", path: item, tags, summary: "Replace an Integration (create's required fields)", protect: true, contentTypes: ["application/json", "multipart/form-data"] },
    })
    .input(ZReplaceIntegrationRequest)
    .output(ZIntegration)
    .mutation(async ({ ctx, input: { integration_id, ...body } }) =>
      toIntegrationApi(await updateIntegration(ctx.db, ctx.scope, integration_id, body, "replace"), ctx.baseUrl),
    ),

  delete: accountProcedure
    .meta({ openapi: { method: "DELETE", path: item, tags, summary: "Delete an Integration (type 3 without associated objects)", protect: true }, status: 204 })
    .input(ZIntegrationLookup)
    .output(z.void())
    .mutation(async ({ ctx, input }) => deleteIntegration(ctx.db, ctx.scope, input.integration_id)),
});
