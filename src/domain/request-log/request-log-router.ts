/** The request log for the account's admins in the dashboard (permissions.ts: no key reads it; no REST paths). */
import { accountProcedure, router } from "@/trpc/init";
import { ZListRequestLogsQuery, ZRequestIdLookup, ZRequestLogDetail, ZRequestLogLookup, ZRequestLogMatches, ZRequestLogPage } from "./request-log-schemas";
import { findRequestLogs, getRequestLog, listRequestLogs } from "./request-log-service";

export const requestLogRouter = router({
  list: accountProcedure
    .input(ZListRequestLogsQuery)
    .output(ZRequestLogPage)
    .query(({ ctx, input }) => listRequestLogs(ctx, input)),
  find: accountProcedure
    .input(ZRequestIdLookup)
    .output(ZRequestLogMatches)
    .query(({ ctx, input }) => findRequestLogs(ctx, input.request_id)),
  get: accountProcedure
    .input(ZRequestLogLookup)
    .output(ZRequestLogDetail)
    .query(({ ctx, input }) => getRequestLog(ctx, input.pk)),
});
