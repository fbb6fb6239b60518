/**
 * Idempotency-Key survives a crash: a real API process (tests/support/api-server.ts) gets a burst of keyed
 * POSTs (bulk creates of 10 Payouts and single Employee creates) through a proxy that delays its answers, and
 * is SIGKILLed as an answer leaves it, so at least one request's work is committed and its answer never
 * arrives; others are cut at whatever point they had reached. A fresh process on the same database then gets
 * every request again with its key: every object exists exactly once, an answered request's retry replays its
 * answer, and an unanswered one's retry gives the answer stored with its work, or does the work now (a second
 * retry replays it). On the embedded database the fresh process opens the data folder the killed one held.
 * (The earlier design, which stored the answer after the work's commit, failed this test on PostgreSQL in two
 * runs of three: a bulk of 10 Payouts created twice.)
 */
import { SYSTEM_ACTOR } from "@/domain/audit/audit-record";
import type { ChildProcess } from "node:child_process";
import net, { type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseOptions } from "@/db/database";
import { findOrCreateAccount } from "@/domain/accounts/account-service";
import { createApiKey } from "@/domain/api-keys/api-key-service";
import { createEmployee } from "@/domain/employees/employee-create";
import { systemClock } from "@/domain/shared/clock";
import { startApiServerProcess, type ApiServerProcess } from "../support/api-server-process";
import { childProcessDatabase } from "../support/test-app";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const INTEGRATION = "crash";
const PAYEES = ["payee-0", "payee-1", "payee-2"];
const BULK = 10;
const REQUESTS = 36;
const LANES = 6;

type Server = ApiServerProcess;

/** Starts the API process and waits for its `listening <port>` line; killed at the end. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await startApiServerProcess(env);
  cleanups.push(() => void server.child.kill("SIGKILL"));
  return server;
}

/**
 * A TCP proxy to `target` that passes each chunk of the server's answers on `ms` later, calling `onAnswer` as
 * it arrives; when the server's side closes, the client's connection is cut at once and what was still on its
 * way is lost. When `onAnswer` says the server is being killed, every connection is cut at once: on a busy
 * machine the proxy may notice the dead server's sockets close only after a delayed answer was passed on.
 */
async function delayingProxy(target: string, ms: number, onAnswer: () => boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let killed = false;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => {
      if (killed) return;
      if (onAnswer()) {
        killed = true;
        for (const s of sockets) s.destroy();
        return;
      }
      setTimeout(() => killed || client.destroyed || client.write(chunk), ms);
    });
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", cut).on("error", cut);
    upstream.on("close", cut).on("error", cut);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

/** One keyed request of the burst: a bulk of Payouts (even) or an Employee (odd), told apart by unique texts. */
function request(i: number): { idem: string; path: string; body: unknown } {
  if (i % 2 === 0) {
    const body = Array.from({ length: BULK }, (_, j) => ({
      employee: PAYEES[j % PAYEES.length],
      amount: "12.50",
      currency: "SEK",
      description: `bulk-${i}-${j}`,
    }));
    return { idem: `crash-${i}`, path: "/v2/payouts/", body };
  }
  return { idem: `crash-${i}`, path: "/v2/employees/", body: { name: `Person ${i}`, email: `person-${i}@crash.example`, country: "SWE" } };
}

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

