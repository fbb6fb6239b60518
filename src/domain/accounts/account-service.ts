/** Accounts: a client company. Creating one also creates its type-1 (web-app) Integration in each environment. */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import { ENVIRONMENTS } from "@/domain/environments";

export async function findOrCreateAccount(db: Db, name: string): Promise<{ pk: string; name: string; created: boolean }> {
  const existing = await db.account.findUnique({ where: { name }, select: { pk: true, name: true } });
  if (existing) return { ...existing, created: false };
  return db.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { name }, select: { pk: true, name: true } });
    for (const environment of ENVIRONMENTS) {
      await tx.integration.create({
        data: {
          id: crypto.randomUUID(),
          accountPk: account.pk,
          environment,
          type: 1,
          name,
          email: "",
          recipient: name,
          addressLine1: "",
          zipCode: "",
          city: "",
        },
      });
    }
    return { ...account, created: true };
  });
}

export async function listAccounts(db: Db) {
  return db.account.findMany({ orderBy: { createdAt: "asc" }, select: { pk: true, name: true, createdAt: true } });
}

/** Whether the account requires two-factor sign-in of its people (an admin's setting on the team page). */
export async function accountRequiresTwoFactor(db: Db, accountPk: string): Promise<boolean> {
  const row = await db.account.findUnique({ where: { pk: accountPk }, select: { requireTwoFactor: true } });
  return row?.requireTwoFactor ?? false;
}
