/** Who made a review decision, as the audit trails keep it: by id and by email (or API key prefix), which outlive the user. */
import type { Prisma } from "@/generated/prisma/client";
import type { AuditActor } from "@/domain/audit/audit-record";

/** A signed-in person, or (demo approvals through the API) an API key: the audit log's actor, one type for both trails. */
export type Actor = AuditActor;

export async function reviewerOf(tx: Prisma.TransactionClient, actor: Actor): Promise<{ reviewerId: string | null; reviewerEmail: string }> {
  const userId = actor.kind === "user" || actor.kind === "operator" ? actor.id : null;
  const apiKeyPk = actor.kind === "api_key" ? actor.id : null;
  const user = userId ? await tx.user.findUnique({ where: { id: userId }, select: { email: true } }) : null;
  const key = apiKeyPk ? await tx.apiKey.findUnique({ where: { pk: apiKeyPk }, select: { prefix: true } }) : null;
  return { reviewerId: userId, reviewerEmail: user?.email ?? (key ? `api-key:${key.prefix}` : "unknown") };
}
