/**
 * The invitation jobs, a batch at a time: a fresh single-use magic link each, sent by email; then, in one
 * transaction with the jobs' completion, `notified_at` and the Employee.notified events, in set-based
 * statements. A job re-run after a crash sends a new link (the old one is revoked) and records the
 * notification once.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { addEvents } from "@/domain/events/event-service";
import { fileUrl } from "@/domain/files/image-upload";
import { invitationEmail } from "@/domain/notifications/emails/invitation-email";
import { completeJobsQuery } from "@/domain/outbox/outbox-claim";
import { failJob, retryDelayMs, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { fastSql } from "@/db/fast-sql";
import { at, qb, runQuery, Statement, typed, type SqlRunner } from "@/db/query-builder";
import { clockFor, clockParts } from "@/domain/shared/demo-clock";
import type { Environment } from "@/domain/environments";
import { rowsOf } from "@/db/row-sets";
import type { Locale } from "@/i18n/locale";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { employeeColumns, toEmployeeApi } from "./employee-representation";

export const NOTIFY_EMPLOYEE_JOB = "employee.notify";
export const MAGIC_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Links use the worker's public URL; a `baseUrl` in the payload (the request's origin, once) is ignored.
const ZPayload = z.object({ employeePk: z.string() });

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Whose an Employee is: the account and environment on whose clock its links are issued and expire. */
export interface LinkOwner {
  accountPk: string;
  environment: Environment;
}

/** A fresh single-use link for the Employee (their earlier unused links stop working); returns the URL. */
export async function issueMagicLink(ctx: JobContext, employeePk: string, owner: LinkOwner): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await issueLinks(ctx, [{ employeePk, token, owner }]);
  return claimLink(ctx, token);
}

/**
 * Issues a link per Employee, their earlier unused links revoked, in one statement (atomic on its own):
 * one Employee (a sign-in link) or a batch of invitations alike. Each link is issued, and lasts MAGIC_LINK_TTL_MS,
 * on its account's clock: a demo Employee's link expires by the demo clock (employee-app-service.ts reads it so).
 */
async function issueLinks(ctx: JobContext, links: readonly { employeePk: string; token: string; owner: LinkOwner }[]): Promise<void> {
  const clocks = new Map<string, Date>();
  const issuedAt: Date[] = [];
  for (const { owner } of links) {
    const ownerKey = `${owner.accountPk}:${owner.environment}`;
    let now = clocks.get(ownerKey);
    if (!now) clocks.set(ownerKey, (now = (await clockFor(ctx.db, ctx.clock, owner.accountPk, owner.environment)).now()));
    issuedAt.push(now);
  }
  const employeePks = links.map((l) => l.employeePk);
  const statement = new Statement();
  statement.with(
    qb
      .updateTable("magic_link as m")
      .from(rowsOf("r", { employee_pk: [employeePks, "uuid"], issued_at: [issuedAt, "timestamptz"] }))
      .set((eb) => ({ expires_at: eb.ref("r.issued_at") }))
      .whereRef("m.employee_pk", "=", "r.employee_pk")
      .where("m.used_at", "is", null),
  );
  await statement.run(
    fastSql(ctx.db),
    qb
      .insertInto("magic_link")
      .columns(["pk", "employee_pk", "token_hash", "created_at", "expires_at"])
      .expression(
        qb
          .selectFrom(
            rowsOf("l", {
              employee_pk: [employeePks, "uuid"],
              token_hash: [links.map((l) => hashToken(l.token)), "text"],
              created_at: [issuedAt, "timestamptz"],
              expires_at: [issuedAt.map((issued) => new Date(issued.getTime() + MAGIC_LINK_TTL_MS)), "timestamptz"],
            }),
          )
          .select((eb) => [eb.fn<string>("gen_random_uuid").as("pk"), "l.employee_pk", "l.token_hash", "l.created_at", "l.expires_at"]),
      ),
  );
}

// The token travels in the fragment: never sent to a server, so it stays out of logs and Referer headers.
function claimLink(ctx: JobContext, token: string): string {
  return `${ctx.publicUrl}/e/claim#token=${token}`;
}

/** The language of an Employee's emails: Swedish for Employees in Sweden, else English. */
export function employeeLocale(employee: { country: string }): Locale {
  return employee.country === "SWE" ? "sv" : "en";
}

export async function sendInvitations(jobs: ClaimedJob[], ctx: JobContext): Promise<void> {
  // Two jobs for one Employee (a resend) run one after the other, as they would alone: the second revokes the first's link.
  const seen = new Set<string>();
  const first: { job: ClaimedJob; employeePk: string }[] = [];
  const later: ClaimedJob[] = [];
  for (const job of jobs) {
    const { employeePk } = ZPayload.parse(job.payload);
    if (seen.has(employeePk)) later.push(job);
    else {
      seen.add(employeePk);
      first.push({ job, employeePk });
    }
  }
  await sendDistinct(first, ctx);
  if (later.length) await sendInvitations(later, ctx);
}

/**
 * A batch of distinct Employees, in four round trips whatever its size, straight to the driver: read them,
 * issue their links, send the emails, then complete the jobs with `notified_at` and the events in one transaction.
 */