async function send(url: string, key: string, i: number): Promise<Answer> {
  const { idem, path: p, body } = request(i);
  const res = await fetch(url + p, {
    method: "POST",
    headers: {
      Authorization: `Token ${key}`,
      "Integration-ID": INTEGRATION,
      "Idempotency-Key": idem,
      "Content-Type": "application/json",
      Accept: "application/json",
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text(), replayed: res.headers.get("idempotent-replayed") === "true" };
}

describe("Idempotency-Key across a server killed mid-burst", () => {
  it("every object exists once and every retry gets the first answer", async () => {
    const database = await childProcessDatabase("payroute-idem-crash-");
    cleanups.push(database.drop);
    const dbOptions: DatabaseOptions = database.options.driver === "pg" ? { ...database.options, poolSize: 2 } : database.options;
    const dbEnv = database.env;

    // An account with a key, its Integration and the Employees the Payouts name.
    const setup = await openDatabase(dbOptions);
    const account = await findOrCreateAccount(setup.prisma, "Crash Idem AB");
    const { key } = await createApiKey(setup.prisma, { accountPk: account.pk, environment: "demo", allowIps: [] }, { actor: SYSTEM_ACTOR, at: new Date() });
    const integration = await setup.prisma.integration.findFirstOrThrow({ where: { accountPk: account.pk, environment: "demo" } });
    await setup.prisma.integration.update({ where: { pk: integration.pk }, data: { id: INTEGRATION } });
    const scope = { accountPk: account.pk, environment: "demo" as const, integrationPk: integration.pk, integrationId: INTEGRATION };
    for (const id of PAYEES)
      await createEmployee(
        { db: setup.prisma, scope, clock: systemClock, baseUrl: "http://payroute.test" },
        { id, name: id, email: `${id}@crash.example`, country: "SWE" },
      );
    await setup.close(); // an embedded data folder is opened by one process at a time

    // The burst: LANES requests in flight at all times. Once a third have been answered, the process is killed
    // as the next answer leaves it: that request's work is committed and its answer never arrives.
    const first = await startServer(dbEnv);
    const answers = new Map<number, Answer>();
    const failures: unknown[] = [];
    let next = 0;
    let killed = false;
    const proxy = await delayingProxy(first.url, 100, () => {
      if (killed) return true;
      if (answers.size < REQUESTS / 3) return false;
      killed = true;
      first.child.kill("SIGKILL");
      return true;
    });
    cleanups.push(() => proxy.close());
    const lane = async () => {
      while (!killed && next < REQUESTS) {
        const i = next++;
        try {
          const a = await send(proxy.url, key, i);
          answers.set(i, a);
        } catch (e) {
          if (!killed) failures.push(e);
          return; // the connection died with the process
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    expect(failures).toEqual([]);
    expect(killed).toBe(true);
    await exited(first.child);
    expect(answers.size).toBeGreaterThan(0);
    expect(answers.size).toBeLessThan(REQUESTS);
    for (const a of answers.values()) expect(a.status).toBe(201);

    // A fresh process on the same data: every request again, with its key.
    const second = await startServer(dbEnv);
    const firstAnswers = new Map<number, Answer>();
    let committedUnanswered = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const retry = await send(second.url, key, i);
      const before = answers.get(i);
      if (before) {
        expect({ i, status: retry.status, body: retry.body, replayed: retry.replayed }).toEqual({
          i,
          status: before.status,
          body: before.body,
          replayed: true,
        });
        firstAnswers.set(i, before);
      } else {
        expect({ i, status: retry.status }).toEqual({ i, status: 201 });
        if (retry.replayed) committedUnanswered++;
        // Either its work had committed before the kill (a replay) or it never ran (done now): both are the stored answer.
        const again = await send(second.url, key, i);
        expect({ i, status: again.status, body: again.body, replayed: again.replayed }).toEqual({ i, status: retry.status, body: retry.body, replayed: true });
        firstAnswers.set(i, retry);
      }
    }
    // The case of the bug this guards against: work committed, answer never received, and the retry replays it.
    expect(committedUnanswered).toBeGreaterThan(0);
    second.child.kill("SIGTERM");
    await exited(second.child);

    // Every object exactly once, and the one its answer names.
    const after = await openDatabase(dbOptions);
    cleanups.unshift(() => after.close());
    for (let i = 0; i < REQUESTS; i++) {
      const answer = JSON.parse(firstAnswers.get(i)?.body ?? "null") as unknown;
      if (i % 2 === 0) {
        const payouts = await after.prisma.payout.findMany({ where: { description: { startsWith: `bulk-${i}-` } }, select: { id: true } });
        expect({ i, count: payouts.length }).toEqual({ i, count: BULK });
        const answered = Array.isArray(answer) ? answer.map((p: unknown) => (p && typeof p === "object" && "id" in p ? p.id : null)) : [];
        expect(new Set(answered)).toEqual(new Set(payouts.map((p) => p.id)));
      } else {
        const employees = await after.prisma.employee.findMany({ where: { email: `person-${i}@crash.example` }, select: { id: true } });
        expect({ i, ids: employees.map((e) => e.id) }).toEqual({ i, ids: [answer && typeof answer === "object" && "id" in answer ? answer.id : null] });
      }
    }
    expect(await after.prisma.payout.count()).toBe((REQUESTS / 2) * BULK);
    expect(await after.prisma.employee.count()).toBe(PAYEES.length + REQUESTS / 2);
    expect(await after.prisma.idempotencyRecord.count({ where: { status: null } })).toBe(0);
  }, 90_000);
});
