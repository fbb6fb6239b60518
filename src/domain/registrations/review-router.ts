/** The review team's procedures (operators, dashboard only: no REST paths). */
import { auditActorOf } from "@/trpc/audit-actor";
import { z } from "zod";
import { operatorProcedure, router } from "@/trpc/init";
import { envelope } from "@/trpc/pagination";
import { ZRegistration } from "./registration-schemas";
import { toRegistrationApi } from "./registration-service";
import { ZDecision, ZRejectRequest, ZReviewDetail, ZReviewLookup, ZReviewQueue, ZReviewQueueQuery } from "./review-schemas";
import { listDecisions, rejectRegistration, reviewDetail, reviewerApprove, reviewQueue } from "./review-service";

export const reviewRouter = router({
  /** Pending Registrations oldest first by default; `status`, `environment` and `search` filter it. */
  queue: operatorProcedure
    .input(ZReviewQueueQuery)
    .output(ZReviewQueue)
    .query(async ({ ctx, input }) => {
      const { count, results } = await reviewQueue(ctx.db, input);
      return envelope(ctx, input, count, results);
    }),

  detail: operatorProcedure
    .input(ZReviewLookup)
    .output(ZReviewDetail)
    .query(({ ctx, input }) => reviewDetail(ctx.db, input.pk)),

  approve: operatorProcedure
    .input(ZReviewLookup)
    .output(ZRegistration)
    .mutation(async ({ ctx, input }) => toRegistrationApi(await reviewerApprove(ctx, input.pk, auditActorOf(ctx)))),

  reject: operatorProcedure
    .input(ZRejectRequest)
    .output(ZRegistration)
    .mutation(async ({ ctx, input }) => toRegistrationApi(await rejectRegistration(ctx, input.pk, input.reason, auditActorOf(ctx)))),

  decisions: operatorProcedure
    .input(ZReviewLookup)
    .output(z.array(ZDecision))
    .query(({ ctx, input }) => listDecisions(ctx.db, input.pk)),
});
