/** Dashboard people as rows: better-auth's user and credential tables, written here so that the CLI and team invitations share one rule. */
import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Prisma } from "@/generated/prisma/client";

export type TeamRole = "admin" | "member";

export interface NewUser {
  email: string;
  password: string;
  name: string;
  accountPk: string | null;
  role: "client" | "operator";
  teamRole: TeamRole;
  locale?: string | null;
}

/** Creates a person who can sign in with email and password (stored as better-auth hashes it). */
export async function insertUser(tx: Prisma.TransactionClient, input: NewUser): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const password = await hashPassword(input.password);
  await tx.user.create({
    data: {
      id,
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: true,
      role: input.role,
      teamRole: input.teamRole,
      locale: input.locale ?? null,
      accountPk: input.accountPk,
      credentials: { create: { id: crypto.randomUUID(), accountId: id, providerId: "credential", password } },
    },
  });
  return { id };
}
