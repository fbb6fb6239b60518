import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { envelope } from "@/trpc/pagination";
import { toInvoicesApi } from "./invoice-representation";
import { ZFileOutput, ZInvoice, ZInvoiceList, ZInvoiceLookup, ZIssueInvoiceRequest, ZListInvoicesQuery } from "./invoice-schemas";
import { getInvoice, invoicePdf, issueInvoice, listInvoices } from "./invoice-service";

const item = "/invoices/{invoice_id}/";
const openapi = integrationScoped("Invoices");

export const invoiceRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/invoices/", summary: "List Invoices" }, detailPath: "/v2/invoices/{id}/" })
    .input(ZListInvoicesQuery)
    .output(ZInvoiceList)
    .query(async ({ ctx, input }) => {
      const { count, rows } = await listInvoices(ctx.db, ctx.scope, input);
      return envelope(ctx, input, count, await toInvoicesApi(ctx.db, rows, ctx.baseUrl));
    }),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve an Invoice" } })
    .input(ZInvoiceLookup)
    .output(ZInvoice)
    .query(({ ctx, input }) => getInvoice(ctx.db, ctx.scope, input.invoice_id, ctx.baseUrl)),

  issue: integrationProcedure
    .meta({ openapi: { ...openapi, method: "POST", path: "/invoices/{invoice_id}/issue/", summary: "Issue a pro-forma Invoice (a Payrun's: closes the Payrun)" } })
    .input(ZIssueInvoiceRequest)
    .output(ZInvoice)
    .mutation(({ ctx, input }) => issueInvoice(ctx.db, ctx.scope, input.invoice_id, input.due_date, ctx.baseUrl)),

  pdf: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/invoices/{invoice_id}/pdf/", summary: "The issued Invoice as a PDF" }, file: "application/pdf" })
    .input(ZInvoiceLookup)
    .output(ZFileOutput)
    .query(({ ctx, input }) => invoicePdf(ctx.db, ctx.scope, input.invoice_id, ctx.baseUrl)),
});
