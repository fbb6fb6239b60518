/** Who is signed in to the dashboard, for the shell (account name, environment, role). */
import { z } from "zod";
import { publicProcedure, router } from "@/trpc/init";

export const sessionRouter = router({
  me: publicProcedure
    .output(
      z
        .object({
          userId: z.string().optional(),
          name: z.string(),
          email: z.string(),
          role: z.enum(["client", "operator"]),
          environment: z.enum(["live", "demo"]),
          account: z.string().nullable(),
        })
        .nullable(),
    )
    .query(async ({ ctx }) => {
      const p = ctx.principal;
      if (!p?.userId) return null;
      const user = await ctx.db.user.findUnique({
        where: { id: p.userId },
        select: { name: true, email: true, account: { select: { name: true } } },
      });
      if (!user) return null;
      return { userId: p.userId, name: user.name, email: user.email, role: p.role, environment: p.environment, account: user.account?.name ?? null };
    }),
});
