/**
 * The account's team: its people (admins manage API keys, the team and webhooks; members do the rest),
 * invitations by email (a single-use link, stored as a hash, that lets the invitee choose a password), and
 * removal. Who acts is an explicit argument; the procedures allow only admins to change anything.
 */
import crypto from "node:crypto";
import type { Timed } from "@/domain/shared/service-context";
import { DomainError, fieldError } from "@/domain/errors";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { timestamp } from "@/domain/shared/schemas";
import { isLocale, type Locale } from "@/i18n/catalogue/locales";
import { t } from "@/i18n/locale";
import { insertUser, type TeamRole } from "./team-users";
import { recordAudit, type AuditActor, type AuditEntry } from "@/domain/audit/audit-record";
import type { Prisma } from "@/generated/prisma/client";

export const TEAM_INVITE_JOB = "team.invite";
export const TEAM_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

const asRole = (role: string): TeamRole => (role === "member" ? "member" : "admin");

export interface TeamActor {
  accountPk: string;
  userId: string | undefined;
  /** Who acts, for the audit log. */
  audit: AuditActor;
}

/** A team change in the audit log, in the change's transaction. */
function recordTeamChange(
  tx: Prisma.TransactionClient,
  actor: TeamActor,
  now: Date,
  change: Pick<AuditEntry, "action" | "target" | "before" | "after">,
): Promise<void> {
  return recordAudit(tx, { at: now, accountPk: actor.accountPk, actor: actor.audit, ...change });
}

export async function listTeam({ db, clock }: Timed, actor: TeamActor) {
  const now = clock.now();
  const [members, invitations, account] = await Promise.all([
    db.user.findMany({
      where: { accountPk: actor.accountPk, role: "client" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, email: true, teamRole: true, createdAt: true, twoFactorEnabled: true },
    }),
    db.teamInvitation.findMany({
      where: { accountPk: actor.accountPk, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: [{ createdAt: "desc" }, { pk: "desc" }],
      select: { pk: true, email: true, teamRole: true, invitedBy: true, createdAt: true, expiresAt: true },
    }),
    db.account.findUnique({ where: { pk: actor.accountPk }, select: { requireTwoFactor: true } }),
  ]);
  return {
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      team_role: asRole(m.teamRole),
      created_at: timestamp(m.createdAt),
      you: m.id === actor.userId,
      two_factor: m.twoFactorEnabled,
    })),
    invitations: invitations.map((i) => ({
      pk: i.pk,
      email: i.email,
      team_role: asRole(i.teamRole),
      invited_by: i.invitedBy,
      created_at: timestamp(i.createdAt),
      expires_at: timestamp(i.expiresAt),
    })),
    require_two_factor: account?.requireTwoFactor ?? false,
  };
}

/**
 * An admin requires two-factor sign-in of every person of the account (or stops requiring it). People without
 * it are then sent to enrol, and the staff procedures refuse them until they have (src/trpc/permissions.ts).
 * The admin must have it first, so that the switch never locks its own author out of the page it is on.
 */
export async function setTwoFactorRequired({ db, clock }: Timed, actor: TeamActor, required: boolean): Promise<void> {
  if (required) {
    const self = actor.userId ? await db.user.findFirst({ where: { id: actor.userId, accountPk: actor.accountPk }, select: { twoFactorEnabled: true } }) : null;
    if (!self?.twoFactorEnabled) throw new DomainError("conflict", t("two_factor_enrol_first"));
  }
  await db.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({ where: { pk: actor.accountPk }, select: { requireTwoFactor: true, name: true } });
    await tx.account.update({ where: { pk: actor.accountPk }, data: { requireTwoFactor: required } });
    if (before.requireTwoFactor === required) return;
    await recordTeamChange(tx, actor, clock.now(), {
      action: "team.two_factor_required",
      target: { type: "account", id: actor.accountPk, label: before.name },
      before: { require_two_factor: before.requireTwoFactor },
      after: { require_two_factor: required },
    });
  });
}

/**
 * Invites `email` to the account; the email goes out from the outbox in the inviter's saved language, else
 * the language of the inviter's request (`requestLocale`). Whether the address has a user elsewhere (another
 * account, an operator) is not told: the answer is the same as for a new address, and only the invitee
 * learns it, on accepting. A person already on this team is refused, which the team list shows anyway.
 */
export async function inviteToTeam({ db, clock }: Timed, actor: TeamActor, input: { email: string; teamRole: TeamRole; requestLocale: Locale }): Promise<void> {
  await db.$transaction(async (tx) => {
    const member = await tx.user.findFirst({ where: { email: input.email, accountPk: actor.accountPk, role: "client" }, select: { id: true } });
    if (member) throw fieldError("email", t("team_already_member"));
    const inviter = actor.userId ? await tx.user.findUnique({ where: { id: actor.userId }, select: { name: true, email: true, locale: true } }) : null;
    const locale = isLocale(inviter?.locale) ? inviter.locale : input.requestLocale;
    const now = clock.now();
    const invitation = await tx.teamInvitation.create({
      data: {
        accountPk: actor.accountPk,
        email: input.email,
        teamRole: input.teamRole,
        locale,
        invitedBy: inviter?.name || inviter?.email || "Payroute",
        expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_MS),
      },
      select: { pk: true },
    });
    await enqueueJob(tx, { kind: TEAM_INVITE_JOB, payload: { invitationPk: invitation.pk }, runAt: now });
    await recordTeamChange(tx, actor, now, {
      action: "team.member_invited",
      target: { type: "invitation", id: invitation.pk, label: input.email },
      after: { email: input.email, team_role: input.teamRole },
    });
  });
}