async function sendDistinct(batch: { job: ClaimedJob; employeePk: string }[], ctx: JobContext): Promise<void> {
  const direct = fastSql(ctx.db);
  const rows = await runQuery(
    direct,
    qb
      .selectFrom("employee")
      .select((eb) => [...employeeColumns(eb), "integration_pk as integrationPk"])
      .where((eb) =>
        eb(
          "pk",
          "=",
          eb.fn.any(
            typed(
              batch.map((b) => b.employeePk),
              "uuid[]",
            ),
          ),
        ),
      ),
  );
  const integrations = new Map(
    (
      await runQuery(
        direct,
        qb
          .selectFrom("integration")
          .leftJoin("stored_file as logo", "logo.pk", "integration.logo_pk")
          .select([
            "integration.pk",
            "integration.name",
            "integration.account_pk as accountPk",
            "integration.environment",
            "logo.pk as logoPk",
            "logo.filename as logoFilename",
          ])
          .where((eb) => eb("integration.pk", "=", eb.fn.any(typed([...new Set(rows.map((r) => r.integrationPk))], "uuid[]")))),
      )
    ).map((i) => [i.pk, i]),
  );
  const employees = new Map(
    rows.flatMap((row) => {
      const integration = integrations.get(row.integrationPk);
      return integration ? [[row.pk, { ...row, integration }] as const] : [];
    }),
  );
  // Deleted since, or no address to write to: nothing to send, the job is done.
  const nothing = batch.filter((b) => !employees.get(b.employeePk)?.email).map((b) => b.job);
  const toSend = batch.flatMap((b) => {
    const employee = employees.get(b.employeePk);
    return employee?.email ? [{ ...b, employee, email: employee.email, token: crypto.randomBytes(32).toString("base64url") }] : [];
  });

  if (toSend.length)
    await issueLinks(
      ctx,
      toSend.map((s) => ({ employeePk: s.employeePk, token: s.token, owner: s.employee.integration })),
    );

  const sent: typeof toSend = [];
  await Promise.all(
    toSend.map(async (s) => {
      const link = claimLink(ctx, s.token);
      const { integration } = s.employee;
      const logo = integration.logoPk && integration.logoFilename ? { pk: integration.logoPk, filename: integration.logoFilename } : null;
      try {
        const email = await invitationEmail({
          locale: employeeLocale(s.employee),
          employer: { name: integration.name, logoUrl: fileUrl(ctx.publicUrl, logo) },
          name: s.employee.name,
          link,
          code: s.employee.invitationCode ?? "",
        });
        await ctx.mailer.send({ key: `invitation-${s.job.pk}`, to: s.email, ...email });
        sent.push(s);
      } catch (e) {
        await failJob(ctx.db, s.job, e, retryDelayMs(s.job.attempts, ctx.outbox.retryBaseMs), ctx.clock);
      }
    }),
  );

  // Each Employee is notified at its account's time (a demo account's demo clock); the jobs complete at the real time.
  const realNow = ctx.clock.now();
  const groups = new Map<number, { now: Date; jobs: ClaimedJob[]; sent: Sent[] }>([[0, { now: realNow, jobs: nothing, sent: [] }]]);
  for (const s of sent) {
    const clock = await clockFor(ctx.db, ctx.clock, s.employee.integration.accountPk, s.employee.integration.environment);
    const { offsetSeconds } = clockParts(clock);
    const group = groups.get(offsetSeconds) ?? { now: clock.now(), jobs: [], sent: [] };
    group.jobs.push(s.job);
    group.sent.push(s);
    groups.set(offsetSeconds, group);
  }
  await direct.transaction(async (run) => {
    for (const group of groups.values()) await completeSent(run, group, realNow);
  });
}

type Sent = { job: ClaimedJob; employeePk: string; employee: { integration: { pk: string; accountPk: string; environment: Environment } } };

/** Completes `group`'s jobs (still ours) and marks their Employees notified at `group.now`, with their events. */
async function completeSent(run: SqlRunner, group: { now: Date; jobs: ClaimedJob[]; sent: Sent[] }, realNow: Date): Promise<void> {
  const { now, sent } = group;
  if (group.jobs.length === 0) return;
  // The jobs still ours are completed, and their Employees marked notified, in one statement.
  const complete = new Statement();
  const mine = complete.with(completeJobsQuery(group.jobs, realNow));
  const notified = await complete.run(
    run,
    qb
      .updateTable("employee")
      .set({ notified_at: at(now) })
      .where("pk", "in", (eb) =>
        eb
          .selectFrom([mine.as("m"), rowsOf("sent", { job_pk: [sent.map((s) => s.job.pk), "text"], employee_pk: [sent.map((s) => s.employeePk), "uuid"] })])
          .select("sent.employee_pk")
          .whereRef("sent.job_pk", "=", "m.pk"),
      )
      .returning(employeeColumns),
  );
  if (notified.length === 0) return; // deleted while the emails went out, or taken over by another worker
  const integrationOf = new Map(sent.map((s) => [s.employeePk, s.employee.integration]));
  const events = new Statement();
  addEvents(
    events,
    notified.flatMap((row) => {
      const integration = integrationOf.get(row.pk);
      return integration
        ? [
            {
              name: "Employee.notified" as const,
              accountPk: integration.accountPk,
              environment: integration.environment,
              integrationPk: integration.pk,
              objectPk: row.pk,
              data: toEmployeeApi(row),
            },
          ]
        : [];
    }),
    now,
  );
  await events.run(run);
}
