import { auditActorOf } from "@/trpc/audit-actor";
import { z } from "zod";
import { accountProcedure, router } from "@/trpc/init";
import { pageEnvelope } from "@/trpc/pagination";
import { approveDemoRegistration } from "./registration-approval";
import {
  ZCreateRegistrationRequest,
  ZListRegistrationsQuery,
  ZRegistration,
  ZRegistrationList,
  ZRegistrationLookup,
  ZReplaceRegistrationRequest,
  ZUpdateRegistrationRequest,
} from "./registration-schemas";
import {
  createRegistration,
  deleteRegistration,
  getRegistration,
  listRegistrations,
  patchRegistration,
  replaceRegistration,
  toRegistrationApi,
} from "./registration-service";
import { reviewRouter } from "./review-router";

const tags = ["Registrations"];
const path = "/registrations/";
const item = "/registrations/{registration_id}/";
const detailPath = "/v2/registrations/{id}/";

export const registrationRouter = router({
  list: accountProcedure
    .meta({ openapi: { method: "GET", path, tags, summary: "List Registrations", protect: true }, detailPath })
    .input(ZListRegistrationsQuery)
    .output(ZRegistrationList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listRegistrations(ctx.db, ctx.scope, input), (rows) => rows.map(toRegistrationApi))),

  get: accountProcedure
    .meta({ openapi: { method: "GET", path: item, tags, summary: "Retrieve a Registration", protect: true } })
    .input(ZRegistrationLookup)
    .output(ZRegistration)
    .query(async ({ ctx, input }) => toRegistrationApi(await getRegistration(ctx.db, ctx.scope, input.registration_id))),

  create: accountProcedure
    .meta({ openapi: { method: "POST", path, tags, summary: "Create a Registration (it awaits review)", protect: true }, status: 201 })
    .input(ZCreateRegistrationRequest)
    .output(ZRegistration)
    .mutation(async ({ ctx, input }) => toRegistrationApi(await createRegistration(ctx.db, ctx.scope, input))),

  update: accountProcedure
    .meta({
      openapi: { method: "PATCH", path: item, tags, summary: "Update a Registration awaiting review (omitted fields keep their value)", protect: true },
    })
    .input(ZUpdateRegistrationRequest)
    .output(ZRegistration)
    .mutation(async ({ ctx, input: { registration_id, ...patch } }) =>
      toRegistrationApi(await patchRegistration(ctx.db, ctx.scope, registration_id, patch, auditActorOf(ctx))),
    ),

  replace: accountProcedure
    .meta({ openapi: { method: "PUT", path: item, tags, summary: "Replace a Registration awaiting review", protect: true } })
    .input(ZReplaceRegistrationRequest)
    .output(ZRegistration)
    .mutation(async ({ ctx, input: { registration_id, ...body } }) =>
      toRegistrationApi(await replaceRegistration(ctx.db, ctx.scope, registration_id, body, auditActorOf(ctx))),
    ),

  delete: accountProcedure
    .meta({ openapi: { method: "DELETE", path: item, tags, summary: "Delete a Registration awaiting review", protect: true }, status: 204 })
    .input(ZRegistrationLookup)
    .output(z.void())
    .mutation(async ({ ctx, input }) => deleteRegistration(ctx.db, ctx.scope, input.registration_id)),

  approve: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/registrations/{registration_id}/approve/",
        tags,
        summary: "Approve a Registration and create its Integration (demo environment only)",
        protect: true,
      },
    })
    .input(ZRegistrationLookup)
    .output(ZRegistration)
    .mutation(async ({ ctx, input }) => toRegistrationApi(await approveDemoRegistration(ctx, input.registration_id, auditActorOf(ctx)))),

  /** The operator's review team (dashboard only). */
  review: reviewRouter,
});