export async function revokeInvitation({ db, clock }: Timed, actor: TeamActor, pk: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const now = clock.now();
    const invitation = await tx.teamInvitation.findFirst({ where: { pk, accountPk: actor.accountPk }, select: { email: true } });
    const { count } = await tx.teamInvitation.updateMany({
      where: { pk, accountPk: actor.accountPk, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count === 0 || !invitation) throw new DomainError("not_found", t("not_found"));
    await recordTeamChange(tx, actor, now, { action: "team.invitation_revoked", target: { type: "invitation", id: pk, label: invitation.email } });
  });
}

/** Removes a person from the account (their sessions go with them). Admins cannot remove themselves, so one admin always remains. */
export async function removeMember({ db, clock }: Timed, actor: TeamActor, userId: string): Promise<void> {
  if (userId === actor.userId) throw new DomainError("validation", t("team_remove_self"));
  await db.$transaction(async (tx) => {
    const where = { id: userId, accountPk: actor.accountPk, role: "client" };
    const member = await tx.user.findFirst({ where, select: { email: true, teamRole: true } });
    const { count } = await tx.user.deleteMany({ where });
    if (count === 0 || !member) throw new DomainError("not_found", t("not_found"));
    await recordTeamChange(tx, actor, clock.now(), {
      action: "team.member_removed",
      target: { type: "user", id: userId, label: member.email },
      before: { email: member.email, team_role: asRole(member.teamRole) },
    });
  });
}

/**
 * An admin changes a person's role. An admin cannot change their own, so that the account always keeps one
 * admin (the one acting).
 */
export async function changeMemberRole({ db, clock }: Timed, actor: TeamActor, userId: string, teamRole: TeamRole): Promise<void> {
  if (userId === actor.userId) throw new DomainError("validation", t("team_role_self"));
  await db.$transaction(async (tx) => {
    const where = { id: userId, accountPk: actor.accountPk, role: "client" };
    const member = await tx.user.findFirst({ where, select: { email: true, teamRole: true } });
    if (!member) throw new DomainError("not_found", t("not_found"));
    if (asRole(member.teamRole) === teamRole) return;
    await tx.user.updateMany({ where, data: { teamRole } });
    await recordTeamChange(tx, actor, clock.now(), {
      action: "team.member_role_changed",
      target: { type: "user", id: userId, label: member.email },
      before: { team_role: asRole(member.teamRole) },
      after: { team_role: teamRole },
    });
  });
}

function openInvitationWhere(token: string, now: Date) {
  return { tokenHash: hashInvitationToken(token), acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

/** Whom an invitation link is for, so that the page can say it before the invitee chooses a password. */
export async function previewInvitation({ db, clock }: Timed, token: string): Promise<{ email: string; account: string }> {
  const row = await db.teamInvitation.findFirst({
    where: openInvitationWhere(token, clock.now()),
    select: { email: true, account: { select: { name: true } } },
  });
  if (!row) throw new DomainError("forbidden", t("team_invitation_invalid"));
  return { email: row.email, account: row.account.name };
}

/** Accepts an invitation: the invitee becomes a user of the account with the password they chose. Returns their email, to sign in with. */
export async function acceptInvitation({ db, clock }: Timed, input: { token: string; name: string; password: string }): Promise<{ email: string }> {
  return db.$transaction(async (tx) => {
    const now = clock.now();
    const row = await tx.teamInvitation.findFirst({
      where: openInvitationWhere(input.token, now),
      select: { pk: true, email: true, accountPk: true, teamRole: true, locale: true },
    });
    // Marking it accepted is the check: of two concurrent accepts only one updates the row.
    const { count } = row ? await tx.teamInvitation.updateMany({ where: { pk: row.pk, acceptedAt: null }, data: { acceptedAt: now } }) : { count: 0 };
    if (!row || count === 0) throw new DomainError("forbidden", t("team_invitation_invalid"));
    if (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } })) throw new DomainError("conflict", t("team_email_taken"));
    const joined = await insertUser(tx, {
      email: row.email,
      password: input.password,
      name: input.name,
      accountPk: row.accountPk,
      role: "client",
      teamRole: asRole(row.teamRole),
      locale: row.locale,
    });
    await recordAudit(tx, {
      at: now,
      accountPk: row.accountPk,
      actor: { kind: "user", id: joined.id, label: row.email },
      action: "team.member_joined",
      target: { type: "user", id: joined.id, label: row.email },
      after: { email: row.email, team_role: asRole(row.teamRole) },
    });
    return { email: row.email };
  });
}
