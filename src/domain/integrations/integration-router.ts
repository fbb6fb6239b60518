import { z } from "zod";
import { accountProcedure, router, type Meta } from "@/trpc/init";
import { accountScoped, restMeta, withFileUploads } from "@/trpc/openapi-meta";
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
import { createIntegration, deleteIntegration, getIntegration, listIntegrations, toIntegrationApi, updateIntegration } from "./integration-service";
import { integrationCounts, ZIntegrationCounts } from "./integration-counts";

const meta = restMeta(accountScoped("Integrations"), "/integrations/", "/integrations/{integration_id}/");

/** PATCH (`partial`) keeps omitted fields, PUT (`replace`) resets them as create would: one service call, told which. */
const writeProcedure = (writeMeta: Meta, request: typeof ZUpdateIntegrationRequest | typeof ZReplaceIntegrationRequest, mode: "partial" | "replace") =>
  accountProcedure
    .meta(writeMeta)
    .input(request)
    .output(ZIntegration)
    .mutation(async ({ ctx, input: { integration_id, ...body } }) =>
      toIntegrationApi(await updateIntegration(ctx.db, ctx.scope, integration_id, body, mode), ctx.baseUrl),
    );

export const integrationRouter = router({
  list: accountProcedure
    .meta(meta.list("List Integrations"))
    .input(ZListIntegrationsQuery)
    .output(ZIntegrationList)
    .query(async ({ ctx, input }) =>
      pageEnvelope(ctx, input, await listIntegrations(ctx.db, ctx.scope, input), (rows) => rows.map((r) => toIntegrationApi(r, ctx.baseUrl))),
    ),

  get: accountProcedure
    .meta(meta.get("Retrieve an Integration"))
    .input(ZIntegrationLookup)
    .output(ZIntegration)
    .query(async ({ ctx, input }) => toIntegrationApi(await getIntegration(ctx.db, ctx.scope, input.integration_id), ctx.baseUrl)),

  /** The dashboard's Integration page: how many Employees, Payouts, Payruns, Invoices and webhooks it has (no REST path). */
  counts: accountProcedure
    .input(ZIntegrationLookup)
    .output(ZIntegrationCounts)
    .query(({ ctx, input }) => integrationCounts(ctx.db, ctx.scope, input.integration_id)),

  create: accountProcedure
    .meta(meta.create("Create an Integration (type 3)", withFileUploads))
    .input(ZCreateIntegrationRequest)
    .output(ZIntegration)
    .mutation(async ({ ctx, input }) => toIntegrationApi(await createIntegration(ctx.db, ctx.scope, input), ctx.baseUrl)),

  update: writeProcedure(meta.update("Update an Integration (omitted fields keep their value)", withFileUploads), ZUpdateIntegrationRequest, "partial"),
  replace: writeProcedure(meta.replace("Replace an Integration (create's required fields)", withFileUploads), ZReplaceIntegrationRequest, "replace"),

  delete: accountProcedure
    .meta(meta.delete("Delete an Integration (type 3 without associated objects)"))
    .input(ZIntegrationLookup)
    .output(z.void())
    .mutation(async ({ ctx, input }) => deleteIntegration(ctx.db, ctx.scope, input.integration_id)),
});
