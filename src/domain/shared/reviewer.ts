/** Who made a review decision, as the audit trails keep it: by id and by email (or API key prefix), which outlive the user. */
import type { Prisma } from "@/generated/prisma/client";

/** A signed-in person, or (demo approvals through the API) an API key. */
export interface Actor {
  userId?: string;
  apiKeyPk?: string;
}

export async function reviewerOf(tx: Prisma.TransactionClient, actor: Actor): Promise<{ reviewerId: string | null; reviewerEmail: string }> {
  const [user, key] = await Promise.all([
    actor.userId ? tx.user.findUnique({ where: { id: actor.userId }, select: { email: true } }) : null,
    actor.apiKeyPk ? tx.apiKey.findUnique({ where: { pk: actor.apiKeyPk }, select: { prefix: true } }) : null,
  ]);
  return { reviewerId: actor.userId ?? null, reviewerEmail: user?.email ?? (key ? `api-key:${key.prefix}` : "unknown") };
}
