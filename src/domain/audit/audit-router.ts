/**
 * The audit log's procedures (dashboard only): admins read their account's records, operators the review
 * team's. There is no procedure that changes or removes a record (tests/http/audit-log.test.ts checks it).
 */
import { ZCsvExport } from "@/domain/shared/csv-export";
import { currentLocale } from "@/i18n/locale";
import { accountProcedure, operatorProcedure, router } from "@/trpc/init";
import { exportAudit, listAudit } from "./audit-list";
import { ZAuditFilters, ZAuditPage, ZListAuditQuery } from "./audit-schemas";

export const auditRouter = router({
  list: accountProcedure
    .input(ZListAuditQuery)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAudit(ctx.db, { accountPk: ctx.scope.accountPk }, input)),
  export: accountProcedure
    .input(ZAuditFilters)
    .output(ZCsvExport)
    .query(({ ctx, input }) => exportAudit(ctx.db, { accountPk: ctx.scope.accountPk }, input, currentLocale())),
  operatorList: operatorProcedure
    .input(ZListAuditQuery)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAudit(ctx.db, { operators: true }, input)),
  operatorExport: operatorProcedure
    .input(ZAuditFilters)
    .output(ZCsvExport)
    .query(({ ctx, input }) => exportAudit(ctx.db, { operators: true }, input, currentLocale())),
});
