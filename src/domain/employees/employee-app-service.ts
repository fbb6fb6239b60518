/**
 * The employee app: an Employee signs in by consuming their magic link (single-use, expiring, 256-bit
 * random, stored only as a hash), which claims the invitation. In demo, verification follows at once; in
 * live, an operator verifies identity and working permits in the dashboard.
 *
 * Time: a demo Employee's link, its claim and its session run on the account's demo clock (demo-clock.ts), as
 * every rule of the demo environment does: a link lasts seven days and a session 30 of demo time, and what they
 * write (claimed_at, the events, the session) carries it. These requests name no account, so the account is
 * the link's or the session's Employee's: `clockOfEmployee`.
 */
import crypto from "node:crypto";
import type { ServiceContext, Timed } from "@/domain/shared/service-context";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import type { Db } from "@/db/database";
import type { Clock } from "@/domain/shared/clock";
import { clockFor, dbFor } from "@/domain/shared/demo-clock";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { fileUrl } from "@/domain/files/image-upload";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { checkClaimDetails, type TClaimDetails } from "./claim-details-rules";
import { saveClaimDetails } from "./claim-details-store";
import { hashToken } from "./employee-invitation";
import { employeeSelect, toEmployeeApi } from "./employee-representation";
import { employeeWithIntegration, recordEmployeeEvent } from "./employee-events";

export const EMPLOYEE_SESSION_COOKIE = "payroute_employee";
export const EMPLOYEE_SESSION_TTL_S = 30 * 24 * 60 * 60;

/**
 * The claim itself, inside the caller's transaction: claimed_at and Employee.claimed, once (a second claim
 * changes nothing). The employee app's sign-in and the demo test helper both claim through here.
 */
export async function claimEmployeeInTx(tx: Prisma.TransactionClient, employeePk: string, now: Date) {
  const employee = await tx.employee.findUniqueOrThrow({ where: { pk: employeePk }, select: employeeWithIntegration });
  if (employee.claimedAt) return { employee, newly: false };
  const claimed = await tx.employee.update({ where: { pk: employee.pk }, data: { claimedAt: now }, select: employeeWithIntegration });
  await recordEmployeeEvent(tx, "Employee.claimed", claimed, now);
  return { employee: claimed, newly: true };
}

/** In demo, a claimed Employee is verified at once (in live the review team verifies): verified_at and Employee.verified, once. */
async function verifyDemoEmployeeInTx(tx: Prisma.TransactionClient, employeePk: string, now: Date): Promise<void> {
  const { count } = await tx.employee.updateMany({ where: { pk: employeePk, verifiedAt: null }, data: { verifiedAt: now } });
  if (count === 0) return;
  const employee = await tx.employee.findUniqueOrThrow({ where: { pk: employeePk }, select: employeeWithIntegration });
  await recordEmployeeEvent(tx, "Employee.verified", employee, now);
}

/** What the claim and the employee app's changes of details are given: the request's database and time, and the cipher. */
export type Sealed = Timed & { fieldCipher: FieldCipher };

/**
 * Consumes a magic link; returns a new session token for the cookie. The first link an Employee opens claims
 * the invitation, and only with the claim form's details (checked before anything is written, so that a form
 * with errors leaves the link unused); a later link (a sign-in) needs none.
 */
