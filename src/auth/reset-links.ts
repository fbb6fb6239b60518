/**
 * Password-reset links (better-auth keeps each as a `verification` row `reset-password:<token>` whose value is
 * the user id). better-auth leaves every link of a person valid until it expires; here only the newest one
 * works: a new request revokes the older links, and a reset revokes every link the person still has.
 */
import type { Db } from "@/db/database";

const PREFIX = "reset-password:";

/** Removes the person's reset links, all of them or all but the one whose token is `keep`. */
export async function revokeResetLinks(db: Db, userId: string, keep?: string): Promise<void> {
  await db.verification.deleteMany({
    where: { value: userId, identifier: keep === undefined ? { startsWith: PREFIX } : { startsWith: PREFIX, not: `${PREFIX}${keep}` } },
  });
}
