/** A person made outside the team's invitations (the CLI's `users create`), recorded in the audit log with them. */
import type { Db } from "@/db/database";
import { recordAudit, type AuditBy } from "@/domain/audit/audit-record";
import { insertUser, type NewUser } from "./team-users";

export async function createUserRecorded(db: Db, input: NewUser, by: AuditBy): Promise<{ id: string }> {
  return db.$transaction(async (tx) => {
    const user = await insertUser(tx, input);
    await recordAudit(tx, {
      at: by.at,
      accountPk: input.accountPk,
      actor: by.actor,
      action: "user.created",
      target: { type: "user", id: user.id, label: input.email.toLowerCase() },
      // An operator has no team role: the review team has none.
      after: { email: input.email.toLowerCase(), role: input.role, ...(input.role === "client" ? { team_role: input.teamRole } : {}) },
    });
    return user;
  });
}
