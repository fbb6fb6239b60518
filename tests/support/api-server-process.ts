/**
 * Starts tests/support/api-server.ts as a process of its own (an instance that shares only the database with the
 * test's app, or one a test may kill), and answers once it listens.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface ApiServerProcess {
  child: ChildProcess;
  url: string;
}

export async function startApiServerProcess(env: Record<string, string>): Promise<ApiServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-server.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\d+)/.exec(out);
      if (found) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`api-server exited (${code}) before listening`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
