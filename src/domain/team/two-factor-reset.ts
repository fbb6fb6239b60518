/**
 * "Lost my authenticator": someone else turns a person's two-factor sign-in off, so that they can sign in with
 * their password and enrol again (where it is required of them, they are sent to enrol at once). An admin does it
 * for a member of their account; the CLI for anyone, operators included. Never for oneself: a stolen session
 * must not be able to drop its owner's second factor (one turns one's own off under Security, with the password).
 */
import type { Timed } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { recordAudit, type AuditBy } from "@/domain/audit/audit-record";
import { t } from "@/i18n/locale";
import type { TeamActor } from "./team-service";

interface Person {
  id: string;
  email: string;
  accountPk: string | null;
  twoFactorEnabled: boolean;
}

const personSelect = { id: true, email: true, accountPk: true, twoFactorEnabled: true } satisfies Prisma.UserSelect;

async function resetInTx(tx: Prisma.TransactionClient, person: Person, by: AuditBy): Promise<void> {
  if (!person.twoFactorEnabled) throw new DomainError("validation", t("team_two_factor_not_enabled"));
  // better-auth's two-factor plugin keeps the secret and backup codes in two_factor, the switch on the user.
  await tx.twoFactor.deleteMany({ where: { userId: person.id } });
  await tx.user.update({ where: { id: person.id }, data: { twoFactorEnabled: false } });
  await recordAudit(tx, {
    at: by.at,
    accountPk: person.accountPk,
    actor: by.actor,
    action: "user.two_factor_reset",
    target: { type: "user", id: person.id, label: person.email },
    before: { two_factor: true },
    after: { two_factor: false },
  });
}

/** An admin resets the two-factor sign-in of a person of their account. */
export async function resetMemberTwoFactor({ db, clock }: Timed, actor: TeamActor, userId: string): Promise<void> {
  if (userId === actor.userId) throw new DomainError("validation", t("team_two_factor_reset_self"));
  await db.$transaction(async (tx) => {
    const person = await tx.user.findFirst({ where: { id: userId, accountPk: actor.accountPk, role: "client" }, select: personSelect });
    if (!person) throw new DomainError("not_found", t("not_found"));
    await resetInTx(tx, person, { actor: actor.audit, at: clock.now() });
  });
}

/** The CLI resets anyone's, found by email; false when no one has that email. */
export async function resetTwoFactorByEmail(db: Timed["db"], email: string, by: AuditBy): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const person = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: personSelect });
    if (!person) return false;
    await resetInTx(tx, person, by);
    return true;
  });
}
