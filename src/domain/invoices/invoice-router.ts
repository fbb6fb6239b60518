import { auditActorOf } from "@/trpc/audit-actor";
import { z } from "zod";
import { integrationProcedure, operatorProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { toInvoicesApi } from "@/domain/billing/invoice-representation";
import {
  ZUnpaidInvoice,
  ZFileOutput,
  ZInvoice,
  ZInvoiceList,
  ZInvoiceLookup,
  ZIssueInvoiceRequest,
  ZListInvoicesQuery,
  ZUpdateInvoiceRequest,
} from "@/domain/billing/invoice-schemas";
import { payDemoInvoice, payInvoice, unpaidPrepaymentInvoices } from "./invoice-payment";
import { getInvoice, invoicePdf, issueInvoice, listInvoices, updateInvoice } from "./invoice-service";

const item = "/invoices/{invoice_id}/";
const openapi = integrationScoped("Invoices");

export const invoiceRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/invoices/", summary: "List Invoices" }, detailPath: "/v2/invoices/{id}/" })
    .input(ZListInvoicesQuery)
    .output(ZInvoiceList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listInvoices(ctx, input), (rows) => toInvoicesApi(ctx.db, rows, ctx.baseUrl))),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve an Invoice" } })
    .input(ZInvoiceLookup)
    .output(ZInvoice)
    .query(({ ctx, input }) => getInvoice(ctx, input.invoice_id)),

  update: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PATCH", path: item, summary: "Update an Invoice's metadata (any state)" } })
    .input(ZUpdateInvoiceRequest)
    .output(ZInvoice)
    .mutation(({ ctx, input: { invoice_id, ...patch } }) => updateInvoice(ctx, invoice_id, patch)),

  issue: integrationProcedure
    .meta({
      openapi: { ...openapi, method: "POST", path: "/invoices/{invoice_id}/issue/", summary: "Issue a pro-forma Invoice (a Payrun's: closes the Payrun)" },
      errors: [409],
    })
    .input(ZIssueInvoiceRequest)
    .output(ZInvoice)
    .mutation(({ ctx, input }) => issueInvoice(ctx, input.invoice_id, input.due_date)),

  pdf: integrationProcedure
    .meta({
      openapi: { ...openapi, method: "GET", path: "/invoices/{invoice_id}/pdf/", summary: "The issued Invoice as a PDF" },
      file: "application/pdf",
      errors: [503],
    })
    .input(ZInvoiceLookup)
    .output(ZFileOutput)
    .query(({ ctx, input }) => invoicePdf(ctx, input.invoice_id)),

  /** Demo only: stands in for the bank transfer (a Payrun's Invoice: as POST /v2/payruns/{id}/pay/). */
  pay: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: "/invoices/{invoice_id}/pay/",
        summary: "Mark an Invoice paid (demo environment only)",
      },
      errors: [409],
      demoOnly: true,
    })
    .input(ZInvoiceLookup)
    .output(ZInvoice)
    .mutation(({ ctx, input }) => payDemoInvoice(ctx, input.invoice_id, auditActorOf(ctx))),

  /** The review team's view (dashboard only): issued, unpaid Prepayment Invoices of every account and environment. */
  unpaidPrepayments: operatorProcedure.output(z.array(ZUnpaidInvoice)).query(({ ctx }) => unpaidPrepaymentInvoices(ctx)),

  /** The review team records an Invoice's payment (any environment, any billing type). */
  markPaid: operatorProcedure
    .input(z.object({ invoicePk: z.uuid() }))
    .output(ZInvoice)
    .mutation(({ ctx, input }) => payInvoice(ctx, { pk: input.invoicePk }, auditActorOf(ctx))),
});
