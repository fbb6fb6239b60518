/** The employee app's procedures (dashboard-style tRPC only; Employees sign in with their magic link). */
import { auditActorOf } from "@/trpc/audit-actor";
import { z } from "zod";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";
import { dbFor } from "@/domain/shared/demo-clock";
import { operatorProcedure, publicProcedure, router } from "@/trpc/init";
import {
  claimWithMagicLink,
  EMPLOYEE_SESSION_COOKIE,
  EMPLOYEE_SESSION_TTL_S,
  employeeForSession,
  employeeHome,
  endEmployeeSession,
  magicLinkPreview,
  pendingVerifications,
} from "./employee-app-service";
import {
  ZEmployeeDetails,
  ZEmployeeHome,
  ZEmployeeLookup,
  ZEmployeeReview,
  ZLinkPreview,
  ZLinkToken,
  ZOk,
  ZPendingVerification,
  ZRejectEmployee,
  ZRevealDetail,
  ZRevealed,
} from "./employee-app-schemas";
import { ZBankAccount, ZClaimDetails } from "./claim-details-rules";
import { changeBankAccount, employeeDetails, resubmitClaimDetails } from "./employee-details-change";
import { approveEmployee, employeeReview, rejectEmployee, revealEmployeeDetail } from "./employee-review";
import { requestSignInLink } from "./employee-sign-in-link";

/**
 * A procedure of the signed-in Employee (the session cookie); its Payouts' are in payouts/employee-payout-router.ts.
 * It runs on the Employee's account's clock (a demo Employee's demo clock), and writes at its time.
 */
export const employeeProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await employeeForSession(ctx, ctx.cookies.get(EMPLOYEE_SESSION_COOKIE));
  if (!session) throw new DomainError("unauthenticated", t("employee_session_required"));
  const { employeePk, signedInAt, clock } = session;
  return next({ ctx: { employeePk, signedInAt, clock, db: dbFor(ctx.db, clock) } });
});

export const employeeAppRouter = router({
  /** Whether a link claims (show the claim form) or only signs in; null: used, expired or unknown. */
  link: publicProcedure
    .input(ZLinkToken)
    .output(ZLinkPreview.nullable())
    .query(({ ctx, input }) => magicLinkPreview(ctx, input.token)),
  /** Opens a magic link: the first claims the invitation with the claim form's details; later ones sign in. */
  claim: publicProcedure
    .input(ZLinkToken.extend({ details: ZClaimDetails.optional() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { sessionToken } = await claimWithMagicLink(ctx, input.token, input.details);
      ctx.cookies.set(EMPLOYEE_SESSION_COOKIE, sessionToken, { maxAgeSeconds: EMPLOYEE_SESSION_TTL_S, httpOnly: true });
      return { ok: true } as const;
    }),
  home: employeeProcedure.output(ZEmployeeHome).query(({ ctx }) => employeeHome(ctx, ctx.employeePk)),
  /** Their claim details (masked), the review's outcome, and until when the bank account may be changed. */
  details: employeeProcedure.output(ZEmployeeDetails).query(({ ctx }) => employeeDetails(ctx.db, ctx)),
  /** The whole form again, after a rejection. */
  resubmitDetails: employeeProcedure
    .input(ZClaimDetails)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resubmitClaimDetails(ctx, ctx, input);
      return { ok: true } as const;
    }),
  /** A new bank account: needs a sign-in link opened within 15 minutes; the Employee is emailed. */
  changeBankAccount: employeeProcedure
    .input(ZBankAccount)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await changeBankAccount(ctx, ctx, input);
      return { ok: true } as const;
    }),
  /** /e/login: a fresh link by email; the same answer whether the address is an Employee's or not. */
  requestLink: publicProcedure
    .input(z.object({ email: z.email().max(254) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await requestSignInLink(ctx, { email: input.email, address: ctx.clientIp ?? "unknown" });
      return { ok: true } as const;
    }),
  signOut: publicProcedure.output(ZOk).mutation(async ({ ctx }) => {
    await endEmployeeSession(ctx.db, ctx.cookies.get(EMPLOYEE_SESSION_COOKIE));
    ctx.cookies.set(EMPLOYEE_SESSION_COOKIE, "", { maxAgeSeconds: 0, httpOnly: true });
    return { ok: true } as const;
  }),
});

/** The review team's Employee verification (live; demo verifies at once on claim). */
export const employeeVerificationRouter = router({
  pending: operatorProcedure.output(z.array(ZPendingVerification)).query(({ ctx }) => pendingVerifications(ctx.db)),
  detail: operatorProcedure
    .input(ZEmployeeLookup)
    .output(ZEmployeeReview)
    .query(({ ctx, input }) => employeeReview(ctx, input.employeePk)),
  /** The full identity number or bank account, recorded (who, what, when) before it is answered. */
  reveal: operatorProcedure
    .input(ZRevealDetail)
    .output(ZRevealed)
    .mutation(({ ctx, input }) => revealEmployeeDetail(ctx, input, auditActorOf(ctx))),
  verify: operatorProcedure
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => approveEmployee(ctx, input.employeePk, auditActorOf(ctx))),
  reject: operatorProcedure
    .input(ZRejectEmployee)
    .output(z.void())
    .mutation(({ ctx, input }) => rejectEmployee(ctx, input.employeePk, input.reason, auditActorOf(ctx))),
});