export async function claimWithMagicLink(ctx: Sealed, token: string, details?: TClaimDetails): Promise<{ sessionToken: string }> {
  const tokenHash = hashToken(token);
  const owner = await ctx.db.magicLink.findUnique({ where: { tokenHash }, select: { employee: { select: ownerSelect } } });
  const clock = owner ? await clockOfEmployee(ctx, owner.employee) : ctx.clock;
  return dbFor(ctx.db, clock).$transaction(async (tx) => {
    const now = clock.now();
    // Marking the link used is the check: of two concurrent claims only one updates the row.
    const link = await tx.magicLink.findUnique({ where: { tokenHash }, select: { pk: true, employeePk: true } });
    const { count } = link
      ? await tx.magicLink.updateMany({ where: { pk: link.pk, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })
      : { count: 0 };
    if (!link || count === 0) throw new DomainError("forbidden", t("magic_link_invalid"));

    const current = await tx.employee.findUniqueOrThrow({ where: { pk: link.employeePk }, select: { claimedAt: true } });
    if (!current.claimedAt) {
      // Throwing rolls the transaction back: the link stays unused for the corrected form.
      if (!details) throw new DomainError("validation", { non_field_errors: [t("claim_details_required")] });
      await saveClaimDetails(tx, ctx.fieldCipher, link.employeePk, checkClaimDetails(details, now), now);
    }
    const { employee, newly } = await claimEmployeeInTx(tx, link.employeePk, now);
    if (newly && employee.integration.environment === "demo") await verifyDemoEmployeeInTx(tx, employee.pk, now);
    const sessionToken = crypto.randomBytes(32).toString("base64url");
    await tx.employeeSession.create({
      // created_at is the sign-in's time: changing the bank account needs a recent one (employee-details-change.ts).
      data: {
        employeePk: employee.pk,
        tokenHash: hashToken(sessionToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMPLOYEE_SESSION_TTL_S * 1000),
      },
    });
    return { sessionToken };
  });
}

/** What `clockOfEmployee` reads of an Employee. */
const ownerSelect = { integration: { select: { accountPk: true, environment: true } } } satisfies Prisma.EmployeeSelect;

/** The clock of an Employee's account and environment: its demo clock for a demo Employee, `clock` itself in live. */
function clockOfEmployee({ db, clock }: Timed, employee: Prisma.EmployeeGetPayload<{ select: typeof ownerSelect }>): Promise<Clock> {
  return clockFor(db, clock, employee.integration.accountPk, employee.integration.environment);
}

/** Whether the magic link is one that claims (the page then shows the claim form) and whom it names; null when unusable. */
export async function magicLinkPreview(ctx: Timed, token: string) {
  const link = await ctx.db.magicLink.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      usedAt: true,
      expiresAt: true,
      employee: { select: { name: true, claimedAt: true, integration: { select: { name: true, accountPk: true, environment: true } } } },
    },
  });
  if (!link || link.usedAt || link.expiresAt <= (await clockOfEmployee(ctx, link.employee)).now()) return null;
  return { claims: link.employee.claimedAt === null, name: link.employee.name, integration: link.employee.integration.name };
}

/**
 * The signed-in Employee, when they signed in (their session's magic link) and the clock their requests run on
 * (their account's: a demo Employee's demo clock), or null.
 */
export async function employeeForSession(ctx: Timed, sessionToken: string | undefined): Promise<{ employeePk: string; signedInAt: Date; clock: Clock } | null> {
  if (!sessionToken) return null;
  const session = await ctx.db.employeeSession.findUnique({
    where: { tokenHash: hashToken(sessionToken) },
    select: { employeePk: true, expiresAt: true, createdAt: true },
  });
  // The session row names no relation to its Employee (a deleted Employee's session simply finds nobody).
  const employee = session && (await ctx.db.employee.findUnique({ where: { pk: session.employeePk }, select: ownerSelect }));
  if (!session || !employee) return null;
  const clock = await clockOfEmployee(ctx, employee);
  return session.expiresAt > clock.now() ? { employeePk: session.employeePk, signedInAt: session.createdAt, clock } : null;
}

export async function endEmployeeSession(db: Db, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await db.employeeSession.deleteMany({ where: { tokenHash: hashToken(sessionToken) } });
}

/** The employee app's home view: who they are, who pays them, and their Messages, newest first. */
export async function employeeHome({ db, baseUrl }: Pick<ServiceContext, "db" | "baseUrl">, employeePk: string) {
  const employee = await db.employee.findUniqueOrThrow({
    where: { pk: employeePk },
    select: {
      ...employeeSelect,
      integration: { select: { name: true, environment: true, logo: { select: { pk: true, filename: true } } } },
      messages: {
        select: { message: { select: { id: true, content: true, createdAt: true } } },
        orderBy: { message: { createdAt: "desc" } },
        take: 100,
      },
    },
  });
  return {
    employee: toEmployeeApi(employee),
    integration: { name: employee.integration.name, logo: fileUrl(baseUrl, employee.integration.logo), environment: employee.integration.environment },
    messages: employee.messages.map(({ message }) => ({ id: message.id, content: message.content, created_at: timestamp(message.createdAt) })),
  };
}

/** Claimed, unverified, unrejected live Employees: the operators' verification queue, oldest claim first. */
/** Live Employees who claimed and wait for the review team (rejected ones wait for the Employee instead). */
export const PENDING_VERIFICATION_WHERE = {
  claimedAt: { not: null },
  verifiedAt: null,
  rejectedAt: null,
  integration: { environment: "live" },
} satisfies Prisma.EmployeeWhereInput;

export async function pendingVerifications(db: Db) {
  const rows = await db.employee.findMany({
    where: PENDING_VERIFICATION_WHERE,
    orderBy: { claimedAt: "asc" },
    take: 200,
    select: { ...employeeSelect, integration: { select: { id: true, name: true, account: { select: { name: true } } } } },
  });
  return rows.map((r) => ({
    pk: r.pk,
    employee: toEmployeeApi(r),
    integration: { id: r.integration.id, name: r.integration.name },
    account: r.integration.account.name,
  }));
}
