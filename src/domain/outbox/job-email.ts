/** What the email jobs share (team invitation, password reset, an Employee's sign-in link, webhook alerts): the job's completion. */
import type { Prisma } from "@/generated/prisma/client";
import type { Clock } from "@/domain/shared/clock";
import { completeJob, type ClaimedJob } from "./outbox-service";

/** Completes `job` in `tx`; throws (rolling `tx` back) when another worker has taken the job over. */
export async function completeOwnJob(tx: Prisma.TransactionClient, job: ClaimedJob, clock: Clock): Promise<void> {
  if (!(await completeJob(tx, job, clock))) throw new Error("job was taken over by another worker");
}
