import { integrationProcedure, operatorProcedure, router } from "@/trpc/init";
import { ZHomeSummary, ZOperatorQueues } from "./home-schemas";
import { homeSummary } from "./home-summary";
import { operatorQueues } from "./operator-queues";

/** The dashboard home (dashboard only, no /v2/ path): the figures of the current Integration, and the operators' queues. */
export const homeRouter = router({
  summary: integrationProcedure.output(ZHomeSummary).query(({ ctx }) => homeSummary(ctx)),
  queues: operatorProcedure.output(ZOperatorQueues).query(({ ctx }) => operatorQueues(ctx.db)),
});
