/** The employee app's Payout procedures (merged into `employeeApp` by the app router): its Payouts, and accepting one. */
import { z } from "zod";
import { employeeProcedure } from "@/domain/employees/employee-app-router";
import { router } from "@/trpc/init";
import { acceptPayout, employeePayouts } from "./payout-acceptance";
import { ZEmployeePayout } from "./payout-schemas";

export const employeePayoutRouter = router({
  payouts: employeeProcedure.output(z.array(ZEmployeePayout)).query(({ ctx }) => employeePayouts(ctx.db, ctx.employeePk)),
  acceptPayout: employeeProcedure
    .input(z.object({ payoutId: z.string().min(1).max(255) }))
    .output(ZEmployeePayout)
    .mutation(({ ctx, input }) => acceptPayout(ctx, ctx.employeePk, input.payoutId)),
});
