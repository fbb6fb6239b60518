/**
 * /v2/test_helpers/: the demo environment's stand-ins for the Employee, the review team and the bank. Demo keys
 * only (a live key gets 403). The demo payments also keep their older paths, POST /v2/invoices/{id}/pay/ and
 * POST /v2/payruns/{id}/pay/.
 */
import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import { demoAccountProcedure, demoIntegrationProcedure, router } from "@/trpc/init";
import { accountScoped, integrationScoped } from "@/trpc/openapi-meta";
import { ZAdvanceDemoClock, ZDemoClock } from "./demo-clock-schemas";
import { advanceDemoClock, readDemoClock } from "./demo-clock-service";
import { ZEmployee, ZEmployeeLookup } from "@/domain/employees/employee-schemas";
import { ZPayout, ZPayoutLookup } from "@/domain/payouts/payout-schemas";
import { ZInvoice, ZInvoiceLookup } from "@/domain/billing/invoice-schemas";
import { payDemoInvoice } from "@/domain/invoices/invoice-payment";
import { payDemoPayrun } from "@/domain/payruns/payrun-payment";
import { ZPayrun, ZPayrunLookup } from "@/domain/payruns/payrun-schemas";
import { ZClaimDetails } from "@/domain/employees/claim-details-rules";
import { acceptPayoutForTest, claimEmployeeForTest, verifyEmployeeForTest } from "./test-helper-service";

const openapi = integrationScoped("Test helpers (demo only)");
const at = (path: `/test_helpers/${string}/`, summary: string) => ({
  openapi: { ...openapi, method: "POST" as const, path, summary, description: `${summary}.` },
  errors: [409] as const,
  demoOnly: true as const,
});

// The clock is the account's (every Integration of its demo environment shares it): no Integration-ID.
const clockApi = accountScoped("Test helpers (demo only)");
const CLOCK_RULES =
  "Every time rule of the account's demo environment reads it: timestamps written, resend limits, explicit Payrun auto-close, invoice due dates and `overdue`, webhook retries and auto-disable, Idempotency-Key expiry. The records of when people acted keep the real time: the audit log and the request log";

export const testHelperRouter = router({
  clock: demoAccountProcedure
    .meta({
      openapi: {
        ...clockApi,
        method: "GET",
        path: "/test_helpers/clock/",
        summary: "The account's demo clock",
        description: `The demo environment's time and how far it runs ahead of the real time. ${CLOCK_RULES}.`,
      },
      demoOnly: true,
    })
    .input(z.object({}))
    .output(ZDemoClock)
    .query(({ ctx }) => readDemoClock(ctx)),

  advanceClock: demoAccountProcedure
    .meta({
      openapi: {
        ...clockApi,
        method: "POST",
        path: "/test_helpers/clock/advance/",
        summary: "Move the account's demo clock forward",
        description: `Forward only, 1 to 7776000 seconds (90 days) a call; the account's scheduled demo jobs (webhook retries, explicit Payrun auto-close) come forward by as much. ${CLOCK_RULES}.`,
      },
      demoOnly: true,
    })
    .input(ZAdvanceDemoClock)
    .output(ZDemoClock)
    .mutation(({ ctx, input }) => advanceDemoClock(ctx, input.seconds)),

  claimEmployee: demoIntegrationProcedure
    .meta(at("/test_helpers/employees/{employee_id}/claim/", "As if the Employee claimed the invitation (Employee.claimed; then onboarding)"))
    .input(ZEmployeeLookup.extend(ZClaimDetails.partial().shape))
    .output(ZEmployee)
    .mutation(({ ctx, input: { employee_id, ...details } }) => claimEmployeeForTest(ctx, employee_id, details)),

  verifyEmployee: demoIntegrationProcedure
    .meta(at("/test_helpers/employees/{employee_id}/verify/", "As if the review team verified the claimed Employee (Employee.verified; then active)"))
    .input(ZEmployeeLookup)
    .output(ZEmployee)
    .mutation(({ ctx, input }) => verifyEmployeeForTest(ctx, input.employee_id, auditActorOf(ctx))),

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
    .mutation(({ ctx, input }) => payDemoInvoice(ctx, input.invoice_id, auditActorOf(ctx))),

  payPayrun: demoIntegrationProcedure
    .meta(at("/test_helpers/payruns/{payrun_id}/pay/", "Mark a Payrun paid, standing in for the bank transfer (its Payouts are notified)"))
    .input(ZPayrunLookup)
    .output(ZPayrun)
    .mutation(({ ctx, input }) => payDemoPayrun(ctx, input.payrun_id, auditActorOf(ctx))),
});
