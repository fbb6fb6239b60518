import { z } from "zod";
import { integrationProcedure, router, type Meta } from "@/trpc/init";
import { integrationScoped, restMeta } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { ZCsvExport } from "@/domain/shared/csv-export";
import { currentLocale } from "@/i18n/locale";
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
import { createEmployee } from "./employee-create";
import { listEmployees } from "./employee-list";
import { toEmployeeApi } from "./employee-representation";
import { deleteEmployee, getEmployee, resendInvitation, resendInvitations, updateEmployee } from "./employee-service";

const meta = restMeta(integrationScoped("Employees"), "/employees/", "/employees/{employee_id}/");
const resend = "/employees/{employee_id}/resend/";

/** One resend under two methods: PATCH, and PUT for older clients. */
const resendProcedure = (resendMeta: Meta) =>
  integrationProcedure
    .meta({ ...resendMeta, status: 204 })
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => resendInvitation(ctx, input.employee_id));

/** PATCH (`partial`) keeps omitted fields, PUT (`replace`) resets them as create would: one service call, told which. */
const writeProcedure = (writeMeta: Meta, request: typeof ZUpdateEmployeeRequest | typeof ZReplaceEmployeeRequest, mode: "partial" | "replace") =>
  integrationProcedure
    .meta(writeMeta)
    .input(request)
    .output(ZEmployee)
    .mutation(async ({ ctx, input: { employee_id, ...body } }) => toEmployeeApi(await updateEmployee(ctx, employee_id, body, mode)));

export const employeeRouter = router({
  list: integrationProcedure
    .meta(meta.list("List Employees"))
    .input(ZListEmployeesQuery)
    .output(ZEmployeeList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listEmployees(ctx, input), (rows) => rows.map(toEmployeeApi))),

  /** The dashboard's CSV export: every Employee the list's filters match, in the person's CSV style (no REST path). */
  export: integrationProcedure
    .input(ZListEmployeesQuery.omit({ page: true, page_size: true }))
    .output(ZCsvExport)
    .query(({ ctx, input }) => exportEmployees(ctx, input, currentLocale())),

  /** The dashboard's bulk resend: sends what the once-a-day rule allows and reports the rest (no REST path). */
  resendMany: integrationProcedure
    .input(ZBulkResendInput)
    .output(ZBulkResendResult)
    .mutation(({ ctx, input }) => resendInvitations(ctx, input.employee_ids)),

  get: integrationProcedure
    .meta(meta.get("Retrieve an Employee"))
    .input(ZEmployeeLookup)
    .output(ZEmployee)
    .query(async ({ ctx, input }) => toEmployeeApi(await getEmployee(ctx, input.employee_id))),

  create: integrationProcedure
    .meta(meta.create("Create an Employee (and send the invitation)"))
    .input(ZCreateEmployeeRequest)
    .output(ZEmployee)
    .mutation(async ({ ctx, input }) => toEmployeeApi(await createEmployee(ctx, input))),

  update: writeProcedure(meta.update("Update an Employee (omitted fields keep their value)"), ZUpdateEmployeeRequest, "partial"),
  replace: writeProcedure(meta.replace("Replace an Employee"), ZReplaceEmployeeRequest, "replace"),

  delete: integrationProcedure
    .meta(meta.delete("Delete an Employee (refused once a Payout exists)"))
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteEmployee(ctx, input.employee_id)),

  /**
   * The dashboard's resend of one invitation: refused (409) once the Employee has claimed, where the API's
   * resend below follows the spec (any state) and sends a new link.
   */
  resendInvitation: integrationProcedure
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => resendInvitation(ctx, input.employee_id, { unclaimedOnly: true })),

  resend: resendProcedure(meta.at("PATCH", resend, "Send the invitation again (at most once per 24 hours)")),
  /** Older clients send PUT. */
  resendLegacy: resendProcedure(meta.at("PUT", resend, "Send the invitation again (PUT, for older clients)", { deprecated: true })),
});
