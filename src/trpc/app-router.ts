/** Assembles the resources' routers; nothing else lives here. */
import { forEachOpenApiProcedure } from "trpc-to-openapi";
import { z } from "zod";
import { employeeAppRouter, employeeVerificationRouter } from "@/domain/employees/employee-app-router";
import { employeeRouter } from "@/domain/employees/employee-router";
import { eventRouter } from "@/domain/events/event-router";
import { invoiceRouter } from "@/domain/invoices/invoice-router";
import { integrationRouter } from "@/domain/integrations/integration-router";
import { messageRouter } from "@/domain/messages/message-router";
import { employeePayoutRouter } from "@/domain/payouts/employee-payout-router";
import { payoutRouter } from "@/domain/payouts/payout-router";
import { payoutImportRouter } from "@/domain/payouts/payout-import-router";
import { payrunRouter } from "@/domain/payruns/payrun-router";
import { pricingRouter } from "@/domain/payouts/payout-pricing-router";
import { prepaymentRouter } from "@/domain/prepayments/prepayment-router";
import { webhookRouter } from "@/domain/webhooks/webhook-router";
import { webhookDeliveryRouter } from "@/domain/webhooks/delivery-router";
import { registrationRouter } from "@/domain/registrations/registration-router";
import { sessionRouter } from "@/domain/session/session-router";
import { apiKeyRouter } from "@/domain/api-keys/api-key-router";
import { teamRouter } from "@/domain/team/team-router";
import { requestLogRouter } from "@/domain/request-log/request-log-router";
import { accountRouter } from "@/domain/accounts/account-router";
import { paymentTermRouter } from "@/domain/payment-terms/payment-term-router";
import { testHelperRouter } from "@/domain/test-helpers/test-helper-router";
import { auditRouter } from "@/domain/audit/audit-router";
import { homeRouter } from "@/domain/home/home-router";
import { searchRouter } from "@/domain/search/search-router";
import { accountProcedure, mergeRouters, router } from "./init";

/** Resource collections, read from the procedures' meta so that the API root lists every one. */
function collections(): string[] {
  const names = new Set<string>();
  forEachOpenApiProcedure(appRouter._def.procedures, ({ meta: { openapi } }) => {
    const match = openapi.method === "GET" ? /^\/([a-z_]+)\/$/.exec(openapi.path) : null;
    if (match) names.add(match[1]);
  });
  return [...names].sort();
}

const root = accountProcedure
  .meta({ openapi: { method: "GET", path: "/", tags: ["API root"], summary: "The API root: the URL of each resource", protect: true } })
  .input(z.object({}))
  .output(z.record(z.string(), z.string()))
  .query(({ ctx }) => Object.fromEntries(collections().map((name) => [name, `${ctx.baseUrl}/v2/${name}/`])));

export const appRouter = router({
  root,
  session: sessionRouter,
  integrations: integrationRouter,
  employees: employeeRouter,
  messages: messageRouter,
  payouts: payoutRouter,
  payoutImport: payoutImportRouter,
  pricing: pricingRouter,
  payruns: payrunRouter,
  invoices: invoiceRouter,
  prepayments: prepaymentRouter,
  webhooks: webhookRouter,
  webhookDeliveries: webhookDeliveryRouter,
  events: eventRouter,
  paymentTerm: paymentTermRouter,
  testHelpers: testHelperRouter,
  audit: auditRouter,
  // One namespace for the employee app; its Payout procedures live with Payouts (payouts import employees).
  employeeApp: mergeRouters(employeeAppRouter, employeePayoutRouter),
  employeeVerification: employeeVerificationRouter,
  registrations: registrationRouter,
  apiKeys: apiKeyRouter,
  team: teamRouter,
  requestLogs: requestLogRouter,
  accounts: accountRouter,
  home: homeRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
