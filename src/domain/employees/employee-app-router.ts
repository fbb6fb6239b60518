/** The employee app's procedures (dashboard-style tRPC only; Employees sign in with their magic link). */
import { z } from "zod";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";
import { operatorProcedure, publicProcedure, router } from "@/trpc/init";
import {
  claimWithMagicLink,
  EMPLOYEE_SESSION_COOKIE,
  EMPLOYEE_SESSION_TTL_S,
  employeeForSession,
  employeeHome,
  endEmployeeSession,
  pendingVerifications,
} from "./employee-app-service";
import { ZEmployeeHome, ZEmployeeLookup, ZEmployeeReview, ZOk, ZPendingVerification, ZRejectEmployee } from "./employee-app-schemas";
import { approveEmployee, employeeReview, rejectEmployee } from "./employee-review";
import { requestSignInLink } from "./employee-sign-in-link";

/** A procedure of the signed-in Employee (the session cookie); its Payouts' are in payouts/employee-payout-router.ts. */
export const employeeProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const employeePk = await employeeForSession(ctx, ctx.cookies.get(EMPLOYEE_SESSION_COOKIE));
  if (!employeePk) throw new DomainError("unauthenticated", t("employee_session_required"));
  return next({ ctx: { employeePk } });
});

export const employeeAppRouter = router({
  claim: publicProcedure
    .input(z.object({ token: z.string().min(1).max(200) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { sessionToken } = await claimWithMagicLink(ctx, input.token);
      ctx.cookies.set(EMPLOYEE_SESSION_COOKIE, sessionToken, { maxAgeSeconds: EMPLOYEE_SESSION_TTL_S, httpOnly: true });
      return { ok: true } as const;
    }),
  home: employeeProcedure.output(ZEmployeeHome).query(({ ctx }) => employeeHome(ctx, ctx.employeePk)),
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
    .query(({ ctx, input }) => employeeReview(ctx.db, input.employeePk)),
  verify: operatorProcedure
    .input(ZEmployeeLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => approveEmployee(ctx, input.employeePk, { userId: ctx.principal.userId })),
  reject: operatorProcedure
    .input(ZRejectEmployee)
    .output(z.void())
    .mutation(({ ctx, input }) => rejectEmployee(ctx, input.employeePk, input.reason, { userId: ctx.principal.userId })),
});
