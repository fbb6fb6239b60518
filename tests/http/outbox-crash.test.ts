/**
 * The outbox survives a worker killed mid-job: a real worker process is SIGKILLed while the SMTP server
 * holds its email and a webhook receiver holds its delivery; a second worker takes both jobs over when
 * the lease ends. The notification happens exactly once (one email accepted, notified_at set, one
 * Employee.notified event) and the webhook delivery is not lost (one successful delivery).
 */
import { SYSTEM_ACTOR } from "@/domain/audit/audit-record";
import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseOptions } from "@/db/database";
import { findOrCreateAccount } from "@/domain/accounts/account-service";
import { createEmployee } from "@/domain/employees/employee-create";
import { systemClock } from "@/domain/shared/clock";
import { createWebhook } from "@/domain/webhooks/webhook-service";
import { childProcessDatabase, TEST_DB } from "../support/test-app";
import { startReceiver } from "../support/webhook-receiver";
import { SELLER_ENV } from "../../scripts/seller-env.mjs";
import { ENCRYPTION_ENV } from "../../scripts/encryption-env.mjs";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/worker/main.ts"], {
    // Development setting, stated: the receiver is on 127.0.0.1 (production's default is "none").
    env: { ...process.env, LOG_LEVEL: "warn", OUTBOX_LEASE_SECONDS: "2", WEBHOOK_PRIVATE_TARGETS: "demo", ...SELLER_ENV, ...ENCRYPTION_ENV, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  cleanups.push(() => void child.kill("SIGKILL"));
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

describe("outbox worker killed mid-job", () => {
  it("the job is done exactly once afterwards", async () => {
    const database = await childProcessDatabase("payroute-crash-");
    cleanups.push(database.drop);
    const dbOptions: DatabaseOptions = database.options;
    const dbEnv = database.env;

    // A receiver that holds the first delivery forever.
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    let heldHook: () => void = () => undefined;
    const hookHeld = new Promise<void>((resolve) => (heldHook = resolve));
    receiver.respond = ({ index }) => {
      if (index > 0) return 200;
      heldHook();
      return "hang";
    };

    // An Employee whose invitation and webhook delivery wait in the outbox.
    const db = await openDatabase(dbOptions);
    const account = await findOrCreateAccount(db.prisma, "Crash AB");
    const integration = await db.prisma.integration.findFirstOrThrow({ where: { accountPk: account.pk, environment: "demo" } });
    const scope = { accountPk: account.pk, environment: "demo" as const, integrationPk: integration.pk, integrationId: integration.id };
    await createWebhook(db.prisma, scope, { url: `${receiver.url}/hook`, events: ["Employee.created"] }, "demo", { actor: SYSTEM_ACTOR, at: new Date() });
    await createEmployee(
      { db: db.prisma, scope, clock: systemClock, baseUrl: "http://payroute.test" },
      { name: "Kim Kvist", email: "kim@example.se", country: "SWE" },
    );
    await db.close(); // an embedded data folder is opened by one process at a time

    // An SMTP server that holds the first message forever and accepts the rest.
    let held: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (held = resolve));
    const accepted: string[] = [];
    let sessions = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString()));
        stream.on("end", () => {
          sessions += 1;
          if (sessions === 1) held();
          else {
            accepted.push(data);
            callback();
          }
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

    const first = startWorker({ ...dbEnv, SMTP_URL: smtpUrl, MAIL_FROM: "Payroute <no-reply@payroute.test>" });
    await Promise.all([firstHeld, hookHeld]);
    first.kill("SIGKILL");
    await exited(first);

    const second = startWorker({ ...dbEnv, SMTP_URL: smtpUrl, MAIL_FROM: "Payroute <no-reply@payroute.test>" });
    const deadline = Date.now() + 45_000;
    while ((accepted.length === 0 || receiver.received.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(accepted).toHaveLength(1);
    expect(receiver.received.map((r) => r.status)).toEqual([200]);
    // Let the worker commit, then stop it cleanly.
    let done = false;
    while (!done && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      if (TEST_DB === "pg") {
        const check = await openDatabase(dbOptions);
        done = (await check.prisma.outboxJob.count({ where: { completedAt: { not: null } } })) === 2;
        await check.close();
      } else done = true;
    }
    second.kill("SIGTERM");
    await exited(second);

    const after = await openDatabase(dbOptions);
    cleanups.unshift(() => after.close());
    const job = await after.prisma.outboxJob.findFirstOrThrow({ where: { kind: "employee.notify" } });
    expect(job.completedAt).not.toBeNull();
    expect(job.attempts).toBe(2);
    const employee = await after.prisma.employee.findFirstOrThrow({ where: { email: "kim@example.se" } });
    expect(employee.notifiedAt).not.toBeNull();
    expect(await after.prisma.event.count({ where: { objectPk: employee.pk, name: "Employee.notified" } })).toBe(1);
    expect(accepted[0]).toContain("To: kim@example.se");
    const delivery = await after.prisma.webhookDelivery.findFirstOrThrow({});
    expect(delivery.status).toBe("succeeded");
    // Only the second email's link works: the first one was revoked when the job ran again.
    expect(await after.prisma.magicLink.count({ where: { employeePk: employee.pk, expiresAt: { gt: new Date() } } })).toBe(1);
  }, 90_000);
});
