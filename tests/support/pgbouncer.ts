/**
 * PgBouncer (Debian's `pgbouncer`) in transaction mode in front of the local PostgreSQL, as large deployments
 * run it: a client's statements may go to a different server connection after every transaction, so nothing
 * of a session (named prepared statements, session advisory locks, LISTEN) follows a client. Every database
 * of the server is reachable through it under its own name. Started by the http project's global setup
 * when TEST_DB=pgbouncer, and by `npm run multi-instance -- --pgbouncer`.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PgBouncer {
  /** postgresql://…@127.0.0.1:<port> (add "/<database>"). */
  url: string;
  stop(): Promise<void>;
}

const BINARY = "/usr/sbin/pgbouncer";

export function pgBouncerInstalled(): boolean {
  return fs.existsSync(BINARY);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts PgBouncer in front of `server` (host and port of PostgreSQL, user `postgres`, trust authentication). */
export async function startPgBouncer(server = { host: "127.0.0.1", port: 5432 }): Promise<PgBouncer> {
  if (!pgBouncerInstalled()) throw new Error(`${BINARY} is not installed (Debian package pgbouncer)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n');
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.host} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 2000",
      "default_pool_size = 10",
      // Test databases come and go: their server connections should not outlive them by long.
      "server_idle_timeout = 5",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root; it then switches to the postgres user, which must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["-R", "postgres", dir]);
  const child = spawn(BINARY, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 100 && !(await accepting(port)); i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}); see ${dir}/pgbouncer.log`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGINT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
