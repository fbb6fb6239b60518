/**
 * CPU time of processes on this machine, from /proc: a server's, and its PostgreSQL backends' (the same machine's
 * server), so that a measurement can say what a request cost besides how many were answered.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** A process's CPU time so far (user + system, all threads, µs); null once it has ended. */
export function processCpuUs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const admins = new Map<string, Promise<pg.Client>>();

/** CPU time so far of each backend of the PostgreSQL server at `server` connected to these databases, by pid. */
export async function backendCpuUs(server: string, databases: string[]): Promise<Map<number, number>> {
  let admin = admins.get(server);
  if (!admin) {
    const client = new pg.Client({ connectionString: `${server}/postgres` });
    admin = client.connect().then(() => client);
    admins.set(server, admin);
  }
  const { rows } = await (await admin).query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = ANY($1)", [databases]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const us = processCpuUs(pid);
    if (us !== null) out.set(pid, us);
  }
  return out;
}

/**
 * What those backends spent between two readings: a backend in both, its difference; one only in the second (it
 * connected meanwhile), all of its time. A backend that ended meanwhile, and autovacuum, are not counted.
 */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, us] of after) spent += us - (before.get(pid) ?? 0);
  return spent;
}
