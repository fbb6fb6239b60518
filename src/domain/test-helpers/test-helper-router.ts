/**
 * /v2/test_helpers/: the demo environment's stand-ins for the Employee, the review team and the bank. Demo keys
 * only (a live key gets 403). The demo payments also keep their older paths, POST /v2/invoices/{id}/pay/ and
 * POST /v2/payruns/{id}/pay/.
 */
import { demoIntegrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { ZEmployee, ZEmployeeLookup } from "@/domain/employees/employee-schemas";
import { ZPayout, ZPayoutLookup } from "@/domain/payouts/payout-schemas";
import { ZInvoice, ZInvoiceLookup } from "@/domain/billing/invoice-schemas";
import { payDemoInvoice } from "@/domain/invoices/invoice-payment";
import { payDemoPayrun } from "@/domain/payruns/payrun-payment";
import { ZPayrun, ZPayrunLookup } from "@/domain/payruns/payrun-schemas";
import { acceptPayoutForTest, claimEmployeeForTest, verifyEmployeeForTest } from "./test-helper-service";

const openapi = integrationScoped("Test helpers (demo only)");
const at = (path: `/test_helpers/${string}/`, summary: string) => ({
  openapi: { ...openapi, method: "POST" as const, path, summary, description: `Demo API keys only: a live key gets 403. ${summary}.` },
  errors: [409] as const,
});

export const testHelperRouter = router({
  claimEmployee: demoIntegrationProcedure
    .meta(at("/test_helpers/employees/{employee_id}/claim/", "As if the Employee claimed the invitation (Employee.claimed; then onboarding)"))
    .input(ZEmployeeLookup)
    .output(ZEmployee)
    .mutation(({ ctx, input }) => claimEmployeeForTest(ctx, input.employee_id)),

  verifyEmployee: demoIntegrationProcedure
    .meta(at("/test_helpers/employees/{employee_id}/verify/", "As if the review team verified the claimed Employee (Employee.verified; then active)"))
    .input(ZEmployeeLookup)
    .output(ZEmployee)
    .mutation(({ ctx, input }) => verifyEmployeeForTest(ctx, input.employee_id, { userId: ctx.principal.userId, apiKeyPk: ctx.principal.apiKeyPk })),

  acceptPayout: demoIntegrationProcedure
    .meta(
      at("/test_helpers/payouts/{payout_id}/accept/", "As if the Employee accepted the Payout (Payout.accepted; then complete); 409 names the missing step"),
    )
    .input(ZPayoutLookup)
    .output(ZPayout)
    .mutation(({ ctx, input }) => acceptPayoutForTest(ctx, input.payout_id)),

  payInvoice: demoIntegrationProcedure
    .meta(at("/test_helpers/invoices/{invoice_id}/pay/", "Mark an Invoice paid, standing in for the bank transfer (a Payrun's: its Payouts are notified)"))
    .input(ZInvoiceLookup)
    .output(ZInvoice)
    .mutation(({ ctx, input }) => payDemoInvoice(ctx, input.invoice_id)),

  payPayrun: demoIntegrationProcedure
    .meta(at("/test_helpers/payruns/{payrun_id}/pay/", "Mark a Payrun paid, standing in for the bank transfer (its Payouts are notified)"))
    .input(ZPayrunLookup)
    .output(ZPayrun)
    .mutation(({ ctx, input }) => payDemoPayrun(ctx, input.payrun_id)),
});
