import { z } from "zod";
import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { ZCsvExport } from "@/domain/shared/csv-export";
import { exportEmployees } from "./employee-export";
import {
  ZBulkResendInput,
  ZBulkResendResult,
  ZCreateEmployeeRequest,
  ZEmployee,
  ZEmployeeList,
  ZEmployeeLookup,
  ZListEmployeesQuery,
  ZReplaceEmployeeRequest,
  ZUpdateEmployeeRequest,
} from "./employee-schemas";
import {
  createEmployee,
  deleteEmployee,
  getEmployee,
  listEmployees,
  resendInvitation,
  resendInvitations,
  toEmployeeApi,
  updateEmployee,
} from "./employee-service";

const path = "/employees/";
const item = "/employees/{employee_id}/";
const resend = "/employees/{employee_id}/resend/";
const openapi = integrationScoped("Employees");

export const employeeRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path, summary: "List Employees" }, detailPath: "/v2/employees/{id}/" })
    .input(ZListEmployeesQuery)
    .output(ZEmployeeList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listEmployees(ctx.db, ctx.scope, input), (rows) => rows.map(toEmployeeApi))),

  /** The dashboard's CSV export: every Employee the list's filters match (no REST path). */
  export: integrationProcedure
    .input(ZListEmployeesQuery.omit({ page: true, page_size: true }))
    .output(ZCsvExport)
    .query(({ ctx, input }) => exportEmployees(ctx.db, ctx.scope, input)),

  /** The dashboard's bulk resend: sends what the once-a-day rule allows and reports the rest (no REST path). */
  resendMany: integrationProcedure
    .input(ZBulkResendInput)
    .output(ZBulkResendResult)
    .mutation(({ ctx, input }) => resendInvitations(ctx.db, ctx.scope, input.employee_ids, ctx.baseUrl)),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve an Employee" } })
    .input(ZEmployeeLookup)
    .output(ZEmployee)
    .query(async ({ ctx, input }) => toEmployeeApi(await getEmployee(ctx.db, ctx.scope, input.employee_id))),

  create: integrationProcedure
    .meta({ openapi: { ...openapi, method: "POST", path, summary: "Create an Employee (and send the invitation)" }, status: 201 })
    .input(ZCreateEmployeeRequest)
    .output(ZEmployee)
    .mutation(async ({ ctx, input }) => toEmployeeApi(await createEmployee(ctx.db, ctx.scope, input, ctx.baseUrl))),

  update: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PATCH", path: item, summary: "Update an Employee (omitted fields keep their value)" } })
    .input(ZUpdateEmployeeRequest)
    .output(ZEmployee)
    .mutation(async ({ ctx, input: { employee_id, ...patch } }) =>
      toEmployeeApi(await updateEmployee(ctx.db, ctx.scope, employee_id, patch, "partial")),
    ),

  replace: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PUT", path: item, summary: "Replace an Employee" } })
    .input(ZReplaceEmployeeRequest)
    .output(ZEmployee)
    .mutation(async ({ ctx, input: { employee_id, ...body } }) =>
      toEmployeeApi(await updateEmployee(ctx.db, ctx.scope, employee_id, body, "replace")),
    ),

  delete: integrationProcedure
    .meta({ openapi: { ...openapi, method: "DELETE", path: item, summary: "Delete an Employee (refused once a Payout exists)" }, status: 204 })
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteEmployee(ctx.db, ctx.scope, input.employee_id)),

  resend: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PATCH", path: resend, summary: "Send the invitation again (at most once per 24 hours)" }, status: 204 })
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => resendInvitation(ctx.db, ctx.scope, input.employee_id, ctx.baseUrl)),

  /** Older clients send PUT. */
  resendLegacy: integrationProcedure
    .meta({
      openapi: { ...openapi, method: "PUT", path: resend, summary: "Send the invitation again (PUT, for older clients)", deprecated: true },
      status: 204,
    })
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => resendInvitation(ctx.db, ctx.scope, input.employee_id, ctx.baseUrl)),
});
