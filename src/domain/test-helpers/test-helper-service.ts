/**
 * The demo environment's test helpers: what an Employee, the review team or the bank would do, done by the
 * Integration's own API key so that its test suite can drive a whole life without email links or people. Each goes
 * through the same domain code as the real act (the same rules, events and webhooks) and answers the object as
 * its retrieve does. Never in live: the procedures refuse live callers, and each service checks again.
 */
import type { ServiceContext } from "@/domain/shared/service-context";
import type { IntegrationScope } from "@/domain/scope";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound } from "@/domain/errors";
import { claimEmployeeInTx } from "@/domain/employees/employee-app-service";
import { checkClaimDetails, type TClaimDetails } from "@/domain/employees/claim-details-rules";
import { saveClaimDetails } from "@/domain/employees/claim-details-store";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import { toEmployeeApi, employeeSelect } from "@/domain/employees/employee-representation";
import { approveEmployeeInTx } from "@/domain/employees/employee-review";
import type { TEmployee } from "@/domain/employees/employee-schemas";
import { acceptPayoutInTx } from "@/domain/payouts/payout-acceptance";
import { toPayoutApi } from "@/domain/payouts/payout-representation";
import type { TPayout } from "@/domain/payouts/payout-schemas";
import type { Actor } from "@/domain/audit/reviewer";
import { t } from "@/i18n/locale";

function assertDemo(scope: IntegrationScope): void {
  if (scope.environment !== "demo") throw new DomainError("forbidden", t("test_helpers_demo_only"));
}

async function employeePk(tx: Prisma.TransactionClient, scope: IntegrationScope, id: string): Promise<string> {
  const found = await tx.employee.findFirst({ where: { id, integrationPk: scope.integrationPk }, select: { pk: true } });
  if (!found) throw notFound();
  return found.pk;
}

/**
 * The claim form as a demo Employee fills it in when the integrator sends none of its fields: Skatteverket's
 * well-known test identity number ("Tolvan Tolvansson") and a bank account that passes the bank's rules.
 */
export const DEMO_CLAIM_DETAILS: Omit<TClaimDetails, "name"> = {
  street: "Demogatan 1",
  postal_code: "111 22",
  city: "Stockholm",
  identity_number: "19121212-1212",
  clearing_number: "5000",
  account_number: "1234560",
};

/**
 * `POST /v2/test_helpers/employees/{id}/claim/`: as if the Employee claimed the invitation with the claim form
 * (Employee.claimed). Fields not sent take DEMO_CLAIM_DETAILS (the name: the Employee's); they are checked as the
 * form's are. It stays `onboarding` until verified.
 */
export async function claimEmployeeForTest(
  ctx: ServiceContext & { fieldCipher: FieldCipher },
  id: string,
  details: Partial<TClaimDetails> = {},
): Promise<TEmployee> {
  assertDemo(ctx.scope);
  return ctx.db.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const pk = await employeePk(tx, ctx.scope, id);
    const current = await tx.employee.findUniqueOrThrow({ where: { pk }, select: { name: true, claimedAt: true } });
    if (current.claimedAt) throw new DomainError("conflict", t("employee_already_claimed"));
    const checked = checkClaimDetails({ ...DEMO_CLAIM_DETAILS, name: current.name, ...details }, now);
    await saveClaimDetails(tx, ctx.fieldCipher, pk, checked, now);
    const { employee } = await claimEmployeeInTx(tx, pk, now);
    return toEmployeeApi(employee);
  });
}

/** `POST /v2/test_helpers/employees/{id}/verify/`: as if the review team approved the claimed Employee (Employee.verified). */
export async function verifyEmployeeForTest(ctx: ServiceContext, id: string, actor: Actor): Promise<TEmployee> {
  assertDemo(ctx.scope);
  return ctx.db.$transaction(async (tx) => {
    const pk = await employeePk(tx, ctx.scope, id);
    await approveEmployeeInTx(tx, pk, actor, ctx.clock.now());
    return toEmployeeApi(await tx.employee.findUniqueOrThrow({ where: { pk }, select: employeeSelect }));
  });
}

/** `POST /v2/test_helpers/payouts/{id}/accept/`: as if the Employee accepted it in the employee app (Payout.accepted); 409 names the missing step. */
export async function acceptPayoutForTest(ctx: ServiceContext, id: string): Promise<TPayout> {
  assertDemo(ctx.scope);
  return ctx.db.$transaction(async (tx) => toPayoutApi(await acceptPayoutInTx(tx, { id, integrationPk: ctx.scope.integrationPk }, ctx.clock.now())));
}
