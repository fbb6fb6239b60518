/**
 * One process at a time may open an embedded data folder: two PGlite instances on one folder corrupt it.
 * The lock is a file holding the owner's pid and command; a lock whose process is gone is stale and taken over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The data folder ${dir} is in use by process ${holder.pid} (${holder.command}) on ${holder.host}, ` +
        `since ${holder.since}. Stop that process first, or point DATABASE_URL at a PostgreSQL server ` +
        `to run several processes at once.`,
    );
    this.name = "DataDirLockedError";
  }
}

interface LockInfo {
  pid: number;
  host: string;
  command: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes the lock on `dir` for this process; returns the release function. Throws DataDirLockedError. */
export function lockDataDir(dir: string, command: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "payroute.lock");
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A process that opens and closes the folder many times (the bench, tests) keeps no listener per open.
        process.off("exit", release);
        const current = readLock(file);
        if (current?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = readLock(file);
      const sameHost = holder?.host === os.hostname();
      if (holder && (!sameHost || isAlive(holder.pid)) && holder.pid !== process.pid) {
        throw new DataDirLockedError(dir, holder);
      }
      // Stale (its process is gone) or unreadable (a writer died mid-write): remove and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
