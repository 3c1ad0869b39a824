// PGlite has no lock between processes: two writers on one directory lose data (stack-notes
// "Database"). The server holds this lock file while it runs and refuses to start when a live
// process holds it.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Directories this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "server.lock");
  if (held.has(path.resolve(file))) {
    throw new DataDirLockedError(
      `The database in ${path.resolve(dir)} is already open in this process (${process.pid}); it can be opened once.`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      held.add(path.resolve(file));
      const release = () => {
        if (released) return;
        released = true;
        held.delete(path.resolve(file));
        rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, "utf8")) as typeof holder;
      } catch {
        // unreadable lock file: a crash while writing it; treat as stale
      }
      const sameHost = !holder.host || holder.host === hostname();
      if (holder.pid && holder.pid !== process.pid && sameHost && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The database in ${path.resolve(dir)} is in use by another server (process ${holder.pid}). ` +
            `Stop that server first, or start this one with a different DATA_DIR, or use DATABASE_URL.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dir)}.`);
}
